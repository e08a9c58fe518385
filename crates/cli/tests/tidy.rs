//! Tidy rules of the project, checked on every Rust source file: it opens with a `//!` line
//! saying what it is for, and it stays under 800 lines (split by concept past that).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "node_modules") {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_opens_with_a_doc_line_and_stays_small() {
    let root = air_testkit::repo_root();
    let mut files = Vec::new();
    for dir in ["crates", "passes", "tools", "fuzz"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} Rust files", files.len());
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let shown = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        if !text.starts_with("//!") {
            problems.push(format!("{shown}: does not open with a `//!` line saying what it is for"));
        }
        let lines = text.lines().count();
        if lines > 800 {
            problems.push(format!("{shown}: {lines} lines; split it by concept"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

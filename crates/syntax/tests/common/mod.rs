//! Helpers shared by the syntax crate's integration tests.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The upstream corpus (`shared/corpus/mlir-air`): `$AIR_STITCH_CORPUS`, else the nearest
/// `shared/corpus/mlir-air` above the workspace, else `/work/shared/corpus/mlir-air`.
/// Under `CI=true` a missing corpus is a failure, elsewhere the caller skips.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("AIR_STITCH_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for ancestor in manifest.ancestors() {
        let candidate = ancestor.join("shared/corpus/mlir-air");
        if candidate.is_dir() {
            return Some(candidate);
        }
    }
    let fallback = PathBuf::from("/work/shared/corpus/mlir-air");
    if fallback.is_dir() {
        return Some(fallback);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("the mlir-air corpus was not found; set AIR_STITCH_CORPUS");
    }
    None
}

/// One corpus file with its manifest expectations.
pub struct CorpusFile {
    pub relpath: String,
    pub path: PathBuf,
    pub split: bool,
    pub valid: bool,
}

/// Every `.mlir` file under the corpus directory (sorted), with the manifest's flags; a file
/// the manifest does not list counts as valid and is split when it contains a marker.
pub fn corpus_files(dir: &Path) -> Vec<CorpusFile> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let mut flags = std::collections::BTreeMap::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() >= 5 {
            flags.insert(cols[0].to_string(), (cols[3] == "yes", cols[4] == "no"));
        }
    }
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                let relpath = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let (split, valid) =
                    flags.get(&relpath).copied().unwrap_or((text.contains(air_syntax::SPLIT_MARKER), true));
                files.push(CorpusFile { relpath, path, split, valid });
            }
        }
    }
    files.sort_by(|a, b| a.relpath.cmp(&b.relpath));
    files
}

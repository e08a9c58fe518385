//! The repository stands on its own: every relative link of its Markdown files and every
//! `docs/...` or bare `NAME.md` reference in its docs, code comments, manifests and scripts
//! resolves to a file of the repository, with its `#anchor` when it has one (GitHub's heading
//! slugs); nothing points at the shared folder's docs; no file names an absolute machine path.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_testkit::repo_root;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's own text: Markdown, Rust, TOML, shell scripts, the justfile and CI entry.
/// Not scanned: build output, the fuzzer's corpus, snapshots (program output) and the `.mlir`
/// test inputs (upstream's comments name upstream's files).
fn scanned_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), "target" | ".git" | "snapshots" | "corpus" | "artifacts")
                    || path.ends_with("testdata/corpus")
                {
                    stack.push(path);
                }
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "rs" | "toml" | "sh"))
                || matches!(name.as_str(), "justfile" | "run" | "LICENSE")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces to `-`; repeated headings get `-1`, `-2`, ...
fn slugs(markdown: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !fenced) else { continue };
        let title = heading.trim_start_matches('#').trim();
        let base: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut slug = base.clone();
        let mut n = 0;
        while seen.contains(&slug) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        seen.insert(slug);
    }
    seen
}

/// Checks `target` (a path relative to `base`, with an optional `#anchor`); `None` when it resolves.
fn unresolved(base: &Path, target: &str, current: &Path) -> Option<String> {
    let (path, anchor) = target.split_once('#').map_or((target, None), |(p, a)| (p, Some(a)));
    let file = if path.is_empty() { current.to_path_buf() } else { base.join(path) };
    if !file.exists() {
        return Some("no such file".to_string());
    }
    let anchor = anchor?;
    let text = std::fs::read_to_string(&file).ok()?;
    (!slugs(&text).contains(anchor)).then(|| format!("no heading with anchor #{anchor} in {path}"))
}

/// The `[text](target)` links of a Markdown text outside code blocks, with their line numbers.
fn markdown_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            links.push((index + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    links
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-' | '#')
}

/// Every path-like word that ends in `.md` (with an optional `#anchor`), with its line number.
fn md_mentions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for word in line.split(|c: char| !is_path_char(c)) {
            let word = word.trim_end_matches(['.', '#']);
            let path = word.split('#').next().unwrap_or("");
            if path.ends_with(".md") && path.len() > 3 {
                found.push((index + 1, word.to_string()));
            }
        }
    }
    found
}

#[test]
fn every_link_and_docs_reference_resolves() {
    let root = repo_root();
    let files = scanned_files(&root);
    assert!(files.len() > 100, "scanned only {} files", files.len());
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let shown = file.strip_prefix(&root).unwrap().display().to_string();
        let dir = file.parent().unwrap();
        if file.extension().is_some_and(|e| e == "md") {
            for (line, target) in markdown_links(&text) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                if let Some(why) = unresolved(dir, &target, file) {
                    problems.push(format!("{shown}:{line}: link ({target}): {why}"));
                }
            }
        }
        // This file's own test inputs are not references.
        let mentions = if file.ends_with("crates/cli/tests/doc_links.rs") { Vec::new() } else { md_mentions(&text) };
        for (line, mention) in mentions {
            let path = mention.split('#').next().unwrap_or("");
            if path.contains("shared/docs/") {
                problems.push(format!("{shown}:{line}: `{mention}` is outside the repository; use docs/"));
                continue;
            }
            // A longer path that is not the repository's (an upstream file) is not checked.
            let candidates: Vec<PathBuf> = if path.starts_with("docs/") {
                vec![root.clone()]
            } else if !path.contains('/') {
                vec![dir.to_path_buf(), root.join("docs"), root.clone()]
            } else {
                continue;
            };
            checked += 1;
            if candidates.iter().all(|base| unresolved(base, &mention, file).is_some()) {
                let why = unresolved(&candidates[0], &mention, file).unwrap_or_default();
                problems.push(format!("{shown}:{line}: `{mention}`: {why}"));
            }
        }
    }
    assert!(checked > 100, "only {checked} references checked");
    assert!(problems.is_empty(), "{} unresolved references:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn no_file_names_an_absolute_machine_path() {
    let root = repo_root();
    // Spelled in pieces, so that this file does not name them itself.
    let machine = ["work", "root", "home"].map(|dir| format!("/{dir}/"));
    let mut problems = Vec::new();
    for file in scanned_files(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (index, line) in text.lines().enumerate() {
            if let Some(path) = machine.iter().find(|m| line.contains(m.as_str())) {
                let shown = file.strip_prefix(&root).unwrap().display();
                problems.push(format!("{shown}:{}: names {path}...: {}", index + 1, line.trim()));
            }
        }
    }
    assert!(problems.is_empty(), "absolute machine paths:\n{}", problems.join("\n"));
}

#[test]
fn slugs_follow_github() {
    let text = "# `air-stitch check-bd` — the NPU resource lint\n## 5. AIR's own verifier (`--air-opt`)\n## Checks (all reported at once, each with file:line:col)\n## Rules\n## Rules\n```\n# not a heading\n```\n";
    let want = [
        "air-stitch-check-bd--the-npu-resource-lint",
        "5-airs-own-verifier---air-opt",
        "checks-all-reported-at-once-each-with-filelinecol",
        "rules",
        "rules-1",
    ];
    assert_eq!(slugs(text), want.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
    assert_eq!(
        markdown_links("see [a](b.md#c) and [d](https://e)\n```\n[x](y)\n```\n"),
        vec![(1, "b.md#c".to_string()), (1, "https://e".to_string())]
    );
    assert_eq!(
        md_mentions("see docs/merge.md#externs, design.md §2 and a/b/README.md."),
        vec![(1, "docs/merge.md#externs".to_string()), (1, "design.md".to_string()), (1, "a/b/README.md".to_string())]
    );
}

#[test]
fn the_license_file_is_the_license_cargo_toml_names() {
    let root = repo_root();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("\nlicense = \"MIT\"\n"), "Cargo.toml's workspace license is not MIT");
    let license = std::fs::read_to_string(root.join("LICENSE")).unwrap();
    assert!(license.starts_with("MIT License\n"), "LICENSE is not the MIT license");
    assert!(license.contains("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"));
    // Every member of the workspace takes its license.
    let members: Vec<&str> = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap()
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .collect();
    assert!(members.len() > 10, "the workspace's members were not read: {members:?}");
    for member in members {
        let text = std::fs::read_to_string(root.join(member).join("Cargo.toml")).unwrap();
        assert!(text.contains("license.workspace = true"), "{member} does not take the workspace license");
    }
}

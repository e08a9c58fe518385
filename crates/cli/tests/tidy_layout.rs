//! Tidy rules of the workspace's layout: every crate lives under `crates/` (tools aside) and is
//! named for its job; the crates depend on each other one way, as docs/architecture.md's table
//! says; no crate's modules import each other in a cycle; no subcommand of the CLI imports
//! another.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's members, from its Cargo.toml.
fn members() -> Vec<String> {
    let manifest = std::fs::read_to_string(air_testkit::repo_root().join("Cargo.toml")).unwrap();
    let list = manifest.split("members = [").nth(1).and_then(|rest| rest.split(']').next()).unwrap();
    list.split(',').map(|m| m.trim().trim_matches('"').to_string()).filter(|m| !m.is_empty()).collect()
}

/// A member's package name and its dependencies on other members (normal dependencies only).
fn package(member: &str) -> (String, BTreeSet<String>) {
    let text = std::fs::read_to_string(air_testkit::repo_root().join(member).join("Cargo.toml")).unwrap();
    let value: toml::Value = toml::from_str(&text).unwrap();
    let name = value["package"]["name"].as_str().unwrap().to_string();
    let deps = value
        .get("dependencies")
        .and_then(|d| d.as_table())
        .map(|table| table.keys().filter(|k| k.starts_with("air-") || *k == "xrt-sys").cloned().collect())
        .unwrap_or_default();
    (name, deps)
}

/// Every crate and the workspace crates it may depend on, in the order of docs/architecture.md's
/// table ("Crates and what they may depend on"): a row's package is the `(`air-...`)` of its
/// first column; its workspace dependencies are the last column before any `;` (after any
/// `:`), short names (`model` is `air-model`), `(optional)` and `—` (none) allowed.
fn allowed() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(air_testkit::repo_root().join("docs/architecture.md")).unwrap();
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("| `crates/") || l.starts_with("| `tools/")) {
        let columns: Vec<&str> = line.split('|').collect();
        let Some(package) = columns[1].split("(`").nth(1).and_then(|rest| rest.split("`)").next()) else {
            panic!("docs/architecture.md: no (`package`) in the row {line}");
        };
        let deps = columns[columns.len() - 2].split(';').next().unwrap_or("");
        let deps = deps.rsplit(':').next().unwrap_or(deps);
        let deps = deps
            .split(',')
            .map(|d| d.trim().trim_end_matches("(optional)").trim())
            .filter(|d| !d.is_empty() && !d.starts_with('—'))
            .map(|d| if d == "xrt-sys" { d.to_string() } else { format!("air-{d}") })
            .collect();
        rows.push((package.to_string(), deps));
    }
    assert!(rows.len() > 15, "docs/architecture.md's crate table has only {} rows", rows.len());
    rows
}

#[test]
fn every_crate_lives_under_crates_and_is_named_for_its_job() {
    let architecture = std::fs::read_to_string(air_testkit::repo_root().join("docs/architecture.md")).unwrap();
    let readme = std::fs::read_to_string(air_testkit::repo_root().join("README.md")).unwrap();
    let table = allowed();
    let mut problems = Vec::new();
    for member in members() {
        if !(member.starts_with("crates/") || member.starts_with("tools/")) {
            problems.push(format!("{member}: a crate outside crates/ (tools aside)"));
        }
        let (name, _) = package(&member);
        if !table.iter().any(|(row, _)| *row == name) {
            problems.push(format!("{member} ({name}): no row of docs/architecture.md's crate table names it"));
        }
        if !architecture.contains(&format!("`{member}`")) && !architecture.contains(&format!("`{member}`,")) {
            problems.push(format!("{member}: docs/architecture.md's crate table does not name it"));
        }
        if member.starts_with("crates/") && !readme.contains(&format!("\n{member} ")) {
            problems.push(format!("{member}: README.md's layout does not name it"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn crates_depend_on_each_other_one_way() {
    let table = allowed();
    let rows: BTreeMap<&str, &Vec<String>> = table.iter().map(|(name, deps)| (name.as_str(), deps)).collect();
    let mut problems = Vec::new();
    for member in members() {
        let (name, deps) = package(&member);
        let Some(may) = rows.get(name.as_str()) else { continue };
        for dep in deps {
            if !may.contains(&dep) {
                problems.push(format!("{name} depends on {dep}: not in its row of docs/architecture.md's table"));
            }
        }
    }
    // The table itself points one way: a crate may only depend on crates listed before it.
    let order: Vec<&str> = table.iter().map(|(name, _)| name.as_str()).collect();
    for (idx, (name, deps)) in table.iter().enumerate() {
        for dep in deps {
            if order.iter().position(|o| o == dep).is_none_or(|at| at >= idx) {
                problems.push(format!("{name} may depend on {dep}, which its table does not list before it"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A source file's module path inside its crate: `src/a/mod.rs` and `src/a.rs` are `[a]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    let is_root = parts.is_empty() && matches!(stem, "lib" | "main");
    if stem != "mod" && !is_root {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file that is compiled outside tests, without comment lines.
fn production_code(text: &str) -> String {
    text.lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names through `crate::`, `super::` and `self::` (use groups expanded one
/// level), as module-path segments from the crate root.
fn referenced_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    for anchor in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(anchor) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b':') {
                continue;
            }
            // The module the anchor names: the crate root, this file's parent, this module.
            let mut base: Vec<String> = match anchor {
                "crate::" => Vec::new(),
                "self::" => here.to_vec(),
                _ => {
                    // `super` of module a::b (`a/b.rs` or `a/b/mod.rs`) is `a`.
                    let mut parent = here.to_vec();
                    parent.pop();
                    parent
                }
            };
            let mut rest = &code[at + anchor.len()..];
            // Further `super::` segments.
            while let Some(more) = rest.strip_prefix("super::") {
                base.pop();
                rest = more;
            }
            for path in expand(rest) {
                let mut full = base.clone();
                full.extend(path);
                out.push(full);
            }
        }
    }
    out
}

/// `a::b::C`, or `{a::b, c}` expanded, as segment lists (lowercase segments only: modules).
fn expand(rest: &str) -> Vec<Vec<String>> {
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut items = Vec::new();
        let mut start = 0;
        for (idx, ch) in group.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    items.push(&group[start..idx]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&group[start..idx]);
                    start = idx + 1;
                }
                _ => {}
            }
        }
        return items.iter().flat_map(|item| expand(item.trim())).collect();
    }
    // Segments up to the first that is not a plain module name followed by `::`.
    let mut segments = Vec::new();
    for piece in rest.split("::") {
        let ident: String = piece.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if ident.is_empty() || !ident.starts_with(|c: char| c.is_ascii_lowercase()) {
            break;
        }
        let whole = ident.len() == piece.len();
        segments.push(ident);
        if !whole {
            break;
        }
    }
    vec![segments]
}

/// Every module import cycle of the crate at `src`: parents naming their children (module
/// declarations, re-exports) are not imports; anything else is.
fn module_cycles(src: &Path) -> Vec<Vec<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files.iter().map(|f| (module_of(src, f), f.clone())).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap();
        for path in referenced_paths(&production_code(&text), module) {
            // The longest prefix that is a module of its own file.
            let target = (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| modules.contains_key(p));
            let Some(target) = target else { continue };
            if target == *module || target.starts_with(module) {
                continue;
            }
            edges.entry(module.clone()).or_default().insert(target);
        }
    }
    strongly_connected(&modules.keys().cloned().collect::<Vec<_>>(), &edges)
}

/// The strongly connected components with more than one module (Tarjan's algorithm).
fn strongly_connected(nodes: &[Vec<String>], edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<Vec<String>, usize>,
        low: BTreeMap<Vec<String>, usize>,
        stack: Vec<Vec<String>>,
        on_stack: BTreeSet<Vec<String>>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit(s: &mut State<'_>, node: &Vec<String>) {
        s.index.insert(node.clone(), s.next);
        s.low.insert(node.clone(), s.next);
        s.next += 1;
        s.stack.push(node.clone());
        s.on_stack.insert(node.clone());
        for next in s.edges.get(node).cloned().unwrap_or_default() {
            if !s.index.contains_key(&next) {
                visit(s, &next);
                let low = s.low[node].min(s.low[&next]);
                s.low.insert(node.clone(), low);
            } else if s.on_stack.contains(&next) {
                let low = s.low[node].min(s.index[&next]);
                s.low.insert(node.clone(), low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut component = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(&top);
                let done = top == *node;
                component.push(if top.is_empty() { "crate".to_string() } else { top.join("::") });
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for node in nodes {
        if !state.index.contains_key(node) {
            visit(&mut state, node);
        }
    }
    state.out
}

#[test]
fn no_crate_has_a_module_import_cycle() {
    let root = air_testkit::repo_root();
    let mut problems = Vec::new();
    for member in members() {
        for cycle in module_cycles(&root.join(&member).join("src")) {
            problems.push(format!("{member}: modules import each other: {}", cycle.join(" ↔ ")));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_subcommand_imports_another() {
    let src = air_testkit::repo_root().join("crates/cli/src");
    let mut files = Vec::new();
    rust_files(&src.join("cmd"), &mut files);
    let mut problems = Vec::new();
    for file in files {
        let module = module_of(&src, &file);
        let Some(command) = module.get(1) else { continue };
        let text = std::fs::read_to_string(&file).unwrap();
        for path in referenced_paths(&production_code(&text), &module) {
            if path.first().is_some_and(|p| p == "cmd") && path.get(1).is_some_and(|other| other != command) {
                problems.push(format!(
                    "{}: subcommand `{command}` imports `{}`",
                    file.strip_prefix(&src).unwrap().display(),
                    path.join("::")
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_cycle_finder_sees_a_cycle_between_siblings_and_not_a_parent_naming_its_children() {
    let dir = std::env::temp_dir().join(format!("air-stitch-tidy-cycles-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("p")).unwrap();
    let files = [
        ("lib.rs", "//! root\nmod a;\nmod b;\nmod p;\npub use a::A;\n"),
        ("a.rs", "//! a\nuse crate::b::B;\npub struct A;\n"),
        ("b.rs", "//! b\nuse crate::{a::A, p};\npub struct B;\n"),
        ("p/mod.rs", "//! parent\nmod c;\npub use c::C;\npub struct P;\n"),
        ("p/c.rs", "//! child\nuse super::P;\n// use crate::p::c::C; a comment\npub struct C;\n"),
    ];
    for (path, text) in files {
        std::fs::write(src.join(path), text).unwrap();
    }
    let cycles = module_cycles(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(cycles, vec![vec!["a".to_string(), "b".to_string()]]);
}

//! Tidy rules of the project, checked on every Rust source file: it opens with a `//!` line
//! saying what it is for, and it stays under 800 lines (split by concept past that); each
//! shared syntax query (value types, `compact`, top-level splitting, indentation, terminators,
//! `UNDOTTED_OPS`, the op enums) is defined once, in air-syntax, and AIR's op names are spelled
//! only by `air_syntax::air_ops`.
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
    for dir in ["crates", "tools", "fuzz"] {
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

/// Repository-relative paths of the Rust sources the one-definition rules read, with the text
/// they check: production code only (no `tests/`, `benches/` or `examples/` directory, nothing
/// from a file's `#[cfg(test)]` on, no comment lines), where test inputs and prose cannot hide a
/// second definition or a stray literal.
fn production_sources() -> Vec<(String, String)> {
    let root = air_testkit::repo_root();
    let mut files = Vec::new();
    for dir in ["crates", "tools", "fuzz"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut out = Vec::new();
    for file in files {
        let shown = file.strip_prefix(&root).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        if shown.split('/').any(|part| matches!(part, "tests" | "benches" | "examples")) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let code: Vec<&str> = text
            .lines()
            .take_while(|line| line.trim() != "#[cfg(test)]")
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect();
        out.push((shown, code.join("\n")));
    }
    assert!(out.len() > 50, "found only {} production Rust files", out.len());
    out
}

/// Whether `code` holds `needle` not followed by an identifier character (so `enum AirOp`
/// is not `enum AirOptExit`).
fn holds(code: &str, needle: &str) -> bool {
    code.match_indices(needle).any(|(at, _)| {
        let last = needle.chars().last().unwrap_or(' ');
        let next = code[at + needle.len()..].chars().next().unwrap_or(' ');
        !(last.is_alphanumeric() || last == '_') || !(next.is_alphanumeric() || next == '_')
    })
}

/// Each shared syntax query (and each name below) has one home: what is searched (a word, so
/// `fn compact` is not `fn compact_cow`), and the path prefixes that may hold it.
const ONE_HOME: &[(&str, &[&str])] = &[
    // Reading ops as text: air_syntax::views::text.
    ("fn compact", &["crates/syntax/src/views/text.rs"]),
    ("fn compact_cow", &["crates/syntax/src/views/text.rs"]),
    ("fn compact_elements", &["crates/syntax/src/views/text.rs"]),
    ("fn compact_elements_cow", &["crates/syntax/src/views/text.rs"]),
    ("fn collapse_whitespace", &["crates/syntax/src/views/text.rs"]),
    // ... and its body written out inline.
    ("split_whitespace().collect::<Vec<_>>().join(\" \")", &["crates/syntax/src/views/text.rs"]),
    ("fn op_elements", &["crates/syntax/src/views/text.rs"]),
    ("fn after_last_colon", &["crates/syntax/src/views/text.rs"]),
    ("fn last_type_of", &["crates/syntax/src/views/text.rs"]),
    ("fn split_commas", &["crates/syntax/src/views/text.rs"]),
    ("fn split_top_level", &["crates/syntax/src/views/text.rs"]),
    ("fn split_types", &[]),
    ("fn line_prefix", &["crates/syntax/src/views/text.rs"]),
    ("fn indentation", &["crates/syntax/src/views/text.rs"]),
    ("fn indentation_of", &[]),
    ("fn quote_string", &["crates/syntax/src/views/attr.rs"]),
    // Terminators and op names: air_syntax::air_ops, Op::is_func_return, views::UNDOTTED_OPS.
    ("fn is_terminator", &[]),
    ("fn is_named_terminator", &["crates/syntax/src/air_ops.rs"]),
    ("fn is_func_return", &["crates/syntax/src/views/mod.rs"]),
    ("UNDOTTED_OPS:", &["crates/syntax/src/views/mod.rs"]),
    ("enum AirOp", &["crates/syntax/src/air_ops.rs"]),
    ("enum HierarchyKind", &["crates/syntax/src/air_ops.rs"]),
    // The type of a value: air_syntax::views::value_types.
    ("TOKEN_TYPE:", &["crates/syntax/src/views/value_types/mod.rs"]),
    ("UNIVERSE_TYPE:", &["crates/syntax/src/views/value_types/mod.rs"]),
    ("fn type_of_use", &["crates/syntax/src/views/value_types/mod.rs"]),
    ("fn op_result_type", &["crates/syntax/src/views/value_types/mod.rs"]),
    ("fn printed_def_type", &["crates/syntax/src/views/value_types/printed.rs"]),
    ("fn printed_result_types", &["crates/syntax/src/views/value_types/printed.rs"]),
    ("fn def_type", &[]),
    ("fn op_result_types", &[]),
    ("fn is_l3_alloc", &["crates/syntax/src/views/value_types/printed.rs"]),
    ("fn is_l3_dealloc", &["crates/syntax/src/views/value_types/printed.rs"]),
    ("fn is_plain_l3_alloc", &["crates/syntax/src/views/value_types/printed.rs"]),
    ("fn matching_paren", &["crates/syntax/src/views/value_types/printed.rs"]),
    // Definitions and uses are read through DefId (Scopes::def, resolutions, def_id_of_use).
    ("scopes.uses", &["crates/syntax/src/"]),
    ("scopes.defs[", &["crates/syntax/src/"]),
    // One meaning per name: `Cx` is a run's shared state; the file registry is SourceMap.
    ("struct Ctx", &[]),
    ("struct SourceMap", &["crates/diagnostics/src/source_map.rs"]),
    ("fn reindent", &["crates/merge/src/assemble.rs"]),
    // Issue 23: one home for each of these.
    ("fn on_path", &["crates/cli/src/process.rs"]),
    ("fn on_path_of", &["crates/cli/src/process.rs"]),
    ("fn is_executable", &["crates/cli/src/process.rs"]),
    ("fn executable", &[]),
    ("fn exit_of", &["crates/cli/src/process.rs"]),
    ("fn same_file", &["crates/cli/src/common.rs"]),
    ("fn row_major", &[]),
    ("fn row_major_strides", &["crates/syntax/src/views/types.rs", "tools/kernelgen/src/"]),
    ("strip_prefix(\"strided<", &["crates/syntax/src/views/types.rs"]),
    ("fn dense_i64_array", &["crates/syntax/src/views/attr.rs"]),
    ("fn attr_int_array", &["crates/syntax/src/views/attr.rs"]),
    ("fn name_range", &["crates/syntax/src/views/ranges.rs"]),
    ("fn op_range", &[]),
    ("fn located", &["crates/diagnostics/src/location.rs"]),
    ("type Loc", &["crates/diagnostics/src/location.rs"]),
    // The one plan writer: air_merge::plan::write.
    ("toml::Value::String", &["crates/merge/src/plan/write.rs"]),
    ("\\n[[slice]]", &["crates/merge/src/plan/write.rs"]),
    ("fn sequential_high_water", &["crates/checkbd/src/check/allocation.rs"]),
    // The one walker of memref view chains: air_model::view_chain.
    (
        "\"memref.reinterpret_cast\" =>",
        &["crates/dataflow/src/arg_offsets.rs", "crates/check-merge/src/alias_views.rs"],
    ),
    ("fn resolve_root", &["crates/model/src/program/build.rs"]),
    ("MAX_CHAIN", &[]),
    ("VIEW_OPS:", &["crates/model/src/view_chain.rs"]),
];

/// Files allowed to keep a copy of an `ONE_HOME` entry: (the entry, the file). Empty: every
/// crate, `crates/merge/src` included, uses the air-syntax queries; the test fails on an entry that is
/// no longer needed, so this list can only shrink.
const PASSES_NOT_YET: &[(&str, &str)] = &[];

#[test]
fn each_shared_syntax_query_has_one_definition() {
    let sources = production_sources();
    let mut problems = Vec::new();
    let mut used_exceptions = vec![false; PASSES_NOT_YET.len()];
    for &(needle, homes) in ONE_HOME {
        let holders: Vec<&str> =
            sources.iter().filter(|(_, code)| holds(code, needle)).map(|(path, _)| path.as_str()).collect();
        for &path in &holders {
            if homes.iter().any(|home| path.starts_with(home)) {
                continue;
            }
            match PASSES_NOT_YET.iter().position(|&(n, file)| n == needle && file == path) {
                Some(idx) => used_exceptions[idx] = true,
                None => problems.push(format!(
                    "{path}: `{needle}` belongs in {}",
                    if homes.is_empty() { "no file (use the air-syntax query)".to_string() } else { homes.join(", ") }
                )),
            }
        }
        for home in homes.iter().filter(|home| !home.ends_with('/')) {
            if !holders.contains(home) {
                problems.push(format!("{home}: the home of `{needle}` no longer holds it; update ONE_HOME"));
            }
        }
    }
    for (&(needle, file), used) in PASSES_NOT_YET.iter().zip(used_exceptions) {
        if !used {
            problems.push(format!("{file} no longer holds `{needle}`: remove it from PASSES_NOT_YET"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Files that may spell AIR op names as string literals: kernelgen, a text generator that
/// depends on no air-stitch crate.
const OP_NAME_LITERALS_ALLOWED: &[&str] = &["tools/kernelgen/src/ops.rs"];

#[test]
fn air_op_names_are_spelled_once() {
    use air_syntax::air_ops::{self, AirOp};
    let mut names: Vec<&str> = AirOp::ALL.iter().map(|op| op.name()).collect();
    names.extend([air_ops::PIPELINE_PREFIX, air_ops::PIPELINE_STAGE]);
    let sources = production_sources();
    let mut problems = Vec::new();
    let mut allowed_used = vec![false; OP_NAME_LITERALS_ALLOWED.len()];
    for (path, code) in &sources {
        if path == "crates/syntax/src/air_ops.rs" {
            continue;
        }
        // `"air.herd"` as a literal; `\"air.herd\"` inside a string of MLIR text is not one.
        let found: Vec<&str> = names
            .iter()
            .copied()
            .filter(|name| {
                let literal = format!("\"{name}\"");
                code.match_indices(&literal).any(|(at, _)| !code[..at].ends_with('\\'))
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        match OP_NAME_LITERALS_ALLOWED.iter().position(|allowed| allowed == path) {
            Some(idx) => allowed_used[idx] = true,
            None => problems.push(format!(
                "{path}: spells {} as a literal; use the constants of air_syntax::air_ops",
                found.iter().map(|n| format!("`\"{n}\"`")).collect::<Vec<_>>().join(", ")
            )),
        }
    }
    for (allowed, used) in OP_NAME_LITERALS_ALLOWED.iter().zip(allowed_used) {
        if !used {
            problems.push(format!("{allowed} spells no op name any more: remove it from OP_NAME_LITERALS_ALLOWED"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Files that may spell AIR's attribute names as string literals: kernelgen, a text generator
/// that depends on no air-stitch crate.
const ATTR_NAME_LITERALS_ALLOWED: &[&str] = &["tools/kernelgen/src/"];

#[test]
fn attribute_names_are_spelled_once() {
    let mut problems = Vec::new();
    for (path, code) in production_sources() {
        if path == "crates/syntax/src/air_attrs.rs" || ATTR_NAME_LITERALS_ALLOWED.iter().any(|a| path.starts_with(a)) {
            continue;
        }
        let found: Vec<&str> = air_syntax::air_attrs::ALL
            .iter()
            .copied()
            .filter(|name| {
                let literal = format!("\"{name}\"");
                code.match_indices(&literal).any(|(at, _)| !code[..at].ends_with('\\'))
            })
            .collect();
        if !found.is_empty() {
            problems.push(format!("{path}: spells {found:?} as a literal; use the constants of air_syntax::air_attrs"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// check-bd's checks compute facts and `render/` alone words them (crates/checkbd/src/facts):
/// no check builds a diagnostic, names a rule's text or holds a string literal of prose.
#[test]
fn check_bd_checks_build_no_text() {
    let mut problems = Vec::new();
    for (path, code) in production_sources() {
        if !path.starts_with("crates/checkbd/src/check/") {
            continue;
        }
        for needle in ["Diagnostic", "Finding", "render::", "rules::", "fmt_bytes"] {
            if code.contains(needle) {
                problems.push(format!("{path}: uses `{needle}`; report a fact (crate::facts) and word it in render/"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// docs/architecture.md names files and folders so they can be found: each must exist.
#[test]
fn the_architecture_document_names_files_that_exist() {
    let root = air_testkit::repo_root();
    let text = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let mut missing = Vec::new();
    let mut named = 0;
    for piece in text.split('`').skip(1).step_by(2) {
        let is_path =
            ["crates/", "tools/", "docs/", "testdata/", "snapshots/"].iter().any(|prefix| piece.starts_with(prefix))
                && !piece.contains(' ');
        if !is_path {
            continue;
        }
        named += 1;
        if !root.join(piece.trim_end_matches('/')).exists() {
            missing.push(piece.to_string());
        }
    }
    assert!(named > 10, "docs/architecture.md names only {named} paths");
    assert!(missing.is_empty(), "docs/architecture.md names paths that do not exist: {missing:?}");
}

/// The functions of the merge pipeline stay short (issue 9: about 100 lines at most), so its
/// phases read as steps. A function runs from its `fn` line to the `}` at the same indentation.
#[test]
fn merge_pipeline_functions_are_short() {
    const MAX_LINES: usize = 100;
    let mut long = Vec::new();
    for (path, code) in production_sources().iter().filter(|(path, _)| path.starts_with("crates/merge/src/")) {
        let lines: Vec<&str> = code.lines().collect();
        for (start, line) in lines.iter().enumerate() {
            let body = line.trim_start();
            let indent = line.len() - body.len();
            let is_fn = ["fn ", "pub fn ", "pub(crate) fn ", "pub(super) fn "].iter().any(|p| body.starts_with(p));
            if !is_fn || line.trim_end().ends_with(';') {
                continue;
            }
            let close = format!("{}}}", " ".repeat(indent));
            let Some(end) = lines[start..].iter().position(|l| l.trim_end() == close) else { continue };
            if end + 1 > MAX_LINES {
                long.push(format!("{path}:{}: {} lines", start + 1, end + 1));
            }
        }
    }
    assert!(long.is_empty(), "functions over {MAX_LINES} lines in crates/merge/src: {long:?}");
}

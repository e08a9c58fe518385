//! Helpers shared by the kernelgen tests: the case files, the "parses cleanly" check and
//! counting ops.
// Each test binary uses a subset of these helpers.
#![allow(dead_code)]

use std::path::PathBuf;

/// The data-driven cases, `tests/cases/*.args`, sorted.
pub fn case_files() -> Vec<PathBuf> {
    air_testkit::sorted_files(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases"), "args")
}

/// The command line of a case file: `#` comments and blank lines dropped, words split on
/// whitespace.
pub fn words(text: &str) -> Vec<String> {
    let mut words = vec!["kernelgen".to_string()];
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        words.extend(line.split_whitespace().map(str::to_string));
    }
    words
}

/// `Ok` when `text` parses with no syntax error and every SSA use resolves; otherwise the
/// messages, for the assertion.
pub fn parse_clean(text: &str) -> Result<(), String> {
    let parse = air_syntax::parse(text);
    let mut problems: Vec<String> = parse.errors.iter().map(|d| d.message.clone()).collect();
    problems.extend(parse.scopes.errors.iter().map(|d| d.message.clone()));
    let unresolved = parse.scopes.unresolved_count();
    if unresolved > 0 {
        problems.push(format!("{unresolved} unresolved value use(s)"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Counts ops named `name` (as a whole word at the start of an op).
pub fn count_ops(text: &str, name: &str) -> usize {
    text.lines().filter(|line| line.trim_start().starts_with(&format!("{name} "))).count()
}

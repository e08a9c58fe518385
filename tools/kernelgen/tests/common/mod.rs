//! Helpers shared by the kernelgen tests: the "parses cleanly" check and counting ops.
// Each test binary uses a subset of these helpers.
#![allow(dead_code)]

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

//! Parser structure tests, data-driven: every `.mlir` file under `tests/parser/` is parsed and
//! its tree dump, syntax errors and SSA scope resolution are compared with a snapshot in
//! `snapshots/syntax/` (adding a file adds a test). Each file shows one structure; its name says
//! which. Every case must also print back byte for byte.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_diagnostics::LineIndex;
use air_syntax::parse;

/// The whole observable result of parsing `text`, as one readable string.
pub fn describe_parse(text: &str) -> String {
    let parsed = parse(text);
    assert_eq!(parsed.tree.print(), text, "the tree must print back the input");
    let lines = LineIndex::new(text);
    let mut out = String::new();
    out.push_str("--- tree ---\n");
    out.push_str(&parsed.tree.debug_dump());
    out.push_str("--- syntax errors ---\n");
    if parsed.errors.is_empty() {
        out.push_str("(none)\n");
    }
    for error in &parsed.errors {
        let start = error.primary.as_ref().map(|l| l.range.start).unwrap_or(0);
        let lc = lines.line_col(start, text);
        out.push_str(&format!("{} {}:{} {}\n", error.code, lc.line, lc.col, error.message));
    }
    out.push_str("--- scopes ---\n");
    out.push_str(&parsed.scopes.debug_dump(&parsed.tree));
    out
}

#[test]
fn parser_cases_match_their_snapshots() {
    insta::glob!("parser/*.mlir", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        insta::with_settings!({
            snapshot_path => "../../../snapshots/syntax",
            prepend_module_to_snapshot => false,
            input_file => path,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(describe_parse(&text));
        });
    });
}

#[test]
fn an_unknown_op_never_makes_an_undefined_value_look_defined() {
    // `foo.bind %x = %m { ... }` looks like a binder, but the parser does not know `foo.bind`,
    // so `%x` stays a use everywhere and every use of it is unresolved.
    let text = "func.func @f(%m: index) {\n  foo.bind %x = %m {\n    \"test.use\"(%x) : (index) -> ()\n  }\n  \"test.use\"(%x) : (index) -> ()\n  return\n}\n";
    let parsed = parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let unresolved: Vec<&str> = parsed
        .scopes
        .resolutions()
        .filter(|(_, def)| def.is_none())
        .map(|(node, _)| parsed.tree.node(node).text())
        .collect();
    assert_eq!(unresolved, ["%x", "%x", "%x"]);
    let defined: Vec<&str> = parsed.scopes.defs.iter().map(|def| parsed.tree.token(def.token).text()).collect();
    assert_eq!(defined, ["%m"]);
}

#[test]
fn an_op_whose_results_are_missing_before_its_equals_is_the_same_error_at_every_level() {
    let line = "= arith.constant 1 : index";
    let texts = [
        format!("{line}\n"),
        format!("%c0 = arith.constant 0 : index\n{line}\n"),
        format!("module {{\n  {line}\n}}\n"),
        format!("module {{\n  %c0 = arith.constant 0 : index\n  {line}\n}}\n"),
        format!("func.func @f() {{\n  {line}\n  return\n}}\n"),
        format!("func.func @f() {{\n  %c0 = arith.constant 0 : index\n  {line}\n  return\n}}\n"),
        format!("func.func @f() {{\n  \"test.op\"() : () -> ()\n  {line}\n  return\n}}\n"),
    ];
    for text in &texts {
        let parsed = parse(text);
        assert_eq!(parsed.tree.print(), *text);
        let errors: Vec<(&str, String, u32)> = parsed
            .errors
            .iter()
            .map(|e| (e.code, e.message.clone(), e.primary.as_ref().map(|l| l.range.start).unwrap_or(0)))
            .collect();
        let at = text.find(line).unwrap() as u32;
        assert_eq!(errors, [("AS0110", "expected the op's results before `=`".to_string(), at)], "{text}");
    }
}

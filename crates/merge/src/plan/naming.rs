//! The one home of the names a user gives that end up in the merged module: slice prefixes,
//! buffer and layer names (plain identifiers, glued into SSA names and symbols), and the
//! combined function's name (an MLIR symbol of its own, from a plan's `[func] name`, `merge
//! --name`, or a layer's name and a group number).
//!
//! A function name is read as MLIR's parser reads what follows `@`: a bare identifier
//! (`[a-zA-Z_][a-zA-Z0-9_$.]*`) or a string literal, written with its quotes (`"decode-q"`).
//! The name is kept as its value (`decode-q`, without quotes or escapes), which is how the
//! parser's views name functions ([`air_syntax::views::symbol_name`]), and printed back by
//! [`symbol_ref`], quoted when it has to be.

use crate::codes;
use crate::plan::{located, Loc};
use air_diagnostics::Diagnostic;
use air_syntax::views::{quote_string, symbol_name};
use air_syntax::SyntaxKind;

/// Whether `name` is a plain identifier: letters, digits and `_`, not starting with a digit.
/// Prefixes, buffer names and layer names must be: they are glued into SSA names (`%q_0`, where
/// `$` and `.` are fine but a leading digit is not) and symbols (`@q_seg`, where `-` is not).
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The prefix a file stem gives: other characters become `_`, and a leading digit gets a `_`
/// in front (an SSA name `%1_x` would lex as `%1` then `_x`).
pub fn prefix_from_stem(stem: &str) -> String {
    let mut prefix: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if prefix.is_empty() || prefix.starts_with(|c: char| c.is_ascii_digit()) {
        prefix.insert(0, '_');
    }
    prefix
}

/// Whether `value` can follow `@` unquoted (MLIR's bare identifier).
fn is_bare_symbol(value: &str) -> bool {
    let mut chars = value.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// The symbol reference of a function named `value`: `@decode_q`, or `@"decode-q"` (escaped as
/// MLIR prints strings) when the value is not a bare identifier.
pub fn symbol_ref(value: &str) -> String {
    if is_bare_symbol(value) {
        format!("@{value}")
    } else {
        format!("@{}", quote_string(value))
    }
}

/// Why a written function name is not an MLIR symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSymbolName {
    /// What is wrong, in a diagnostic's words (lower case, no full stop).
    pub problem: String,
    /// A bare identifier close to what was written (`decode_q` for `decode-q`).
    pub suggestion: String,
}

/// Reads a written function name (`decode_q`, `"decode-q"`, either with an optional `@` in
/// front) as MLIR reads the symbol `@<written>`, and returns its value (`decode-q` for
/// `"decode-q"`). The lexer is the judge: the text must be exactly one symbol token, without a
/// lexical error (an unterminated string, a bad escape).
pub fn read_symbol_name(written: &str) -> Result<String, BadSymbolName> {
    let text = written.strip_prefix('@').unwrap_or(written);
    let suggestion = suggest(text);
    let bad = |problem: String| Err(BadSymbolName { problem, suggestion: suggestion.clone() });
    if text.is_empty() || text == "\"\"" {
        return bad("the function name is empty".to_string());
    }
    let symbol = format!("@{text}");
    let (tokens, errors) = air_syntax::lex(&symbol);
    let one_symbol = tokens.len() == 1 && tokens.kinds[0] == SyntaxKind::AT_ID;
    if one_symbol && errors.is_empty() {
        return Ok(symbol_name(&symbol));
    }
    if text.starts_with('"') {
        let why = errors.first().map(|e| e.message.clone()).unwrap_or_else(|| "text after the closing quote".into());
        return bad(format!("function name `{written}` is not a valid MLIR string: {why}"));
    }
    bad(format!("function name `{written}` is not an MLIR symbol name"))
}

/// A bare identifier close to `text`: what MLIR does not take in one becomes `_`, and a
/// leading digit (or nothing) gets a `_` in front.
fn suggest(text: &str) -> String {
    let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
    let mut name: String = inner
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.') { c } else { '_' })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        name.insert(0, '_');
    }
    name
}

/// [`read_symbol_name`] as a diagnostic (AS0328) at `loc`, where the name is written. `spell`
/// writes a name as the user gives it there (`--name decode_q`, `name = "decode_q"`), for the
/// help line: the bare suggestion, and the quoted form of what was written.
pub fn check_func_name(written: &str, loc: Loc, spell: impl Fn(&str) -> String) -> Result<String, Diagnostic> {
    read_symbol_name(written).map_err(|bad| {
        let quoted = quote_string(written.strip_prefix('@').unwrap_or(written).trim_matches('"'));
        located(codes::BAD_FUNC_NAME, &bad.problem, loc).with_help(format!(
            "a function name is an MLIR symbol: letters, digits, `_`, `$` and `.`, not starting with a digit \
             (`{}`), or a string written with its quotes (`{}`)",
            spell(&bad.suggestion),
            spell(&quoted)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_letters_digits_and_underscores_not_starting_with_a_digit() {
        assert!(is_identifier("x_in") && is_identifier("_a1") && is_identifier("q"));
        assert!(!is_identifier("1a") && !is_identifier("a-b") && !is_identifier("a.b") && !is_identifier(""));
    }

    #[test]
    fn prefixes_from_stems_are_identifiers() {
        assert_eq!(prefix_from_stem("gemv-k8192"), "gemv_k8192");
        assert_eq!(prefix_from_stem("2k"), "_2k");
        assert_eq!(prefix_from_stem(""), "_");
    }

    #[test]
    fn bare_and_quoted_function_names_read_as_their_values() {
        assert_eq!(read_symbol_name("decode_q"), Ok("decode_q".to_string()));
        assert_eq!(read_symbol_name("@a.b$c"), Ok("a.b$c".to_string()));
        assert_eq!(read_symbol_name("\"decode-q\""), Ok("decode-q".to_string()));
        assert_eq!(read_symbol_name(r#""a \"b\"\n""#), Ok("a \"b\"\n".to_string()));
    }

    #[test]
    fn names_mlir_would_not_read_as_one_symbol_are_refused_with_a_suggestion() {
        for (written, suggestion) in
            [("decode-q", "decode_q"), ("a b", "a_b"), ("1st", "_1st"), ("", "_"), ("\"\"", "_"), ("@", "_")]
        {
            let bad = read_symbol_name(written).unwrap_err();
            assert_eq!(bad.suggestion, suggestion, "{written}");
        }
        for written in ["\"open", "\"a\"b", "\"a\\q\"", "a\"b\""] {
            assert!(read_symbol_name(written).is_err(), "{written}");
        }
    }

    #[test]
    fn symbol_refs_quote_what_is_not_bare_and_read_back() {
        assert_eq!(symbol_ref("decode_q"), "@decode_q");
        assert_eq!(symbol_ref("decode-q"), "@\"decode-q\"");
        for value in ["decode-q", "a b", "a \"b\"\n\\", "1st"] {
            let written = &symbol_ref(value)[1..];
            assert_eq!(read_symbol_name(written).as_deref(), Ok(value));
        }
    }
}

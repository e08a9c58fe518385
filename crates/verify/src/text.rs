//! Reading pieces of ops out of the tree as text: compact spellings of types and attributes
//! (every run of whitespace and comments becomes one space, so a type written over several
//! lines prints on one), and the flat element lists of ops the parser reads generically.

use air_syntax::views::Op;
use air_syntax::{Element, SyntaxKind, SyntaxNode, SyntaxToken};
use std::borrow::Cow;

/// Appends `tokens` to `out`, replacing each run of trivia between significant tokens by one
/// space and dropping leading and trailing trivia.
fn push_compact<'a>(out: &mut String, tokens: impl Iterator<Item = SyntaxToken<'a>>) {
    let mut pending_space = false;
    for token in tokens {
        if token.kind().is_trivia() {
            pending_space = true;
            continue;
        }
        if pending_space && !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        pending_space = false;
        out.push_str(token.text());
    }
}

/// A node's text on one line (see the module comment).
pub fn compact(node: SyntaxNode<'_>) -> String {
    let mut out = String::new();
    push_compact(&mut out, node.tokens());
    out
}

/// `text` itself when it is already on one line with single spaces (no copy), else `slow()`.
fn borrow_if_compact<'a>(text: &'a str, slow: impl FnOnce() -> String) -> Cow<'a, str> {
    let simple = !text.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\t' | b'/')) && !text.contains("  ");
    if simple {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(slow())
    }
}

/// [`compact`], without copying the common case of text that is already compact.
pub fn compact_cow(node: SyntaxNode<'_>) -> Cow<'_, str> {
    borrow_if_compact(node.text(), || compact(node))
}

/// [`compact_elements`] of elements of `source` (the tree's text), borrowing when possible.
pub fn compact_elements_cow<'a>(source: &'a str, elements: &[Element<'a>]) -> Cow<'a, str> {
    let (Some(first), Some(last)) = (elements.first(), elements.last()) else { return Cow::Borrowed("") };
    let span = &source[first.text_range().start as usize..last.text_range().end as usize];
    borrow_if_compact(span, || compact_elements(elements))
}

/// Consecutive elements of one node on one line, keeping "was there a space" between them.
pub fn compact_elements(elements: &[Element<'_>]) -> String {
    let mut out = String::new();
    let mut prev_end: Option<u32> = None;
    for element in elements {
        let range = element.text_range();
        if prev_end.is_some_and(|end| end < range.start) && !out.is_empty() {
            out.push(' ');
        }
        match element {
            Element::Node(node) => {
                let mut piece = String::new();
                push_compact(&mut piece, node.tokens());
                out.push_str(&piece);
            }
            Element::Token(token) => out.push_str(token.text()),
        }
        prev_end = Some(range.end);
    }
    out
}

/// The op's own elements after its name: no result list, no name, no `loc(...)`.
pub fn op_elements(op: Op<'_>) -> Vec<Element<'_>> {
    op.node()
        .elements()
        .filter(|e| !matches!(e.kind(), SyntaxKind::RESULT_LIST | SyntaxKind::OP_NAME | SyntaxKind::LOC))
        .collect()
}

/// Splits a flat element list at its commas (elements are already balanced groups, so every
/// comma at this level is a top-level one).
pub fn split_commas<'e, 'a>(elements: &'e [Element<'a>]) -> Vec<&'e [Element<'a>]> {
    elements.split(|e| e.kind() == SyntaxKind::COMMA).filter(|part| !part.is_empty()).collect()
}

/// The elements after the op's last top-level `:` that comes after its regions and
/// dictionaries (custom syntax `... : T` / `: A to B`), if any.
pub fn after_last_colon<'a>(op: Op<'a>) -> Option<Vec<Element<'a>>> {
    let elements = op_elements(op);
    let colon = elements.iter().rposition(|e| e.kind() == SyntaxKind::COLON)?;
    let tail: Vec<Element<'a>> = elements[colon + 1..]
        .iter()
        .copied()
        .take_while(|e| !matches!(e.kind(), SyntaxKind::REGION | SyntaxKind::ATTR_DICT | SyntaxKind::ATTRIBUTES_CLAUSE))
        .collect();
    (!tail.is_empty()).then_some(tail)
}

/// Is `element` the bare keyword `word`?
pub fn is_keyword(element: &Element<'_>, word: &str) -> bool {
    element.kind() == SyntaxKind::BARE_ID && element.text() == word
}

/// The last type of a custom-form type suffix: `T` → T, `A to B` / `A into B` → B,
/// `(A) -> B` → B, `T1, T2` → T2.
pub fn last_type_of(elements: &[Element<'_>]) -> Option<String> {
    let start = elements
        .iter()
        .rposition(|e| is_keyword(e, "to") || is_keyword(e, "into") || e.kind() == SyntaxKind::ARROW)
        .map(|idx| idx + 1)
        .unwrap_or(0);
    let rest = &elements[start..];
    let last = split_commas(rest).pop()?;
    Some(compact_elements(last))
}

/// Escapes a string for an MLIR string literal.
pub fn quote_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for byte in text.bytes() {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(byte as char),
            _ => out.push_str(&format!("\\{byte:02X}")),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_joins_lines_and_drops_comments() {
        let parse = air_syntax::parse("%0 = arith.addi %a,\n   // why\n   %b : index\n");
        let op = air_syntax::views::all_ops(parse.tree.root()).next().map(|op| op.node());
        assert_eq!(op.map(compact).as_deref(), Some("%0 = arith.addi %a, %b : index"));
    }

    #[test]
    fn quoted_strings_escape_specials() {
        assert_eq!(quote_string("a\"b\\c.mlir"), "\"a\\\"b\\\\c.mlir\"");
    }
}

//! Reading pieces of ops out of the tree as text, in the one spelling every crate uses.
//!
//! - On tree elements: compact spellings of types and attributes (every run of whitespace and
//!   comments between tokens becomes one space, so a type written over several lines prints on
//!   one), the flat element lists of ops the parser reads generically, and their top-level
//!   comma split.
//! - On plain text: [`collapse_whitespace`] (whitespace runs only, comments and string
//!   contents included: the spelling the merge passes and `outline` print) and
//!   [`split_top_level`] (commas outside `<>`, `()`, `[]`, `{}`).
//! - Layout: the indentation of the line a node starts on.

use crate::kind::SyntaxKind;
use crate::tree::{Element, SyntaxNode, SyntaxToken};
use crate::views::Op;
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
#[inline]
fn borrow_if_compact<'a>(text: &'a str, slow: impl FnOnce() -> String) -> Cow<'a, str> {
    let simple = !text.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\t' | b'/')) && !text.contains("  ");
    if simple {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(slow())
    }
}

/// [`compact`], without copying the common case of text that is already compact.
#[inline]
pub fn compact_cow(node: SyntaxNode<'_>) -> Cow<'_, str> {
    borrow_if_compact(node.text(), || compact(node))
}

/// [`compact_elements`] of elements of `source` (the tree's text), borrowing when possible.
#[inline]
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
#[inline]
pub fn op_elements(op: Op<'_>) -> Vec<Element<'_>> {
    op.node()
        .elements()
        .filter(|e| !matches!(e.kind(), SyntaxKind::RESULT_LIST | SyntaxKind::OP_NAME | SyntaxKind::LOC))
        .collect()
}

/// Splits a flat element list at its commas (elements are already balanced groups, so every
/// comma at this level is a top-level one); empty parts are dropped.
#[inline]
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
#[inline]
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

/// `text` with every run of whitespace collapsed to one space and none at either end.
/// Unlike [`compact`] it knows no tokens: comments stay, and so do the spaces inside strings
/// (collapsed too).
pub fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Splits `text` at top-level commas (not inside `<>`, `()`, `[]`, `{}`; the `>` of `->` closes
/// nothing), each part trimmed. Always at least one part: `""` gives `[""]`, `"a,"` gives
/// `["a", ""]`.
pub fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut idx = 0;
    while idx < bytes.len() {
        match bytes[idx] {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' if idx > 0 && bytes[idx - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(text[start..idx].trim());
                start = idx + 1;
            }
            _ => {}
        }
        idx += 1;
    }
    parts.push(text[start..].trim());
    parts
}

/// The text between the start of the line `node` starts on and the node.
pub fn line_prefix(node: SyntaxNode<'_>) -> &str {
    let text = node.tree().text();
    let start = node.text_range().start as usize;
    let line_start = text[..start].rfind('\n').map(|p| p + 1).unwrap_or(0);
    &text[line_start..start]
}

/// The whitespace (spaces and tabs) that indents the line `node` starts on, whatever else
/// precedes the node on that line.
pub fn indentation(node: SyntaxNode<'_>) -> String {
    line_prefix(node).chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

/// The text after an op's last top-level `:` (its result or operand type in custom form,
/// e.g. `memref<64xbf16, 2 : i32>` of `memref.alloc() : memref<64xbf16, 2 : i32>`), up to a
/// region, attribute dictionary or location. Empty when the op has no `:`.
pub fn trailing_type_text<'a>(op: Op<'a>) -> &'a str {
    let node = op.node();
    let text = node.tree().text();
    let mut start = None;
    for element in node.elements() {
        if element.kind() == SyntaxKind::COLON {
            start = Some(element.text_range().end);
        }
    }
    let Some(start) = start else { return "" };
    let mut end = node.text_range().end;
    for child in node.children() {
        let range = child.text_range();
        if range.start >= start
            && matches!(
                child.kind(),
                SyntaxKind::REGION | SyntaxKind::REGION_LIST | SyntaxKind::ATTR_DICT | SyntaxKind::LOC
            )
        {
            end = end.min(range.start);
        }
    }
    text.get(start as usize..end as usize).map(str::trim).unwrap_or("")
}

#[cfg(test)]
mod tests {
    #[test]
    fn trailing_type_of_a_generic_looking_custom_op() {
        let parse = crate::parse("%a = memref.alloc() {air.no_split} : memref<64xbf16, 1 : i32>\n");
        let op = crate::views::all_ops(parse.tree.root()).next().expect("one op");
        assert_eq!(trailing_type_text(op), "memref<64xbf16, 1 : i32>");
    }

    use super::*;
    use crate::views::all_ops;

    #[test]
    fn compact_joins_lines_and_drops_comments() {
        let parse = crate::parse("%0 = arith.addi %a,\n   // why\n   %b : index\n");
        let op = all_ops(parse.tree.root()).next().map(|op| op.node());
        assert_eq!(op.map(compact).as_deref(), Some("%0 = arith.addi %a, %b : index"));
        assert_eq!(
            op.map(|op| collapse_whitespace(op.text())).as_deref(),
            Some("%0 = arith.addi %a, // why %b : index")
        );
    }

    #[test]
    fn top_level_commas_only() {
        assert_eq!(
            split_top_level("memref<4x?xf32, strided<[?, 1]>>, (i32, i1) -> f32, {a = 1, b}"),
            ["memref<4x?xf32, strided<[?, 1]>>", "(i32, i1) -> f32", "{a = 1, b}"]
        );
        assert_eq!(split_top_level(""), [""]);
        assert_eq!(split_top_level("a,"), ["a", ""]);
    }

    #[test]
    fn indentation_is_the_lines_leading_whitespace() {
        let parse = crate::parse("func.func @f() {\n \t %t = air.wait_all async\n  return\n}\n");
        let ops: Vec<Op<'_>> = all_ops(parse.tree.root()).collect();
        assert_eq!(indentation(ops[1].node()), " \t ");
        assert_eq!(line_prefix(ops[1].node()), " \t ");
        assert_eq!(indentation(ops[2].node()), "  ");
        assert_eq!(indentation(ops[0].node()), "");
        // A node after other text on its line: the line's indentation, and the whole prefix.
        let results = ops[1].node().child(SyntaxKind::RESULT_LIST).and_then(|l| l.children().next());
        let wait = ops[1].name_node();
        assert_eq!(results.map(indentation).as_deref(), Some(" \t "));
        assert_eq!(wait.map(line_prefix), Some(" \t %t = "));
        assert_eq!(wait.map(indentation).as_deref(), Some(" \t "));
    }
}

//! Small tree helpers the syntax views do not offer: the op that owns a result, an op's
//! trailing type written as raw tokens (generic ops such as `memref.alloc`), byte sizes.

use air_diagnostics::TextRange;
use air_syntax::views::Op;
use air_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

/// The op a `RESULT` node belongs to.
pub fn op_of_result(result: SyntaxNode<'_>) -> Option<Op<'_>> {
    let list = result.parent().filter(|p| p.kind() == RESULT_LIST)?;
    list.parent().and_then(Op::cast)
}

/// Direct tokens of a node that are not trivia.
pub fn significant_direct_tokens<'a>(node: SyntaxNode<'a>) -> impl Iterator<Item = SyntaxToken<'a>> {
    node.direct_tokens().filter(|t| !t.kind().is_trivia())
}

/// The text after an op's last top-level `:` (its result or operand type in custom form,
/// e.g. `memref<64xbf16, 2 : i32>` of `memref.alloc() : memref<64xbf16, 2 : i32>`), up to a
/// region, attribute dictionary or location. Empty when the op has no `:`.
pub fn trailing_type_text<'a>(op: Op<'a>) -> &'a str {
    let node = op.node();
    let text = node.tree().text();
    let mut start = None;
    for element in node.elements() {
        if element.kind() == COLON {
            start = Some(element.text_range().end);
        }
    }
    let Some(start) = start else { return "" };
    let mut end = node.text_range().end;
    for child in node.children() {
        let range = child.text_range();
        if range.start >= start && matches!(child.kind(), REGION | REGION_LIST | ATTR_DICT | LOC) {
            end = end.min(range.start);
        }
    }
    text.get(start as usize..end as usize).map(str::trim).unwrap_or("")
}

/// The range of an op's header: from its start to the first region (or the whole op).
pub fn header_range(op: Op<'_>) -> TextRange {
    let range = op.node().text_range();
    let end = op
        .node()
        .children()
        .find(|c| matches!(c.kind(), REGION | REGION_LIST))
        .map(|r| r.text_range().start)
        .unwrap_or(range.end);
    // Trim trailing whitespace so the caret covers only text.
    let text = op.node().tree().text();
    let slice = text.get(range.start as usize..end as usize).unwrap_or("");
    TextRange::new(range.start, range.start + slice.trim_end().len() as u32)
}

/// The range of an op's name (for labels that should point at the op itself).
pub fn name_range(op: Op<'_>) -> TextRange {
    op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range())
}

/// An op's name and its `@symbol` when it follows the name (`air.herd @herd_0`): the label
/// anchor for hierarchy ops.
pub fn head_range(op: Op<'_>) -> TextRange {
    let name = name_range(op);
    match op.symbol() {
        Some(sym) if sym.text_range().start >= name.end && sym.text_range().start - name.end <= 4 => {
            TextRange::new(name.start, sym.text_range().end)
        }
        _ => name,
    }
}

/// The first line of an op's header, for labels: from the result list to the end of the line.
pub fn first_line_range(op: Op<'_>) -> TextRange {
    let header = header_range(op);
    let text = op.node().tree().text();
    let slice = text.get(header.start as usize..header.end as usize).unwrap_or("");
    let len = slice.find('\n').map(|i| slice[..i].trim_end().len()).unwrap_or(slice.len());
    TextRange::new(header.start, header.start + len as u32)
}

/// Sum that saturates instead of overflowing (sizes come from the input).
pub fn sat_sum(values: impl IntoIterator<Item = i64>) -> i64 {
    values.into_iter().fold(0i64, i64::saturating_add)
}

/// Product that saturates instead of overflowing.
pub fn sat_product(values: impl IntoIterator<Item = i64>) -> i64 {
    values.into_iter().fold(1i64, i64::saturating_mul)
}

/// `ceil(a / b)` for positive `b`, without overflow.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    if b <= 0 {
        return a;
    }
    a / b + i64::from(a % b != 0)
}

/// Human-readable bytes: `65536 B (64 KiB)`.
pub fn fmt_bytes(bytes: i64) -> String {
    const KIB: i64 = 1024;
    const MIB: i64 = 1024 * 1024;
    const GIB: i64 = 1024 * 1024 * 1024;
    if bytes >= GIB {
        format!("{bytes} B ({:.2} GiB)", bytes as f64 / GIB as f64)
    } else if bytes >= MIB && bytes % MIB == 0 {
        format!("{bytes} B ({} MiB)", bytes / MIB)
    } else if bytes >= MIB {
        format!("{bytes} B ({:.2} MiB)", bytes as f64 / MIB as f64)
    } else if bytes >= KIB && bytes % KIB == 0 {
        format!("{bytes} B ({} KiB)", bytes / KIB)
    } else if bytes >= KIB {
        format!("{bytes} B ({:.1} KiB)", bytes as f64 / KIB as f64)
    } else {
        format!("{bytes} B")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use air_syntax::views::all_ops;

    #[test]
    fn trailing_type_of_a_generic_looking_custom_op() {
        let parse = air_syntax::parse("%a = memref.alloc() {air.no_split} : memref<64xbf16, 1 : i32>\n");
        let op = all_ops(parse.tree.root()).next().unwrap();
        assert_eq!(trailing_type_text(op), "memref<64xbf16, 1 : i32>");
    }

    #[test]
    fn bytes_are_printed_with_a_readable_unit() {
        assert_eq!(fmt_bytes(65536), "65536 B (64 KiB)");
        assert_eq!(fmt_bytes(1536), "1536 B (1.5 KiB)");
        assert_eq!(fmt_bytes(3), "3 B");
        assert_eq!(fmt_bytes(2 * 1024 * 1024), "2097152 B (2 MiB)");
        assert_eq!(fmt_bytes(4_735_369_216), "4735369216 B (4.41 GiB)");
    }
}

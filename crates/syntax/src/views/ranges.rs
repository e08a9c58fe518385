//! The ranges diagnostics point at on an op: its name, its name with its `@symbol`, its header
//! (up to its first region), the first line of its header.

use crate::kind::SyntaxKind::*;
use crate::views::Op;
use air_diagnostics::TextRange;

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

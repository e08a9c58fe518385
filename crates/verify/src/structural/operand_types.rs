//! Operand types of the AIR ops (AIR.td `Arguments`, and the custom parsers, which resolve
//! each operand with the type its syntax implies): hierarchy sizes, bundle indices, dynamic
//! offsets/sizes/strides, `dest` and `air.universe.alloc`'s capacity are `index`; a rank's
//! universe is `!air.universe`; the buffer of a put, get or DMA is a memref and the value
//! has the type written for it; the values an `air.execute_terminator` yields, the operands
//! of `air.custom` and of `air.translate` have their written types. A value whose type is not
//! known here is never reported.

use super::Cx;
use crate::codes;
use air_diagnostics::TextRange;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::text::{compact, compact_elements, is_keyword, op_elements, split_commas};
use air_syntax::views::value_types::UNIVERSE_TYPE;
use air_syntax::views::{parse_memref_type, types_equal, ChannelIo, DmaMemcpy, DmaOperand, Hierarchy, IndexEntry, Op};
use air_syntax::{SyntaxKind, SyntaxNode};

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") || op.is_generic() {
            continue;
        }
        if let Some(hierarchy) = Hierarchy::cast(op) {
            for size in hierarchy.sizes() {
                if let Some(value) = size.outer {
                    expect(cx, op, value, "index", "a size");
                }
            }
            if let Some(universe) = universe_operand(op) {
                expect(cx, op, universe, UNIVERSE_TYPE, "the universe");
            }
        } else if let Some(io) = ChannelIo::cast(op) {
            for entry in io.indices() {
                if let IndexEntry::Value(value) = entry {
                    expect(cx, op, value, "index", "a bundle index");
                }
            }
            if let Some(operand) = io.operand() {
                buffer(cx, op, operand, io.memref_type());
            }
            if let Some(dest) = dest_operand(op) {
                expect(cx, op, dest, "index", "`dest`");
            }
        } else if let Some(dma) = DmaMemcpy::cast(op) {
            if let Some(dst) = dma.dst() {
                buffer(cx, op, dst, dma.dst_type());
            }
            if let Some(src) = dma.src() {
                buffer(cx, op, src, dma.src_type());
            }
        } else {
            match op.name() {
                air_ops::UNIVERSE_ALLOC => {
                    for value in op.operand_uses() {
                        expect(cx, op, value, "index", "the capacity");
                    }
                }
                air_ops::EXECUTE_TERMINATOR | air_ops::CUSTOM => written_types(cx, op),
                air_ops::TRANSLATE => translate(cx, op),
                _ => {}
            }
        }
    }
}

/// `air.rank ... universe(%u)`: the use inside the `universe` group.
fn universe_operand(op: Op<'_>) -> Option<SyntaxNode<'_>> {
    let mut elements = op.node().elements();
    elements.find(|e| e.kind() == SyntaxKind::BARE_ID && e.text() == "universe")?;
    let group = elements.find(|e| e.kind() == SyntaxKind::GROUP)?.as_node()?;
    group.descendants().find(|n| n.kind() == SyntaxKind::VALUE_USE)
}

/// `dest(%d)` of a channel put.
fn dest_operand(op: Op<'_>) -> Option<SyntaxNode<'_>> {
    let mut elements = op.node().elements();
    elements.find(|e| e.kind() == SyntaxKind::BARE_ID && e.text() == "dest")?;
    let group = elements.find(|e| e.kind() == SyntaxKind::GROUP)?.as_node()?;
    group.descendants().find(|n| n.kind() == SyntaxKind::VALUE_USE)
}

/// Reports `value` when its known type is not `expected`.
fn expect(cx: &mut Cx<'_, '_>, op: Op<'_>, value: SyntaxNode<'_>, expected: &str, what: &str) {
    let Some(actual) = cx.type_of(value) else { return };
    if types_equal(&actual.text, expected) {
        return;
    }
    let diagnostic = cx.error(
        codes::OPERAND_TYPE,
        format!("{what} of `{}` must be `{expected}`, but `{}` has type `{}`", op.name(), value.text(), actual.text),
        value.text_range(),
        format!("`{}`", actual.text),
    );
    let diagnostic = cx.secondary(diagnostic, actual.def_range, format!("{} defined here", actual.origin));
    let help = if expected == "index" {
        "convert it first (`arith.index_cast %v : i32 to index`) or use an `index` constant".to_string()
    } else {
        format!("pass a value of type `{expected}`")
    };
    cx.diagnostics.push(diagnostic.with_help(help));
}

/// The buffer of a put/get/DMA: its written type is a memref, the value has that type, and
/// dynamic offsets/sizes/strides are `index`.
fn buffer(cx: &mut Cx<'_, '_>, op: Op<'_>, operand: DmaOperand<'_>, written: Option<SyntaxNode<'_>>) {
    for entry in operand.offsets().into_iter().chain(operand.sizes()).chain(operand.strides()) {
        if let IndexEntry::Value(value) = entry {
            expect(cx, op, value, "index", "an offset, size or stride");
        }
    }
    let (Some(written), Some(memref)) = (written, operand.memref()) else { return };
    let written_text = compact(written);
    if parse_memref_type(&written_text).is_none() && !written_text.starts_with('!') {
        let diagnostic = cx.error(
            codes::OPERAND_TYPE,
            format!("the buffer of `{}` must be a memref, but its type is written `{written_text}`", op.name()),
            written.text_range(),
            "not a memref type",
        );
        cx.diagnostics
            .push(diagnostic.with_help("AIR moves data between memrefs: write the buffer's `memref<...>` type"));
        return;
    }
    written_type(cx, op, memref, written.text_range(), &written_text);
}

/// The value's known type equals the type written for it (MLIR's parser: "use of value
/// expects different type than prior uses").
fn written_type(cx: &mut Cx<'_, '_>, op: Op<'_>, value: SyntaxNode<'_>, written: TextRange, text: &str) {
    let Some(actual) = cx.type_of(value) else { return };
    if types_equal(&actual.text, text) {
        return;
    }
    let diagnostic = cx.error(
        codes::WRITTEN_TYPE_MISMATCH,
        format!("`{}` has type `{}`, but `{}` writes its type as `{text}`", value.text(), actual.text, op.name()),
        value.text_range(),
        format!("this value is `{}`", actual.text),
    );
    let diagnostic = cx.secondary(diagnostic, written, format!("written `{text}` here"));
    let diagnostic = cx.secondary(diagnostic, actual.def_range, format!("{} defined here", actual.origin));
    cx.diagnostics.push(
        diagnostic.with_help(format!(
            "MLIR compares types exactly: write `{}`, or pass a value of type `{text}`",
            actual.text
        )),
    );
}

/// `air.execute_terminator %a, %b : T1, T2` and `air.custom operands (%a) : T`: the i-th
/// value has the i-th written type.
fn written_types(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let (values, types) = if op.name() == air_ops::CUSTOM {
        custom_operands(op)
    } else {
        let types = op.trailing_types().into_iter().map(|t| (t.text_range(), compact(t))).collect();
        (op.operand_uses(), types)
    };
    if op.name() == air_ops::CUSTOM && types.len() < values.len() {
        let diagnostic = cx.error(
            codes::OPERAND_TYPE,
            format!("`air.custom` has {} operands but {} types", values.len(), types.len()),
            name_range(op),
            "operands without a type",
        );
        cx.diagnostics.push(diagnostic.with_help("write one type per operand: `operands (%a, %b) : T1, T2`"));
        return;
    }
    for (value, (at, text)) in values.into_iter().zip(types) {
        written_type(cx, op, value, at, &text);
    }
}

/// `air.custom [@sym] [async] [[deps]] operands (%a, %b) : T1, T2 [attributes {...}]`, which
/// the parser reads generically: the uses inside the group after `operands`, and the types
/// after the `:` that follows it.
fn custom_operands(op: Op<'_>) -> (Vec<SyntaxNode<'_>>, Vec<(TextRange, String)>) {
    let elements = op_elements(op);
    let Some(keyword) = elements.iter().position(|e| is_keyword(e, "operands")) else {
        return (Vec::new(), Vec::new());
    };
    let Some(group) = elements.get(keyword + 1).and_then(|e| e.as_node()) else { return (Vec::new(), Vec::new()) };
    let values = group.children_of(SyntaxKind::VALUE_USE).collect();
    let rest = &elements[keyword + 2..];
    let types = match rest.first() {
        Some(colon) if colon.kind() == SyntaxKind::COLON => {
            let tail: Vec<_> = rest[1..]
                .iter()
                .copied()
                .take_while(|e| {
                    !is_keyword(e, "attributes")
                        && !matches!(
                            e.kind(),
                            SyntaxKind::ATTRIBUTES_CLAUSE | SyntaxKind::ATTR_DICT | SyntaxKind::REGION
                        )
                })
                .collect();
            split_commas(&tail)
                .into_iter()
                .filter_map(|part| {
                    let (first, last) = (part.first()?, part.last()?);
                    Some((TextRange::new(first.text_range().start, last.text_range().end), compact_elements(part)))
                })
                .collect()
        }
        _ => Vec::new(),
    };
    (values, types)
}

/// `air.translate %src, %from, %to, %bases : T, Tb`.
fn translate(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let values = op.operand_uses();
    let types = op.trailing_types();
    if let (Some(src), Some(ty)) = (values.first(), types.first()) {
        let text = compact(*ty);
        written_type(cx, op, *src, ty.text_range(), &text);
    }
    for value in values.iter().skip(1).take(2) {
        expect(cx, op, *value, "index", "a rank");
    }
    if let (Some(bases), Some(ty)) = (values.get(3), types.get(1)) {
        let text = compact(*ty);
        let rank_one_index =
            parse_memref_type(&text).is_some_and(|m| !m.unranked && m.shape.len() == 1 && m.element == "index");
        if !rank_one_index {
            let diagnostic = cx.error(
                codes::OPERAND_TYPE,
                format!("the heap bases of `air.translate` must be a 1-D memref of `index`, not `{text}`"),
                ty.text_range(),
                "not `memref<?xindex>`",
            );
            cx.diagnostics.push(diagnostic.with_help("pass the per-rank heap bases as `memref<?xindex>`"));
            return;
        }
        written_type(cx, op, *bases, ty.text_range(), &text);
    }
}

//! The generic form of the ops of AIR's runtime dialect, derived from
//! `mlir/include/air/Dialect/AIRRt/AIRRtOps.td` (declarative assembly formats, operands,
//! `AttrSizedOperandSegments`) and the hand-written parsers of `module_metadata` and
//! `segment_metadata` in `mlir/lib/Dialect/AIRRt/IR/AIRRtOps.cpp` at the corpus commit. air-opt
//! registers `airrt`, upstream MLIR does not, so its custom syntax is rewritten like AIR's.

use super::ops::{GenericOp, Operand, RegionPlan, DYNAMIC};
use crate::dialect::{AirRtOp, Converted};
use air_diagnostics::TextRange;
use air_syntax::air_attrs;
use air_syntax::views::text::{compact_elements_cow, op_elements, split_commas};
use air_syntax::views::{AttrDict, Op};
use air_syntax::{Element, Parse, SyntaxKind, SyntaxNode};
use std::borrow::Cow;
use std::fmt::Write;

/// `!airrt.event` (AIRRtBase.td `AIRRt_Event`).
const EVENT: &str = "!airrt.event";

/// Builds the generic form of `op` (an `airrt` op in custom form).
pub(crate) fn build<'a>(parse: &'a Parse, op: Op<'a>, rt: AirRtOp) -> GenericOp<'a> {
    let mut generic = GenericOp::new(Converted::AirRt(rt));
    let anchor = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    let dict = op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict);
    // `printOptionalAttrDictWithKeyword`: `attributes {...}` before the region.
    let keyword_dict =
        op.node().child(SyntaxKind::ATTRIBUTES_CLAUSE).and_then(|c| c.child(SyntaxKind::ATTR_DICT)).map(AttrDict);
    let source = op.node().tree().text();
    let elements = op_elements(op);
    // Everything but the metadata ops takes its attributes from a plain `attr-dict`.
    if !matches!(rt, AirRtOp::ModuleMetadata | AirRtOp::SegmentMetadata | AirRtOp::HerdMetadata) {
        generic.split_dict(dict, &[], &[air_attrs::OPERAND_SEGMENT_SIZES]);
    }
    match rt {
        AirRtOp::ModuleMetadata | AirRtOp::SegmentMetadata => {
            let (inherent, terminator): (&[&str], AirRtOp) = if rt == AirRtOp::ModuleMetadata {
                (&[], AirRtOp::ModuleMetadataTerminator)
            } else {
                (&[air_attrs::SYM_NAME], AirRtOp::SegmentMetadataTerminator)
            };
            generic.split_dict(keyword_dict, inherent, &[]);
            generic.region = Some(RegionPlan {
                args: Vec::new(),
                body: op.node().child(SyntaxKind::REGION),
                terminator: Converted::AirRt(terminator),
            });
        }
        AirRtOp::HerdMetadata => generic.split_dict(dict, &[air_attrs::SYM_NAME], &[]),
        AirRtOp::ModuleMetadataTerminator | AirRtOp::SegmentMetadataTerminator | AirRtOp::HerdMetadataTerminator => {}
        AirRtOp::HerdLoad | AirRtOp::SegmentLoad => load(source, op, &elements, &mut generic, rt, anchor),
        AirRtOp::DmaMemcpyNd => dma(source, &elements, &mut generic, anchor),
        AirRtOp::MemcpyNd => memcpy(source, &elements, &mut generic),
        AirRtOp::Alloc => {
            let (_, types) = before_and_after_colon(&elements);
            generic.result_types.extend(type_list(source, &types));
        }
        AirRtOp::Dealloc => {
            let (values, types) = before_and_after_colon(&elements);
            let ty = type_list(source, &types).into_iter().next();
            for value in value_uses(&values) {
                match &ty {
                    Some(ty) => generic.operands.push(Operand { use_node: value, ty: ty.clone(), ty_range: None }),
                    None => {
                        generic.typed_operand(parse, value, None);
                    }
                }
            }
        }
        AirRtOp::WaitAll => {
            let (values, types) = before_and_after_colon(&elements);
            for value in value_uses(&values) {
                generic.operand(value, EVENT);
            }
            generic.result_types.extend(type_list(source, &types));
        }
    }
    generic
}

/// The elements before the first top-level `:` and after it (without dictionaries).
fn before_and_after_colon<'e, 'a>(elements: &'e [Element<'a>]) -> (Vec<Element<'a>>, Vec<Element<'a>>) {
    let plain = |e: &&Element<'a>| !matches!(e.kind(), SyntaxKind::ATTR_DICT | SyntaxKind::ATTRIBUTES_CLAUSE);
    match elements.iter().position(|e| e.kind() == SyntaxKind::COLON) {
        Some(colon) => (
            elements[..colon].iter().filter(plain).copied().collect(),
            elements[colon + 1..].iter().filter(plain).copied().collect(),
        ),
        None => (elements.iter().filter(plain).copied().collect(), Vec::new()),
    }
}

fn value_uses<'a>(elements: &[Element<'a>]) -> Vec<SyntaxNode<'a>> {
    elements.iter().filter_map(|e| e.as_node()).filter(|n| n.kind() == SyntaxKind::VALUE_USE).collect()
}

/// The elements inside a `(...)` or `[...]` group.
fn inner(group: SyntaxNode<'_>) -> Vec<Element<'_>> {
    let mut elements: Vec<Element<'_>> = group.elements().filter(|e| !e.kind().is_trivia()).collect();
    if elements.first().is_some_and(|e| matches!(e.kind(), SyntaxKind::L_PAREN | SyntaxKind::L_BRACK)) {
        elements.remove(0);
    }
    if elements.last().is_some_and(|e| matches!(e.kind(), SyntaxKind::R_PAREN | SyntaxKind::R_BRACK)) {
        elements.pop();
    }
    elements
}

fn group_of<'a>(element: &Element<'a>, open: char) -> Option<SyntaxNode<'a>> {
    element.as_node().filter(|n| n.kind() == SyntaxKind::GROUP && n.text().starts_with(open))
}

/// `T` or `T1, T2` or `(T1, T2)`: the types, compact.
fn type_list<'a>(source: &'a str, elements: &[Element<'a>]) -> Vec<Cow<'a, str>> {
    let parts: Vec<Element<'a>> = match elements {
        [only] if group_of(only, '(').is_some() => group_of(only, '(').map(inner).unwrap_or_default(),
        _ => elements.to_vec(),
    };
    split_commas(&parts).into_iter().map(|part| compact_elements_cow(source, part)).collect()
}

/// `herd_load "name" (%rtp, ...) : (T, ...) -> (i64[, !airrt.event])` and
/// `segment_load "name" : i64[, !airrt.event]`: `sym_name` is inherent.
fn load<'a>(
    source: &'a str,
    op: Op<'a>,
    elements: &[Element<'a>],
    generic: &mut GenericOp<'a>,
    rt: AirRtOp,
    anchor: TextRange,
) {
    if let Some(name) = op.node().direct_tokens().find(|t| t.kind() == SyntaxKind::STRING) {
        generic.prop(air_attrs::SYM_NAME, name.text(), name.text_range());
    } else {
        generic.prop(air_attrs::SYM_NAME, "\"\"", anchor);
    }
    let (head, types) = before_and_after_colon(elements);
    if rt == AirRtOp::SegmentLoad {
        generic.result_types.extend(type_list(source, &types));
        return;
    }
    let values = head.iter().find_map(|e| group_of(e, '(')).map(|g| value_uses(&inner(g))).unwrap_or_default();
    let arrow = types.iter().position(|e| e.kind() == SyntaxKind::ARROW).unwrap_or(types.len());
    let inputs = type_list(source, &types[..arrow]);
    for (idx, value) in values.into_iter().enumerate() {
        let ty = inputs.get(idx).cloned().unwrap_or(Cow::Borrowed("none"));
        generic.operands.push(Operand { use_node: value, ty, ty_range: None });
    }
    generic.result_types.extend(type_list(source, types.get(arrow + 1..).unwrap_or(&[])));
}

/// One `custom<DynamicIndexList>` list `[%v, 4, ...]`: its values become `i64` operands, the
/// static array gets `kDynamic` in their slots. Returns the array and the operand count.
fn index_list<'a>(source: &'a str, group: Option<SyntaxNode<'a>>, generic: &mut GenericOp<'a>) -> (String, usize) {
    let entries = group.map(inner).unwrap_or_default();
    let parts = split_commas(&entries);
    if parts.is_empty() {
        return ("array<i64>".to_string(), 0);
    }
    let mut text = String::from("array<i64: ");
    let mut dynamic = 0;
    for (idx, part) in parts.iter().enumerate() {
        if idx > 0 {
            text.push_str(", ");
        }
        match value_uses(part).first() {
            Some(value) => {
                let _ = write!(text, "{DYNAMIC}");
                generic.operand(*value, "i64");
                dynamic += 1;
            }
            None => text.push_str(&compact_elements_cow(source, part)),
        }
    }
    text.push('>');
    (text, dynamic)
}

/// `dma_memcpy_nd(%id, %x, %y, %m[offsets], [lengths], [strides]) {attrs} : (Tid, Tx, Ty, Tm)
/// [: !airrt.event]`: operands `[id, x, y, memref, offsets, lengths, strides]`.
fn dma<'a>(source: &'a str, elements: &[Element<'a>], generic: &mut GenericOp<'a>, anchor: TextRange) {
    let (head, tail) = before_and_after_colon(elements);
    let operands = head.iter().find_map(|e| group_of(e, '(')).map(inner).unwrap_or_default();
    let parts = split_commas(&operands);
    let (types, event) = match tail.iter().position(|e| e.kind() == SyntaxKind::COLON) {
        Some(colon) => (type_list(source, &tail[..colon]), type_list(source, &tail[colon + 1..])),
        None => (type_list(source, &tail), Vec::new()),
    };
    // `id`, `x`, `y`, `memref`: one operand each (a missing one makes a wrong count that
    // MLIR reports, as AIR's parser would).
    let mut segments = vec![0usize; 4];
    for (idx, present) in segments.iter_mut().enumerate() {
        let Some(value) = parts.get(idx).and_then(|p| value_uses(p).into_iter().next()) else { continue };
        let ty = types.get(idx).cloned().unwrap_or(Cow::Borrowed("none"));
        generic.operands.push(Operand { use_node: value, ty, ty_range: None });
        *present = 1;
    }
    let list =
        |idx: usize, within: usize| parts.get(idx).and_then(|p| p.iter().filter_map(|e| group_of(e, '[')).nth(within));
    let (offsets, n_offsets) = index_list(source, list(3, 0), generic);
    let (lengths, n_lengths) = index_list(source, list(4, 0), generic);
    let (strides, n_strides) = index_list(source, list(5, 0), generic);
    segments.extend([n_offsets, n_lengths, n_strides]);
    generic.segments(&segments, anchor);
    generic.prop("static_offsets", &offsets, anchor);
    generic.prop("static_lengths", &lengths, anchor);
    generic.prop("static_strides", &strides, anchor);
    generic.result_types.extend(event);
}

/// `memcpy_nd(%dst, %src, [o3, o2, o1, o0], [l...], [s...]) {attrs} : (Tdst, Tsrc, [...],
/// [...], [...]) [: !airrt.event]`: fourteen operands, the last twelve `i64`.
fn memcpy<'a>(source: &'a str, elements: &[Element<'a>], generic: &mut GenericOp<'a>) {
    let (head, tail) = before_and_after_colon(elements);
    let operands = head.iter().find_map(|e| group_of(e, '(')).map(inner).unwrap_or_default();
    let (types, event) = match tail.iter().position(|e| e.kind() == SyntaxKind::COLON) {
        Some(colon) => (tail[..colon].to_vec(), type_list(source, &tail[colon + 1..])),
        None => (tail.clone(), Vec::new()),
    };
    let type_parts: Vec<Element<'a>> = types.first().and_then(|e| group_of(e, '(')).map(inner).unwrap_or_default();
    let type_parts = split_commas(&type_parts);
    for (idx, part) in split_commas(&operands).iter().enumerate() {
        if idx < 2 {
            let Some(value) = value_uses(part).into_iter().next() else { continue };
            let ty = type_parts.get(idx).map(|t| compact_elements_cow(source, t)).unwrap_or(Cow::Borrowed("none"));
            generic.operands.push(Operand { use_node: value, ty, ty_range: None });
            continue;
        }
        for group in part.iter().filter_map(|e| group_of(e, '[')) {
            for value in value_uses(&inner(group)) {
                generic.operand(value, "i64");
            }
        }
    }
    generic.result_types.extend(event);
}

//! Access patterns and padding of the data-movement ops, as AIR's verifiers check them
//! (AIRDialect.cpp `verifySizesStridesRank` 3078–3089, DmaMemcpyNdOp::verify 3091–3158,
//! ChannelPutOp/GetOp::verify 3583–3753): as many sizes as strides on each side (offsets may
//! be fewer); `pad_before`/`pad_after` both or neither, of one length, each in [0, 65535];
//! `src_rank`/`dst_rank` of a DMA only inside an `air.rank`, non-negative, and a peer buffer
//! allocated here carries `air.symmetric`. The attribute kinds themselves (`array<i32: ...>`,
//! i64) are ODS constraints, checked in `attributes`.

use super::Cx;
use crate::attr_value::AttrValue;
use crate::codes;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::{ChannelIo, DmaMemcpy, DmaOperand, Op};
use air_syntax::{DefKind, SyntaxKind};

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !matches!(name, air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET | air_ops::DMA_MEMCPY_ND) {
            continue;
        }
        if let Some(io) = ChannelIo::cast(op) {
            let side = if io.is_put { "src" } else { "dst" };
            if let Some(operand) = io.operand() {
                sizes_and_strides(cx, op, operand, side);
            }
            padding(cx, op);
        } else if let Some(dma) = DmaMemcpy::cast(op) {
            for (operand, side) in [(dma.src(), "src"), (dma.dst(), "dst")] {
                if let Some(operand) = operand {
                    sizes_and_strides(cx, op, operand, side);
                }
            }
            padding(cx, op);
            cross_rank(cx, dma);
        }
    }
}

fn sizes_and_strides(cx: &mut Cx<'_, '_>, op: Op<'_>, operand: DmaOperand<'_>, side: &str) {
    let (sizes, strides) = (operand.sizes().len(), operand.strides().len());
    if sizes == strides {
        return;
    }
    let diagnostic = cx.error(
        codes::SIZES_STRIDES_RANK,
        format!(
            "{side} sizes and strides of `{}` must have the same number of dimensions, but got {sizes} and {strides}",
            op.name()
        ),
        operand.0.text_range(),
        format!("{sizes} sizes, {strides} strides"),
    );
    cx.diagnostics.push(diagnostic.with_help(
        "write `%buf[offsets] [sizes] [strides]` with one stride per size (offsets may be fewer: leading zeros)",
    ));
}

/// The values of a dense i32 array attribute; `None` when absent or of another kind (that is
/// an attribute-kind error, reported elsewhere).
fn dense_i32(op: Op<'_>, key: &str) -> Option<Option<Vec<Option<i64>>>> {
    let value = op.attr(key);
    if value.is_none() && !op.has_attr(key) {
        return Some(None);
    }
    match value.map(AttrValue::read) {
        Some(AttrValue::DenseArray { ty, values }) if ty == "i32" => Some(Some(values)),
        _ => None,
    }
}

fn padding(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    if op.attr_dicts().is_empty() {
        return;
    }
    let (Some(before), Some(after)) = (dense_i32(op, "pad_before"), dense_i32(op, "pad_after")) else { return };
    let at = op
        .attr_dicts()
        .into_iter()
        .find_map(|d| d.entry("pad_before").or_else(|| d.entry("pad_after")))
        .map(|e| e.text_range())
        .unwrap_or_else(|| name_range(op));
    let message = match (&before, &after) {
        (None, None) => return,
        (Some(_), None) | (None, Some(_)) => {
            "`pad_before` and `pad_after` must both be present or both absent".to_string()
        }
        (Some(b), Some(a)) if b.len() != a.len() => format!(
            "`pad_before` and `pad_after` must have the same number of dimensions, but have {} and {}",
            b.len(),
            a.len()
        ),
        (Some(b), Some(a)) => {
            let values = b.iter().chain(a).flatten();
            if let Some(bad) = values.clone().find(|v| **v < 0) {
                format!("padding values must be non-negative, found {bad}")
            } else if let Some(bad) = values.clone().find(|v| **v > 65535) {
                format!("padding values must be <= 65535, found {bad}")
            } else {
                return;
            }
        }
    };
    let diagnostic = cx.error(codes::PADDING, format!("{message} (`{}`)", op.name()), at, "padding here");
    cx.diagnostics.push(diagnostic.with_help(
        "give both as `pad_before = array<i32: ...>, pad_after = array<i32: ...>`, one entry per dimension, each in [0, 65535]",
    ));
}

fn cross_rank(cx: &mut Cx<'_, '_>, dma: DmaMemcpy<'_>) {
    let op = dma.0;
    let ranks: Vec<(&str, Option<i64>)> = ["src_rank", "dst_rank"]
        .into_iter()
        .filter(|key| op.has_attr(key))
        .map(|key| (key, op.attr(key).map(AttrValue::read).and_then(|v| v.int())))
        .collect();
    if ranks.is_empty() {
        return;
    }
    let in_rank = op.node().ancestors().skip(1).filter_map(Op::cast).any(|a| a.name() == air_ops::RANK);
    if !in_rank {
        cx.diagnostics.push(
            cx.error(
                codes::CROSS_RANK,
                "`src_rank`/`dst_rank` on `air.dma_memcpy_nd` require an enclosing `air.rank`".to_string(),
                name_range(op),
                "cross-rank copy outside any `air.rank`",
            )
            .with_help("move the copy into an `air.rank` body, or drop the rank attributes"),
        );
        return;
    }
    for (key, value) in &ranks {
        if let Some(value) = value.filter(|v| *v < 0) {
            cx.diagnostics.push(
                cx.error(
                    codes::CROSS_RANK,
                    format!("`{key}` must be >= 0, got {value}"),
                    name_range(op),
                    "negative rank",
                )
                .with_help("ranks are numbered from 0"),
            );
            return;
        }
    }
    for (key, operand) in [("src_rank", dma.src()), ("dst_rank", dma.dst())] {
        if !op.has_attr(key) {
            continue;
        }
        let Some(memref) = operand.and_then(|o| o.memref()) else { continue };
        let parse = cx.input.parse;
        let Some(def) = parse.scopes.def_of_use(memref.id()) else { continue };
        if def.kind != DefKind::Result {
            continue;
        }
        let Some(alloc) = parse.tree.node(def.node).ancestors().find(|n| n.kind() == SyntaxKind::OPERATION).map(Op)
        else {
            continue;
        };
        if alloc.name() != "memref.alloc" || alloc.has_attr(air_attrs::SYMMETRIC) {
            continue;
        }
        let side = &key[..3];
        let diagnostic = cx.error(
            codes::CROSS_RANK,
            format!("{side} memref `{}` is referenced cross-rank but its `memref.alloc` lacks the `air.symmetric` attribute", memref.text()),
            memref.text_range(),
            "peer buffer",
        );
        let diagnostic = cx.secondary(diagnostic, name_range(alloc), "allocated here");
        cx.diagnostics
            .push(diagnostic.with_help("allocate it on the symmetric heap: `memref.alloc() {air.symmetric} : ...`"));
        return;
    }
}

//! Rules of the data movers: `air.channel.put` / `air.channel.get` (ChannelPutOp::verify,
//! ChannelGetOp::verify, AIRDialect.cpp:3583-3764) and `air.dma_memcpy_nd`
//! (DmaMemcpyNdOp::verify, 3091-3161), with their ODS operands and attributes.

use super::{add_attr, attr_entry, drop_last_entry, Cx, Site};
use crate::sites::hierarchy::inside_rank;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::{ChannelIo, DmaMemcpy, Op};
use air_syntax::SyntaxKind::*;
use air_syntax::SyntaxNode;

const MOVERS: &[&str] = &[air_ops::CHANNEL_PUT, air_ops::CHANNEL_GET, air_ops::DMA_MEMCPY_ND];

/// The `%buf[offsets] [sizes] [strides]` operands of a put, get or DMA.
fn operands(op: Op<'_>) -> Vec<SyntaxNode<'_>> {
    op.node().children_of(DMA_OPERAND).collect()
}

/// AIRDialect.cpp:3593, 3704: a channel index replaced by the induction variable of the
/// innermost `scf.for` (with an `index` iv) around the put or get, inside the same
/// isolated region.
pub fn index_temporal_iv(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let indices = io.op.node().child(CHANNEL_INDICES)?;
            let first = indices.children_of(VALUE_USE).next()?;
            let iv = enclosing_for_iv(cx, io.op.node())?;
            Site::at(first, cx.edits().replace_node(first, iv))
        })
        .collect()
}

/// Lax, AIRDialect.cpp:3592 (`scf::getForInductionVarOwner(idx)`): only an iv itself is
/// refused, so an index computed from the enclosing `scf.for` iv is accepted.
pub fn index_derived_iv(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let first = io.op.node().child(CHANNEL_INDICES)?.children_of(VALUE_USE).next()?;
            let iv = enclosing_for_iv(cx, io.op.node())?;
            let line = format!("%mutagen_j = arith.addi {iv}, {iv} : index");
            Site::at(first, cx.edits().line_before(io.op.node(), &line).replace_node(first, "%mutagen_j"))
        })
        .collect()
}

/// Benign, AIRDialect.cpp:3590-3596: a spatial `scf.parallel` iv is a fine channel index.
pub fn index_parallel_iv(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let first = io.op.node().child(CHANNEL_INDICES)?.children_of(VALUE_USE).next()?;
            let iv = enclosing_iv(cx, io.op.node(), "scf.parallel")?;
            Site::at(first, cx.edits().replace_node(first, iv))
        })
        .collect()
}

/// The iv name of the innermost `scf.for` around `node` that is in the same isolated
/// region, when its iv is an `index`.
fn enclosing_for_iv(cx: &Cx<'_>, node: SyntaxNode<'_>) -> Option<String> {
    enclosing_iv(cx, node, "scf.for")
}

/// The (first) iv of the innermost `loop` op around `node` in the same isolated region,
/// when it is an `index` (`scf.for ... : i32` has an i32 iv).
fn enclosing_iv(cx: &Cx<'_>, node: SyntaxNode<'_>, loop_name: &str) -> Option<String> {
    let isolating = cx.isolating(node).map(|op| op.node());
    let loop_op = cx.enclosing(node, &[loop_name])?;
    if cx.isolating(loop_op.node()).map(|op| op.node()) != isolating {
        return None;
    }
    let typed = loop_op.node().direct_tokens().any(|t| t.kind() == COLON);
    if typed {
        return None;
    }
    let def = loop_op.node().child(ARG_DEF).or_else(|| loop_op.node().child(ID_LIST)?.child(ARG_DEF))?;
    Some(def.first_token()?.text().to_string())
}

/// AIRDialect.cpp:3083 via 3584 (put src), 3695 (get dst), 3092/3095 (DMA src/dst):
/// strides with one entry fewer than sizes.
pub fn sizes_strides_rank(cx: &Cx<'_>, names: &[&str]) -> Vec<Site> {
    cx.ops_named(names)
        .filter_map(|op| {
            operands(op).into_iter().find_map(|operand| {
                let strides = operand.children_of(INDEX_LIST).nth(2)?;
                Site::at(strides, drop_last_entry(cx.edits(), strides)?)
            })
        })
        .collect()
}

pub fn channel_sizes_strides(cx: &Cx<'_>) -> Vec<Site> {
    sizes_strides_rank(cx, &[air_ops::CHANNEL_PUT, air_ops::CHANNEL_GET])
}

pub fn dma_sizes_strides(cx: &Cx<'_>) -> Vec<Site> {
    sizes_strides_rank(cx, &[air_ops::DMA_MEMCPY_ND])
}

/// `array<i32: v, v, ...>` with one entry per dimension of the op's first sizes list.
fn pad(op: Op<'_>, value: i64, extra: usize) -> String {
    let dims = operands(op)
        .first()
        .and_then(|o| o.children_of(INDEX_LIST).nth(1))
        .map(|sizes| super::list_entries(sizes).len())
        .unwrap_or(0)
        .max(1)
        + extra;
    let values = vec![value.to_string(); dims].join(", ");
    format!("array<i32: {values}>")
}

/// Puts, gets and DMAs without padding, each with `entry(op)` added.
fn add_padding(cx: &Cx<'_>, entry: impl Fn(Op<'_>) -> String) -> Vec<Site> {
    cx.ops_named(MOVERS)
        .filter(|op| attr_entry(*op, "pad_before").is_none() && attr_entry(*op, "pad_after").is_none())
        .filter_map(|op| Site::at(op.node(), add_attr(cx.edits(), op, &entry(op))?))
        .collect()
}

/// AIRDialect.cpp:3102, 3627, 3739: `pad_before` without `pad_after`.
pub fn pad_both(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |op| format!("pad_before = {}", pad(op, 0, 0)))
}

/// AIRDialect.cpp:3106, 3631, 3743: `pad_before` and `pad_after` of different ranks.
pub fn pad_same_rank(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |op| format!("pad_before = {}, pad_after = {}", pad(op, 0, 0), pad(op, 0, 1)))
}

/// AIRDialect.cpp:3110, 3635, 3747: a negative padding.
pub fn pad_non_negative(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |op| format!("pad_before = {}, pad_after = {}", pad(op, -1, 0), pad(op, 0, 0)))
}

/// AIRDialect.cpp:3112, 3637, 3749: a padding above 65535.
pub fn pad_max(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |op| format!("pad_before = {}, pad_after = {}", pad(op, 0, 0), pad(op, 65536, 0)))
}

/// AIR.td:485/782/971 `OptionalAttr<DenseI32ArrayAttr>`: padding written as an array
/// attribute instead of a dense i32 array.
pub fn pad_kind(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |_| "pad_before = [0], pad_after = [0]".to_string())
}

/// Benign, AIRDialect.cpp:3099-3114: zero padding of matching ranks.
pub fn pad_zero(cx: &Cx<'_>) -> Vec<Site> {
    add_padding(cx, |op| format!("pad_before = {}, pad_after = {}", pad(op, 0, 0), pad(op, 0, 0)))
}

/// DMAs without `src_rank`/`dst_rank`, split by whether an `air.rank` holds them.
fn dmas<'s>(cx: &'s Cx<'_>, in_rank: bool) -> impl Iterator<Item = DmaMemcpy<'s>> + 's {
    cx.ops()
        .filter_map(DmaMemcpy::cast)
        .filter(move |dma| inside_rank(dma.0.node()) == in_rank)
        .filter(|dma| attr_entry(dma.0, "src_rank").is_none() && attr_entry(dma.0, "dst_rank").is_none())
}

/// AIRDialect.cpp:3124: `src_rank` on a DMA outside any `air.rank`.
pub fn cross_rank_scope(cx: &Cx<'_>) -> Vec<Site> {
    dmas(cx, false).filter_map(|dma| Site::at(dma.0.node(), add_attr(cx.edits(), dma.0, "src_rank = 0")?)).collect()
}

/// AIRDialect.cpp:3139: a negative `dst_rank` inside an `air.rank`.
pub fn rank_non_negative(cx: &Cx<'_>) -> Vec<Site> {
    dmas(cx, true).filter_map(|dma| Site::at(dma.0.node(), add_attr(cx.edits(), dma.0, "dst_rank = -1")?)).collect()
}

/// AIRDialect.cpp:3147: `src_rank` inside an `air.rank` on a DMA whose source is a
/// `memref.alloc` without `air.symmetric`.
pub fn cross_rank_symmetric(cx: &Cx<'_>) -> Vec<Site> {
    dmas(cx, true)
        .filter(|dma| {
            let src = dma.src().and_then(|s| s.memref());
            let def = src.and_then(|s| cx.def_of(s)).filter(|d| d.kind() == RESULT);
            let alloc = def.and_then(|d| d.ancestors().find_map(Op::cast));
            alloc.is_some_and(|a| a.name() == "memref.alloc" && !a.has_attr(air_attrs::SYMMETRIC))
        })
        .filter_map(|dma| Site::at(dma.0.node(), add_attr(cx.edits(), dma.0, "src_rank = 0")?))
        .collect()
}

/// AIR.td:487 `OptionalAttr<I64Attr>:$src_rank`: an i32 rank.
pub fn rank_attr_kind(cx: &Cx<'_>) -> Vec<Site> {
    dmas(cx, false)
        .chain(dmas(cx, true))
        .filter_map(|dma| Site::at(dma.0.node(), add_attr(cx.edits(), dma.0, "src_rank = 0 : i32")?))
        .collect()
}

/// AIR.td:767/963 `Variadic<Index>:$indices`: an i32 channel index.
pub fn index_operand_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let first = io.op.node().child(CHANNEL_INDICES)?.children_of(VALUE_USE).next()?;
            i32_operand(cx, io.op, first)
        })
        .collect()
}

/// AIR.td:471-478, 769-771, 965-967 `Variadic<Index>` offsets, sizes and strides: an i32
/// value among them.
pub fn access_operand_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(MOVERS)
        .filter_map(|op| {
            let first = operands(op)
                .into_iter()
                .flat_map(|o| o.children_of(INDEX_LIST).collect::<Vec<_>>())
                .find_map(|list| list.children_of(VALUE_USE).next())?;
            i32_operand(cx, op, first)
        })
        .collect()
}

/// `operand` of `op` replaced by an i32 constant defined just before `op`.
fn i32_operand(cx: &Cx<'_>, op: Op<'_>, operand: SyntaxNode<'_>) -> Option<Site> {
    let edits = cx
        .edits()
        .line_before(op.node(), "%mutagen_i32 = arith.constant 0 : i32")
        .replace_node(operand, "%mutagen_i32");
    Site::at(operand, edits)
}

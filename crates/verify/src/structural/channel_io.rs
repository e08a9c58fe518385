//! `air.channel.put/get` rules of AIR's verifiers (AIRDialect.cpp ChannelPutOp::verify
//! 3583–3641, ChannelGetOp::verify 3694–3753): bundle indices are spatial, never the
//! induction variable of a temporal `scf.for`; an `npu_mmio` channel puts from L3 and gets
//! into L1; a `gpu_symmetric_heap` channel is used inside an `air.rank`. The channel is the
//! chunk's first declaration of that name (`resolveChannelDecl`: when none exists these rules
//! pass).

use super::memory_space::{space_of, Space};
use super::Cx;
use crate::codes;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::{attr_string, symbol_name, ChannelDecl, ChannelIo, IndexEntry, Op};
use air_syntax::{DefKind, Parse, SyntaxKind, SyntaxNode};
use std::collections::BTreeMap;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    let _tree = &cx.input.parse.tree;
    let ops: Vec<Op<'_>> = cx.ops.iter().map(|(op, _)| *op).collect();
    let mut channel_types: BTreeMap<String, String> = BTreeMap::new();
    for op in ops.iter().filter(|op| op.name() == air_ops::CHANNEL) {
        let name = match ChannelDecl::cast(*op) {
            Some(decl) => decl.name(),
            None => op.attr(air_attrs::SYM_NAME).and_then(attr_string).unwrap_or_default(),
        };
        let channel_type =
            op.attr("channel_type").and_then(attr_string).unwrap_or_else(|| "npu_dma_stream".to_string());
        channel_types.entry(name).or_insert(channel_type);
    }
    for op in &ops {
        let Some(io) = ChannelIo::cast(*op) else { continue };
        temporal_indices(cx, io);
        let Some(channel_type) = channel_types.get(&io.chan_name()) else { continue };
        match channel_type.as_str() {
            "npu_mmio" => mmio_memory(cx, io),
            "gpu_symmetric_heap" => needs_rank(cx, io),
            _ => {}
        }
    }
}

/// Whether a use names the induction variable of an `scf.for` (`scf::getForInductionVarOwner`).
pub(super) fn is_scf_for_iv(parse: &Parse, use_node: SyntaxNode<'_>) -> bool {
    let Some(def) = parse.scopes.def_of_use(use_node.id()) else { return false };
    let def_node = parse.tree.node(def.node);
    match def.kind {
        // `scf.for %iv = ...`: the name is bound directly by the op.
        DefKind::RegionArg => {
            def_node.parent().is_some_and(|p| p.kind() == SyntaxKind::OPERATION && Op(p).name() == "scf.for")
        }
        // Generic form: the first argument of the entry block of `"scf.for"`'s region.
        DefKind::BlockArg => {
            let Some(label) = def_node.parent() else { return false };
            let first = label.children_of(SyntaxKind::BLOCK_ARG).next() == Some(def_node);
            let Some(block) = label.parent() else { return false };
            let Some(region) = block.parent() else { return false };
            let entry = region.children_of(SyntaxKind::BLOCK).next() == Some(block);
            let owner = region.ancestors().skip(1).find(|n| n.kind() == SyntaxKind::OPERATION);
            first && entry && owner.is_some_and(|o| Op(o).name() == "scf.for")
        }
        DefKind::Result => false,
    }
}

fn temporal_indices(cx: &mut Cx<'_, '_>, io: ChannelIo<'_>) {
    for (position, entry) in io.indices().into_iter().enumerate() {
        let IndexEntry::Value(index) = entry else { continue };
        if !is_scf_for_iv(cx.input.parse, index) {
            continue;
        }
        let diagnostic = cx.error(
            codes::CHANNEL_INDEX_TEMPORAL,
            format!(
                "channel index {position} of `{}` (`{}`) is an `scf.for` induction variable; bundle indices must not be temporal loop variables",
                io.op.name(),
                index.text()
            ),
            index.text_range(),
            "induction variable of an `scf.for`",
        );
        let diagnostic = match cx.input.parse.scopes.def_of_use(index.id()) {
            Some(def) => {
                let def_at = cx.input.parse.tree.token(def.token).text_range();
                cx.secondary(diagnostic, def_at, "bound by this loop")
            }
            None => diagnostic,
        };
        cx.diagnostics.push(diagnostic.with_help(
            "a bundle index selects a spatial channel: iterate with `scf.parallel` (as upstream's builders do) or index by herd ids, and keep `scf.for` for repeating transfers over time",
        ));
    }
}

fn mmio_memory(cx: &mut Cx<'_, '_>, io: ChannelIo<'_>) {
    let Some(ty) = io.memref_type() else { return };
    let Space::Int(space) = space_of(&air_syntax::views::text::compact(ty)) else { return };
    let (wanted, side, level) = if io.is_put { (0, "source", "L3") } else { (2, "destination", "L1") };
    if space == wanted {
        return;
    }
    let diagnostic = cx.error(
        codes::CHANNEL_TYPE_RULE,
        format!(
            "`{}` on an \"npu_mmio\" channel needs its {side} in {level} (memory space {wanted}), not memory space {space}",
            io.op.name()
        ),
        ty.text_range(),
        format!("memory space {space}"),
    );
    cx.diagnostics.push(diagnostic.with_help(
        "an MMIO channel is written by the host into a core's L1 buffer: put from an L3 buffer, get into a `memref<..., 2 : i32>`",
    ));
}

fn needs_rank(cx: &mut Cx<'_, '_>, io: ChannelIo<'_>) {
    if io.op.node().ancestors().skip(1).filter_map(Op::cast).any(|op| op.name() == air_ops::RANK) {
        return;
    }
    let diagnostic = cx.error(
        codes::CHANNEL_TYPE_RULE,
        format!(
            "`{}` on a \"gpu_symmetric_heap\" channel `@{}` must be inside an `air.rank`",
            io.op.name(),
            symbol_name(io.chan_token().map(|t| t.text()).unwrap_or(""))
        ),
        name_range(io.op),
        "outside any `air.rank`",
    );
    cx.diagnostics.push(
        diagnostic.with_help("cross-rank addressing needs a multi-rank world: move the op into an `air.rank` body"),
    );
}

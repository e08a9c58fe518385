//! Core tiles and memtiles: DMA channels, BD chains, locks, and the fields of their BDs.
//!
//! Core (model doc §4.5): each L1-side put/get takes one of the core's 2 input or 2 output DMA
//! channels (the same channel symbol reuses its channel); the DMA program is a BD chain per
//! channel, one BD per distinct transfer, two for a ping-ponged buffer, 16 BDs per tile.
//! Memtile (§4.6): one BD chain per memtile channel, unrolled where AIR cannot fold the loops
//! (`air-opt-memtile-dma-bds`), limited to the 24 BDs of the channel's parity half.

use super::compile_time::{report_endless, SplitOrigin};
use super::dims;
use super::issues::report_issue;
use super::split::{Fate, Pieces};
use super::{Cx, Unit};
use crate::facts::fields::RepeatRemedy;
use crate::facts::tiles::TileFact;
use crate::report::{Amount, BudgetRow};
use air_model::pattern::canon::{fold_loops, CanonParams, FoldParams, LoopDim};
use air_model::pattern::endpoint_pattern;
use air_model::program::{Endpoint, EndpointId, Level, Root};
use std::collections::{BTreeMap, BTreeSet};

/// Folds the loops of `endpoint` that belong to its tile's program (herd loops for a core,
/// segment and herd loops for a memtile). `Err` names a value that is not constant.
fn tile_chain(cx: &Cx<'_>, endpoint: &Endpoint, core: bool) -> Result<TileChain, String> {
    let pattern = endpoint_pattern(endpoint).map_err(|e| e.describe())?;
    // A loop whose variable indexes the channel addresses another channel instance per
    // iteration: another chain, not a longer one.
    let index_vars = air_model::program::Program::index_vars(endpoint);
    let mut loops = Vec::new();
    for &l in &endpoint.loops {
        let lp = &cx.prog.loops[l];
        if index_vars.contains(&lp.iv) {
            continue;
        }
        let local = if core {
            lp.within.herd.is_some() && lp.within.herd == endpoint.within.herd
        } else {
            lp.within.segment.is_some()
        };
        if !local {
            continue;
        }
        // A loop that does not move the transfer repeats the chain: no BDs, trip count unneeded.
        if !pattern.base.depends_on(lp.iv) {
            continue;
        }
        match (lp.trip, lp.step.as_const()) {
            (Some(trip), Some(step)) => {
                loops.push(LoopDim { trip, stride: pattern.base.coefficient(lp.iv).saturating_mul(step), step })
            }
            _ => {
                return Err(format!(
                    "the trip count of an enclosing loop, which depends on {}",
                    lp.trip_unknown.clone().unwrap_or_else(|| "a step that is not constant".to_string())
                ))
            }
        }
    }
    let tile = if core { &cx.dev.core } else { &cx.dev.memtile };
    let params = FoldParams {
        max_dims: tile.bd_dims as usize,
        skip_zero_stride: true,
        repeat_at_highest: false,
        canon: CanonParams { max_size: Some(1023), inner_alignment: pattern.inner_alignment(), volume: pattern.volume },
        elem_bits: pattern.elem_bits,
        stride_check: false,
        contiguous_exception: false,
    };
    let folded = fold_loops(&pattern.dims, &loops, &params);
    Ok(TileChain { pattern, folded, loops })
}

/// One tile-side transfer as `tile_chain` folds it.
struct TileChain {
    pattern: air_model::pattern::Pattern,
    folded: air_model::pattern::canon::Folded,
    /// The loops it folded (or unrolled), outermost first.
    loops: Vec<LoopDim>,
}

fn pp_factor(cx: &Cx<'_>, endpoint: &Endpoint) -> i64 {
    match endpoint.root {
        Root::Buffer(b) => cx.pingpong.factor(b),
        _ => 1,
    }
}

type Branches<'a> = &'a [(air_syntax::NodeId, u32)];

/// Distinct streams when transfers in different branches of one `if` never run together: the
/// unconditional streams plus, for each `if`, its busiest branch.
fn exclusive_count(items: &[(String, Branches<'_>)]) -> usize {
    let weighted: Vec<(String, i64, Branches<'_>)> = items.iter().map(|(k, b)| (k.clone(), 1, *b)).collect();
    exclusive_sum(&weighted) as usize
}

/// The largest total weight of items that can be live together: items keyed alike count once,
/// and of the branches of one `if` only the heaviest counts (a core runs one of them).
fn exclusive_sum(items: &[(String, i64, Branches<'_>)]) -> i64 {
    let mut unconditional: BTreeMap<&str, i64> = BTreeMap::new();
    for (key, weight, path) in items {
        if path.is_empty() {
            let slot = unconditional.entry(key.as_str()).or_insert(0);
            *slot = (*slot).max(*weight);
        }
    }
    type Nested<'a> = BTreeMap<air_syntax::NodeId, BTreeMap<u32, Vec<(String, i64, Branches<'a>)>>>;
    let mut by_if: Nested<'_> = BTreeMap::new();
    for (key, weight, path) in items {
        if let Some((first, rest)) = path.split_first() {
            if !unconditional.contains_key(key.as_str()) {
                by_if.entry(first.0).or_default().entry(first.1).or_default().push((key.clone(), *weight, rest));
            }
        }
    }
    air_model::arith::sat_sum(unconditional.values().copied()).saturating_add(air_model::arith::sat_sum(
        by_if.values().map(|regions| regions.values().map(|v| exclusive_sum(v)).max().unwrap_or(0)),
    ))
}

pub(crate) fn check_core(cx: &mut Cx<'_>, unit: &Unit, rows: &mut Vec<BudgetRow>) {
    for herds in &super::physical_herds(cx.prog, &unit.herds) {
        let first = herds[0];
        let herd_range = cx.prog.herds[first].range;
        let scope = super::per_core_scope(cx.prog, first);
        let endpoints: Vec<EndpointId> = unit
            .endpoints
            .iter()
            .copied()
            .filter(|&e| {
                let ep = &cx.prog.endpoints[e];
                ep.level == Level::L1 && ep.within.herd.is_some_and(|h| herds.contains(&h)) && cx.prog.uses_dma(ep)
            })
            .collect();
        if endpoints.is_empty() {
            continue;
        }
        // Channels: distinct streams per direction; host transfers the compiler promotes to
        // packet flows share one channel of the core.
        let none = [BTreeSet::new(), BTreeSet::new()];
        let promoted = cx.promoted.get(&super::packet_flows::scope_of(cx.prog, first)).unwrap_or(&none).clone();
        let mut inputs: BTreeMap<String, EndpointId> = BTreeMap::new();
        let mut outputs: BTreeMap<String, EndpointId> = BTreeMap::new();
        for &e in &endpoints {
            let ep = &cx.prog.endpoints[e];
            let side = if ep.kind.reads_memory() { &mut outputs } else { &mut inputs };
            side.entry(ep.stream_key()).or_insert(e);
        }
        for (streams, resource, input, limit, packets) in [
            (&inputs, "core_dma_in_channels", true, cx.dev.core.s2mm_channels, &promoted[0]),
            (&outputs, "core_dma_out_channels", false, cx.dev.core.mm2s_channels, &promoted[1]),
        ] {
            let items: Vec<(String, Branches<'_>)> = streams
                .iter()
                .map(|(key, &e)| {
                    let key = if packets.contains(key) { "packet flows".to_string() } else { key.clone() };
                    (key, cx.prog.endpoints[e].branches.as_slice())
                })
                .collect();
            let used = exclusive_count(&items) as i64;
            rows.push(BudgetRow {
                resource,
                scope: scope.clone(),
                used: Amount::known(used),
                available: i64::from(limit),
                unit: "channels",
            });
            if used <= i64::from(limit) {
                continue;
            }
            let mut ranges: Vec<_> =
                streams.iter().map(|(key, &e)| (cx.prog.endpoints[e].operand_range, packets.contains(key))).collect();
            ranges.sort_by_key(|(range, _)| range.start);
            // Streams numbered in the file's order; the packet flows are one stream.
            let (mut count, mut packet_number) = (0, None);
            let streams = ranges
                .into_iter()
                .map(|(range, packet)| {
                    let mut fresh = || {
                        count += 1;
                        count
                    };
                    let number = if packet { *packet_number.get_or_insert_with(fresh) } else { fresh() };
                    (range, number, packet)
                })
                .collect();
            cx.report(TileFact::CoreChannels { at: herd_range, input, used, limit, streams });
        }
        // BDs and locks.
        let mut bd_items: Vec<(String, i64, Branches<'_>)> = Vec::new();
        let mut bds_known = true;
        let mut why_unknown = None;
        // Lock pairs: one per channel symbol and DMA channel (see `check_locks`).
        let mut lock_streams: BTreeMap<bool, BTreeSet<String>> = BTreeMap::new();
        let mut seen_ops = BTreeSet::new();
        for &e in &endpoints {
            let ep = cx.prog.endpoints[e].clone();
            lock_streams.entry(ep.kind.reads_memory()).or_default().insert(ep.stream_key());
            match tile_chain(cx, &ep, true) {
                // AIR does not split core-side sizes (`endless` is not read): a 1031-element
                // L1 dimension lowers (the compiler kit accepts it).
                Ok(TileChain { pattern, folded, .. }) => {
                    bd_items.push((
                        format!("op:{}", ep.op.0),
                        folded.copies.max(1) * pp_factor(cx, &ep),
                        cx.prog.endpoints[e].branches.as_slice(),
                    ));
                    if seen_ops.insert(ep.op) {
                        if let Some(issue) = dims::inner_stride(&pattern) {
                            report_issue(cx, &ep, &issue, Level::L1, RepeatRemedy::None);
                        }
                        for issue in dims::tile_bd(&folded.dims, pattern.elem_bits, &cx.dev.core) {
                            report_issue(cx, &ep, &issue, Level::L1, RepeatRemedy::None);
                        }
                    }
                }
                Err(why) => {
                    bds_known = false;
                    why_unknown.get_or_insert(why);
                }
            }
        }
        let bds = bds_known.then(|| exclusive_sum(&bd_items));
        let bd_limit = i64::from(cx.dev.core.bds);
        rows.push(BudgetRow {
            resource: "core_bds",
            scope: scope.clone(),
            used: match (bds, &why_unknown) {
                (Some(n), _) => Amount::known(n),
                (None, why) => Amount::NotConstant { reason: why.clone().unwrap_or_default() },
            },
            available: bd_limit,
            unit: "BDs",
        });
        if let Some(bds) = bds.filter(|&n| n > bd_limit) {
            cx.report(TileFact::CoreBds { at: herd_range, bds, limit: bd_limit });
        }
        check_locks(cx, herds, herd_range, scope, &lock_streams, rows);
    }
}

/// Core locks (AS0426). air-to-aie (`getLockForDMA`, AIRToAIESchedulingUtils.cpp) allocates a
/// read and a write lock for a BD and reuses them for every later BD of the same channel symbol
/// on the same tile and DMA channel (so both copies of a ping-ponged buffer share them), or of
/// the same buffer on the same DMA channel: one pair per stream of the core. A herd with
/// runtime parameters also takes the herd lock (id 0). `allocateLockOp` numbers locks from 0
/// without a bound; `LockOp::verify` rejects an id above 15.
fn check_locks(
    cx: &mut Cx<'_>,
    herds: &[usize],
    herd_range: air_diagnostics::TextRange,
    scope: String,
    lock_streams: &BTreeMap<bool, BTreeSet<String>>,
    rows: &mut Vec<BudgetRow>,
) {
    let pairs: i64 = air_model::arith::sat_sum(lock_streams.values().map(|keys| keys.len() as i64));
    let herd_lock = i64::from(herds.iter().any(|&h| cx.prog.herds[h].runtime_params > 0));
    let locks = pairs.saturating_mul(2).saturating_add(herd_lock);
    let lock_limit = i64::from(cx.dev.core.locks);
    rows.push(BudgetRow {
        resource: "core_locks",
        scope,
        used: Amount::known(locks),
        available: lock_limit,
        unit: "locks",
    });
    if locks > lock_limit {
        let herd_lock = herd_lock > 0;
        cx.report(TileFact::CoreLocks { at: herd_range, locks, limit: lock_limit, streams: pairs, herd_lock });
    }
}

/// The fields of one memtile BD. A buffer air-split-l2-memref may split gets other BDs than
/// written: only what a split keeps (4-byte granularity) is checked unless it stays whole, and
/// the length of the transfer that fills or drains a whole piece where the split is followed. A
/// split of a whole buffer's pattern that never ends (AS0440) is all there is to say of it.
fn check_memtile_fields(
    cx: &mut Cx<'_>,
    e: EndpointId,
    ep: &Endpoint,
    chain: &TileChain,
    fates: &BTreeMap<air_model::program::BufferId, Fate>,
) {
    let TileChain { pattern, folded, loops } = chain;
    let whole = match ep.root {
        Root::Buffer(b) => super::split::why_whole(cx, b).is_some(),
        _ => false,
    };
    if let Some(split) = folded.endless.as_ref().filter(|_| whole) {
        let origin = match folded.endless_fold.and_then(|idx| loops.get(idx)) {
            Some(lp) => SplitOrigin::Fold { trip: lp.trip },
            None => SplitOrigin::Written,
        };
        report_endless(cx, ep, split, origin, Level::L2);
        return;
    }
    if let Root::Buffer(b) = ep.root {
        if let Some(Fate::Split(pieces)) = fates.get(&b) {
            check_piece_length(cx, e, ep, b, pieces);
        }
    }
    if let Some(issue) = dims::inner_stride(pattern) {
        report_issue(cx, ep, &issue, Level::L2, RepeatRemedy::None);
    }
    for issue in dims::tile_bd(&folded.dims, pattern.elem_bits, &cx.dev.memtile) {
        let kept = matches!(
            issue,
            dims::Issue::D0Bytes { .. } | dims::Issue::StrideBytes { .. } | dims::Issue::LengthBytes { .. }
        );
        if whole || kept {
            report_issue(cx, ep, &issue, Level::L2, RepeatRemedy::None);
        }
    }
}

/// The BD length of the single-side transfer of a split buffer that covers the buffer: after
/// air-split-l2-memref it fills (or drains) one whole piece per BD (mlir-air
/// `AIRMiscPasses.cpp:1713`, `tileChannelOpByFactor` cuts its split dimension to the piece's
/// extent), and mlir-aie `AIEDialect.cpp:2388` (`DMABDOp::verify`) bounds a memtile BD at
/// 131071 words (`buffer descriptor length (N 32-bit words) exceeds the maximum`).
fn check_piece_length(cx: &mut Cx<'_>, e: EndpointId, ep: &Endpoint, b: air_model::program::BufferId, pieces: &Pieces) {
    let Some(limit) = cx.dev.memtile.length_max_words else { return };
    let buffer = &cx.prog.buffers[b];
    let shape: Option<Vec<i64>> = buffer.ty.as_ref().and_then(|t| t.shape.iter().copied().collect());
    let sizes: Option<Vec<i64>> = ep.sizes.iter().map(|v| v.as_const()).collect();
    let covers = ep.is_whole_buffer() || (shape.is_some() && shape == sizes);
    if pieces.single != e || !covers || pieces.bytes % 4 != 0 {
        return;
    }
    let words = pieces.bytes / 4;
    if words <= limit {
        return;
    }
    cx.report(TileFact::PieceLength {
        at: ep.operand_range,
        words,
        limit,
        buffer: buffer.range,
        name: buffer.name.clone(),
        bytes: buffer.bytes.unwrap_or(0),
        pieces: pieces.count,
        piece_bytes: pieces.bytes,
        dim: pieces.dim,
        by_row: pieces.by != 0,
    });
}

pub(crate) fn check_memtile(cx: &mut Cx<'_>, unit: &Unit, herds_fit: bool, rows: &mut Vec<BudgetRow>) {
    let l2: Vec<EndpointId> = unit
        .endpoints
        .iter()
        .copied()
        .filter(|&e| cx.prog.endpoints[e].level == Level::L2 && cx.prog.uses_dma(&cx.prog.endpoints[e]))
        .collect();
    if l2.is_empty() {
        return;
    }
    let limit = i64::from(cx.dev.memtile.bds_per_channel);
    let fates = super::split::fates(cx, unit);
    let mut why_unknown = None;
    let mut reported = BTreeSet::new();
    let mut streams: [BTreeMap<String, i64>; 2] = [BTreeMap::new(), BTreeMap::new()];
    // BD chains per memtile channel: every transfer of one channel symbol (or one DMA op)
    // joins the same chain.
    let mut chains: BTreeMap<(usize, String), (i64, Vec<EndpointId>, i64)> = BTreeMap::new();
    for e in l2 {
        let ep = cx.prog.endpoints[e].clone();
        match tile_chain(cx, &ep, false) {
            Ok(tile) => {
                let (pattern, folded) = (&tile.pattern, &tile.folded);
                let bds = folded.copies.max(1) * pp_factor(cx, &ep);
                // One memtile channel per instance: per value of the herd ids the L2 offset or the
                // channel indices depend on, and per iteration of a loop that indexes the channel.
                let index_vars = air_model::program::Program::index_vars(&ep);
                let per_herd: i64 = match ep.within.herd {
                    Some(h) => cx.prog.herds[h]
                        .sizes
                        .iter()
                        .filter(|d| pattern.base.depends_on(d.var) || index_vars.contains(&d.var))
                        .map(|d| d.size.as_const().unwrap_or(1).max(1))
                        .fold(1i64, i64::saturating_mul),
                    None => 1,
                };
                let per_loop: i64 = ep
                    .loops
                    .iter()
                    .filter(|&&l| index_vars.contains(&cx.prog.loops[l].iv))
                    .map(|&l| cx.prog.loops[l].trip.unwrap_or(1).max(1))
                    .fold(1i64, i64::saturating_mul);
                let instances = per_herd.saturating_mul(per_loop);
                let dir = usize::from(!ep.kind.reads_memory());
                let key = ep.stream_key();
                let slot = streams[dir].entry(key.clone()).or_insert(0);
                *slot = (*slot).max(instances);
                let chain = chains.entry((dir, key)).or_insert((0, Vec::new(), 1));
                chain.0 += bds;
                chain.1.push(e);
                chain.2 = chain.2.max(folded.copies);
                if !reported.insert(ep.op) {
                    continue;
                }
                check_memtile_fields(cx, e, &ep, &tile, &fates);
            }
            Err(why) => {
                why_unknown.get_or_insert(why);
            }
        }
    }
    let mut worst = if why_unknown.is_some() { None } else { Some(0) };
    for (bds, endpoints, copies) in chains.values() {
        worst = worst.map(|w: i64| w.max(*bds));
        if *bds <= limit {
            continue;
        }
        let pingponged = pp_factor(cx, &cx.prog.endpoints[endpoints[0]]) > 1;
        let transfers = endpoints.iter().map(|&e| cx.prog.endpoints[e].operand_range).collect();
        cx.report(TileFact::MemtileChain { transfers, bds: *bds, limit, copies: *copies, pingponged });
    }
    rows.push(BudgetRow {
        resource: "memtile_bds_per_channel",
        scope: "longest memtile BD chain".to_string(),
        used: match (worst, &why_unknown) {
            (Some(w), _) => Amount::known(w),
            (None, why) => Amount::NotConstant { reason: why.clone().unwrap_or_default() },
        },
        available: limit,
        unit: "BDs",
    });
    let channel_limit = i64::from(cx.dev.memtile.mm2s_channels * cx.dev.memtiles);
    for (dir, resource) in ["memtile_mm2s_channels", "memtile_s2mm_channels"].into_iter().enumerate() {
        let used: i64 = air_model::arith::sat_sum(streams[dir].values().copied());
        rows.push(BudgetRow {
            resource,
            scope: "whole launch".to_string(),
            used: Amount::known(used),
            available: channel_limit,
            unit: "channels",
        });
        if used > channel_limit && herds_fit {
            let (unit, at, output) = (unit.label.clone(), unit.range, dir == 0);
            cx.report(TileFact::MemtileChannels { unit, at, output, used, limit: channel_limit });
        }
    }
}

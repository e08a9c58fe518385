//! The shim side of a launch: L3 streams against shim DMA channels, the BDs their tasks keep
//! live per shim tile, the task queue, and each task's fields (repeat count, wraps, strides,
//! iteration, 4-byte granularity).
//!
//! Each L3 endpoint is followed the way the compiler lowers it (model doc §4.3–4.4): the launch
//! iteration space becomes loops around the transfer (`AIRLaunchToScfForPattern`), the loops
//! fold into BD dimensions while they fit (`air-opt-shim-dma-bds`) and are unrolled into one
//! task per iteration when they do not, and `airrt-to-npu` factors wraps that exceed AIR's
//! bounds, unrolling what needs more than four dimensions. Every task of one launch stays live
//! until the launch-end wait, unless the launch loops are tiled (`--air-runtime-loop-tiling-sizes`
//! or `air.shim_dma_tile_sizes`), which inserts a blocking wait, and recycles BDs, per tile.

mod cost;

use super::split::{self, HostSide};
use super::{Cx, Unit};
use crate::facts::shim::{Direction, ShimFact, StreamShare, TileShare};
use crate::report::{Amount, BudgetRow};
use air_diagnostics::TextRange;
use air_model::pattern::canon::largest_factor;
use air_model::pattern::endpoint_pattern;
use air_model::program::EndpointId;
use cost::{check_fields, cost, endpoint_cost};
use std::collections::BTreeMap;

/// One L3 stream family: an endpoint (or a channel) and how many parallel streams it is.
#[derive(Clone, Debug)]
struct Stream {
    mm2s: bool,
    /// Parallel streams (one per core when the offset depends on the herd ids).
    count: i64,
    why_count: String,
    /// Columns of the streams, when known (per-core streams sit in their core's column).
    columns: Vec<Option<i64>>,
    /// Live tasks per stream and recycle window; `None` when not constant.
    tasks: Option<i64>,
    endpoints: Vec<EndpointId>,
    /// Its far end is an L2 buffer air-split-l2-memref may split: the compiler's streams and
    /// tasks for it are not the ones written.
    uncertain: bool,
}

/// Tasks one MM2S feed channel keeps in flight: mlir-air's `boundShimFeedBursts`
/// (`AIRRtToNpuPass.cpp`, `burstLimit = 4`) awaits task i−4 before starting task i, which frees
/// its BD. S2MM tasks are awaited only at the launch's (or tile's) end.
const MM2S_IN_FLIGHT: i64 = 4;

/// More streams than this never fit any device's shim channels: no per-stream data is kept.
const MAX_PLACED_STREAMS: i64 = 64;

/// Launch-dimension trip counts within one BD-recycling window. With runtime loop tiling,
/// `air-opt-shim-dma-bds` strip-mines the launch loops (the intra-tile loops fold into BDs),
/// unrolls the inter-tile loops and ends every tile with a blocking wait, so BD IDs are
/// recycled per tile (Xilinx/mlir-air `AIROptimizeShimDMABDs`).
pub(crate) fn window_trips(cx: &Cx<'_>, unit: &Unit) -> (Vec<Option<i64>>, Option<Vec<i64>>) {
    let trips: Vec<Option<i64>> = unit.dims.iter().map(|d| d.size.as_const()).collect();
    let sizes: Option<Vec<i64>> = if cx.opts.runtime_loop_tiling_sizes == [0] {
        // AIROptimizeShimDMABDs' sentinel: tiling off for every launch.
        None
    } else if !cx.opts.runtime_loop_tiling_sizes.is_empty() {
        Some(cx.opts.runtime_loop_tiling_sizes.clone())
    } else {
        match unit.tile_sizes.as_deref() {
            // The skip sentinel; an invalid attribute fails the pass (AS0434).
            Some([0]) | None => None,
            Some(sizes) if !super::tiling::valid(sizes) => None,
            Some([one]) => Some(vec![*one; trips.len()]),
            Some(many) => Some(many.to_vec()),
        }
    };
    let Some(sizes) = sizes else { return (trips, None) };
    let windows = trips
        .iter()
        .enumerate()
        .map(|(i, trip)| match (trip, sizes.get(i)) {
            // `tilePerfectlyNested` strip-mines each launch loop by the largest factor of its trip
            // count not above the tile size: that many iterations share one window.
            (Some(t), Some(&s)) if s > 0 => Some(largest_factor(*t, s)),
            (t, _) => *t,
        })
        .collect();
    (windows, Some(sizes))
}

/// Live BDs per shim tile, and (stream, BDs) per tile.
type Placement = (Vec<i64>, Vec<Vec<(usize, i64)>>);

/// Places streams on shim tiles, each on its column's tile when it has one (a per-core stream
/// sits in its core's column), else on the least loaded tile with a free channel: the best
/// spread, so the busiest tile's load is a lower bound on what any placement gives.
fn assign(cx: &Cx<'_>, streams: &[&Stream]) -> Option<Placement> {
    let tiles = cx.dev.shim_tiles as usize;
    let per_dir = cx.dev.shim.mm2s_channels as i64;
    let mut load = vec![0i64; tiles];
    let mut used = vec![[0i64; 2]; tiles];
    let mut on_tile: Vec<Vec<(usize, i64)>> = vec![Vec::new(); tiles];
    let mut order: Vec<(usize, usize)> = Vec::new();
    for (s, stream) in streams.iter().enumerate() {
        for i in 0..stream.count as usize {
            order.push((s, i));
        }
    }
    order.sort_by_key(|&(s, i)| {
        let hinted = streams[s].columns.get(i).copied().flatten().is_some();
        (!hinted, std::cmp::Reverse(live_bds(streams[s]).unwrap_or(0)), s, i)
    });
    for (s, i) in order {
        let stream = streams[s];
        let dir = usize::from(!stream.mm2s);
        let bds = live_bds(stream)?;
        let hint = stream.columns.get(i).copied().flatten().map(|c| (c.max(0) as usize) % tiles);
        let tile = match hint.filter(|&t| used[t][dir] < per_dir) {
            Some(t) => t,
            None => (0..tiles).filter(|&t| used[t][dir] < per_dir).min_by_key(|&t| (load[t], t))?,
        };
        used[tile][dir] += 1;
        load[tile] = load[tile].saturating_add(bds);
        match on_tile[tile].iter_mut().find(|(idx, _)| *idx == s) {
            Some(entry) => entry.1 = entry.1.saturating_add(bds),
            None => on_tile[tile].push((s, bds)),
        }
    }
    Some((load, on_tile))
}

/// BDs one stream keeps live at once in a recycling window.
fn live_bds(stream: &Stream) -> Option<i64> {
    stream.tasks.map(|t| if stream.mm2s { t.min(MM2S_IN_FLIGHT) } else { t })
}

/// The L3 endpoints of a unit as streams (one per channel instance or DMA op).
fn collect_streams(
    cx: &mut Cx<'_>,
    unit: &Unit,
    windows: &[Option<i64>],
    tiled: bool,
) -> (Vec<Stream>, Option<String>) {
    let mut streams: BTreeMap<String, Stream> = BTreeMap::new();
    let mut not_constant: Option<String> = None;
    let l3 = unit.l3_dma_endpoints(cx.prog);
    let host_sides = split::host_sides(cx, &l3);
    for e in l3 {
        let endpoint = cx.prog.endpoints[e].clone();
        let mut pattern = match endpoint_pattern(&endpoint) {
            Ok(p) => p,
            Err(err) => {
                let why = err.describe();
                cx.report(ShimFact::PatternNotConstant { operand: endpoint.operand_range, why: why.clone() });
                not_constant.get_or_insert(why);
                continue;
            }
        };
        // air-split-l2-memref gives each piece of a split L2 buffer its own host transfer.
        let (uncertain, pieces) = match host_sides.get(&e).copied().unwrap_or(HostSide::AsWritten) {
            HostSide::AsWritten => (false, 1),
            HostSide::Split { dim, pieces } => match pattern.dims.get_mut(dim) {
                Some(d) => {
                    d.size /= pieces;
                    (false, pieces)
                }
                None => (true, 1),
            },
            HostSide::Unknown => (true, 1),
        };
        check_fields(cx, unit, windows, &endpoint, &pattern, !uncertain);
        let mut cost = cost(cx, unit, windows, &endpoint, &pattern);
        if let Some(chain) = cost.chain.as_ref().filter(|_| !uncertain) {
            super::compile_time::check_chain(cx, &endpoint, chain, tiled);
        }
        if pieces > 1 {
            cost.count = cost.count.saturating_mul(pieces);
            cost.columns = vec![None; cost.count.clamp(1, MAX_PLACED_STREAMS) as usize];
            cost.why_count = format!(
                "{}; air-split-l2-memref cuts its L2 end into {pieces} pieces, one stream each",
                cost.why_count
            );
        }
        if cost.tasks.is_none() {
            cx.report(ShimFact::TasksNotConstant { operand: endpoint.operand_range, why: cost.tasks_why.clone() });
            not_constant.get_or_insert(cost.tasks_why.clone());
        }
        let packet = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.packet);
        let key = match (&endpoint.chan, packet) {
            (Some(chan), true) => format!("packet:{chan}"),
            _ => endpoint.stream_key(),
        };
        let entry = streams.entry(key).or_insert_with(|| Stream {
            mm2s: endpoint.kind.reads_memory(),
            count: cost.count,
            why_count: cost.why_count.clone(),
            columns: cost.columns.clone(),
            tasks: Some(0),
            endpoints: Vec::new(),
            uncertain: false,
        });
        entry.tasks = match (entry.tasks, cost.tasks) {
            (Some(a), Some(b)) => Some(a.saturating_add(b)),
            _ => None,
        };
        entry.count = entry.count.max(cost.count);
        entry.uncertain |= uncertain;
        entry.endpoints.push(e);
    }
    (streams.into_values().collect(), not_constant)
}

/// Shim DMA channels per direction (AS0407, AS0408). Returns whether a direction is over.
fn check_channels(
    cx: &mut Cx<'_>,
    unit: &Unit,
    streams: &[Stream],
    herds_fit: bool,
    rows: &mut Vec<BudgetRow>,
) -> bool {
    let limit = i64::from(cx.dev.shim_channels_per_direction());
    let mut over = false;
    for (direction, resource) in [(Direction::Mm2s, "shim_mm2s_channels"), (Direction::S2mm, "shim_s2mm_channels")] {
        let mm2s = direction == Direction::Mm2s;
        let family: Vec<&Stream> = streams.iter().filter(|s| s.mm2s == mm2s).collect();
        let used: i64 = air_model::arith::sat_sum(family.iter().map(|s| s.count));
        rows.push(BudgetRow {
            resource,
            scope: "whole launch".to_string(),
            used: Amount::known(used),
            available: limit,
            unit: "channels",
        });
        if used <= limit {
            continue;
        }
        over = true;
        if !herds_fit {
            continue;
        }
        let streams = family
            .iter()
            .map(|s| {
                let operand = cx.prog.endpoints[s.endpoints[0]].operand_range;
                StreamShare { operand, text: text_of(cx, operand), count: s.count, why_count: s.why_count.clone() }
            })
            .collect();
        cx.report(ShimFact::Channels {
            direction,
            unit: unit.label.clone(),
            device: cx.dev.kind,
            used,
            limit,
            shim_tiles: i64::from(cx.dev.shim_tiles),
            per_tile: i64::from(cx.dev.shim.mm2s_channels),
            streams,
        });
    }
    over
}

pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit, herds_fit: bool, rows: &mut Vec<BudgetRow>) {
    let (windows, tiling) = window_trips(cx, unit);
    let (list, not_constant) = collect_streams(cx, unit, &windows, tiling.is_some());
    let over = check_channels(cx, unit, &list, herds_fit, rows);
    // BDs per shim tile, counted on the streams whose BDs the compiler keeps as written.
    let window = match &tiling {
        Some(sizes) => format!(
            "per tile of the launch loops ({})",
            sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
        ),
        None => "whole launch".to_string(),
    };
    let certain: Vec<&Stream> = list.iter().filter(|s| !s.uncertain).collect();
    let scope = if certain.len() < list.len() {
        format!("busiest shim tile, {window}; streams to split L2 buffers not counted")
    } else {
        format!("busiest shim tile, {window}")
    };
    let bd_limit = i64::from(cx.dev.shim.bds);
    let used = match (&not_constant, over, herds_fit) {
        (Some(why), ..) if certain.iter().any(|s| s.tasks.is_none()) => Amount::NotConstant { reason: why.clone() },
        (_, true, _) => Amount::NotConstant { reason: "streams that do not fit the shim channels".to_string() },
        (_, _, false) => Amount::NotConstant { reason: "a herd that does not fit the array".to_string() },
        _ => match assign(cx, &certain) {
            Some((load, on_tile)) => {
                let peak = load.iter().copied().max().unwrap_or(0);
                if peak > bd_limit {
                    report_bd_exhaustion(cx, unit, &windows, &certain, &load, &on_tile, tiling.is_none());
                }
                Amount::known(peak)
            }
            None => Amount::NotConstant { reason: "streams that do not fit the shim channels".to_string() },
        },
    };
    rows.push(BudgetRow { resource: "shim_bds_per_tile", scope, used, available: bd_limit, unit: "BDs" });
}

/// AS0410 on the busiest tile of a placement.
fn report_bd_exhaustion(
    cx: &mut Cx<'_>,
    unit: &Unit,
    windows: &[Option<i64>],
    list: &[&Stream],
    load: &[i64],
    on_tile: &[Vec<(usize, i64)>],
    untiled: bool,
) {
    let peak = load.iter().copied().max().unwrap_or(0);
    let tile = load.iter().position(|&l| l == peak).unwrap_or(0);
    let mut on_this = on_tile.get(tile).cloned().unwrap_or_default();
    on_this.sort_by_key(|&(s, _)| s);
    if on_this.is_empty() {
        return;
    }
    let parts = on_this
        .iter()
        .map(|&(s, bds)| {
            let stream = list[s];
            let operand = cx.prog.endpoints[stream.endpoints[0]].operand_range;
            let cost = endpoint_cost(cx, unit, windows, &cx.prog.endpoints[stream.endpoints[0]]);
            TileShare {
                operand,
                text: text_of(cx, operand),
                bds,
                capped_tasks: stream.tasks.filter(|&n| stream.mm2s && n > MM2S_IN_FLIGHT),
                tasks_why: cost.tasks_why,
                unfolded: cost.unfolded,
            }
        })
        .collect();
    cx.report(ShimFact::BdsPerTile {
        unit: unit.label.clone(),
        tile,
        peak,
        limit: i64::from(cx.dev.shim.bds),
        untiled,
        in_flight: MM2S_IN_FLIGHT,
        parts,
    });
}

/// Source text of a range (single-spaced), for notes.
pub(super) fn text_of(cx: &Cx<'_>, range: TextRange) -> String {
    air_syntax::views::text::collapse_whitespace(cx.text.get(range.start as usize..range.end as usize).unwrap_or(""))
}

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

use super::{Cx, Finding, Unit};
use crate::pattern::canon::largest_factor;
use crate::pattern::endpoint_pattern;
use crate::program::{EndpointId, Level};
use crate::report::{Amount, BudgetRow};
use crate::rules;
use air_diagnostics::TextRange;
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
}

/// More streams than this never fit any device's shim channels: no per-stream data is kept.
const MAX_PLACED_STREAMS: i64 = 64;

/// Live BDs per shim tile for one unit (for the cross-launch total).
pub(crate) type TilePeaks = Option<Vec<i64>>;

/// Launch-dimension trip counts within one BD-recycling window. With runtime loop tiling,
/// `air-opt-shim-dma-bds` strip-mines the launch loops (the intra-tile loops fold into BDs),
/// unrolls the inter-tile loops and ends every tile with a blocking wait, so BD IDs are
/// recycled per tile (Xilinx/mlir-air `AIROptimizeShimDMABDs`).
fn window_trips(cx: &Cx<'_>, unit: &Unit) -> (Vec<Option<i64>>, Option<Vec<i64>>) {
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

/// How streams are spread over shim tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spread {
    /// The best case: each stream on the least loaded tile with a free channel (a lower bound
    /// on the busiest tile, so exceeding it is certain).
    Balanced,
    /// Program order, filling each tile's two channels per direction before the next tile: what
    /// AIR's allocator does when the far ends share a column.
    InOrder,
}

/// Places streams on shim tiles (column hints first: a per-core stream sits in its core's
/// column). Returns live BDs per tile and which streams sit where.
fn assign(cx: &Cx<'_>, streams: &[Stream], spread: Spread) -> Option<Placement> {
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
    let first_endpoint = |s: usize| streams[s].endpoints.first().copied().unwrap_or(0);
    match spread {
        Spread::Balanced => order.sort_by_key(|&(s, i)| {
            let hinted = streams[s].columns.get(i).copied().flatten().is_some();
            (!hinted, std::cmp::Reverse(streams[s].tasks.unwrap_or(0)), s, i)
        }),
        Spread::InOrder => order.sort_by_key(|&(s, i)| {
            let hinted = streams[s].columns.get(i).copied().flatten().is_some();
            (!hinted, first_endpoint(s), i)
        }),
    }
    for (s, i) in order {
        let stream = &streams[s];
        let dir = usize::from(!stream.mm2s);
        let tasks = stream.tasks?;
        let hint = stream.columns.get(i).copied().flatten().map(|c| (c.max(0) as usize) % tiles);
        let tile = match hint.filter(|&t| used[t][dir] < per_dir) {
            Some(t) => t,
            None => match spread {
                Spread::Balanced => (0..tiles).filter(|&t| used[t][dir] < per_dir).min_by_key(|&t| (load[t], t))?,
                Spread::InOrder => (0..tiles).find(|&t| used[t][dir] < per_dir)?,
            },
        };
        used[tile][dir] += 1;
        load[tile] = load[tile].saturating_add(tasks);
        match on_tile[tile].iter_mut().find(|(idx, _)| *idx == s) {
            Some(entry) => entry.1 = entry.1.saturating_add(tasks),
            None => on_tile[tile].push((s, tasks)),
        }
    }
    Some((load, on_tile))
}

pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit, herds_fit: bool, rows: &mut Vec<BudgetRow>) -> TilePeaks {
    let (windows, tiling) = window_trips(cx, unit);
    let mut streams: BTreeMap<String, Stream> = BTreeMap::new();
    let mut not_constant: Option<String> = None;
    let l3: Vec<EndpointId> = unit
        .endpoints
        .iter()
        .copied()
        .filter(|&e| cx.prog.endpoints[e].level == Level::L3 && cx.prog.uses_dma(&cx.prog.endpoints[e]))
        .collect();
    for e in l3 {
        let endpoint = cx.prog.endpoints[e].clone();
        let pattern = match endpoint_pattern(&endpoint) {
            Ok(p) => p,
            Err(err) => {
                let why = err.describe();
                cx.emit(
                    Finding::info(
                        &rules::NOT_CONSTANT,
                        format!("the access pattern of this L3 transfer {why}; its shim BDs are not counted"),
                    )
                    .at(cx.file, endpoint.operand_range, "L3 side"),
                );
                not_constant.get_or_insert(why);
                continue;
            }
        };
        check_fields(cx, unit, &windows, &endpoint, &pattern);
        let cost = cost(cx, unit, &windows, &endpoint, &pattern);
        if cost.tasks.is_none() {
            cx.emit(
                Finding::info(
                    &rules::NOT_CONSTANT,
                    format!("the shim BDs of this L3 transfer are not counted: they depend on {}", cost.tasks_why),
                )
                .at(cx.file, endpoint.operand_range, "L3 side"),
            );
            not_constant.get_or_insert(cost.tasks_why.clone());
        }
        let mm2s = endpoint.kind.reads_memory();
        let packet = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.packet);
        let key = match (&endpoint.chan, packet) {
            (Some(chan), true) => format!("packet:{chan}"),
            _ => endpoint.stream_key(),
        };
        let entry = streams.entry(key).or_insert_with(|| Stream {
            mm2s,
            count: cost.count,
            why_count: cost.why_count.clone(),
            columns: cost.columns.clone(),
            tasks: Some(0),
            endpoints: Vec::new(),
        });
        entry.tasks = match (entry.tasks, cost.tasks) {
            (Some(a), Some(b)) => Some(a.saturating_add(b)),
            _ => None,
        };
        entry.count = entry.count.max(cost.count);
        entry.endpoints.push(e);
        // The task queue holds 4 started tasks per channel.
        if let Some(tasks) = cost.tasks.filter(|&t| t > i64::from(cx.dev.shim.task_queue_depth)) {
            cx.emit(
                Finding::warning(
                    &rules::SHIM_TASK_QUEUE,
                    format!("this L3 transfer issues {tasks} tasks on one shim channel before any wait; the channel queues {}", cx.dev.shim.task_queue_depth),
                )
                .at(cx.file, endpoint.operand_range, format!("{tasks} tasks"))
                .note(cost.tasks_why.clone())
                .note("newer mlir-aie polls the queue; older versions could drop the push and hang (model doc §4.3)")
                .help("fold the loop into the BD (a contiguous or ≤ 1023-sized inner pattern), or tile the launch loop with --air-runtime-loop-tiling-sizes"),
            );
        }
    }
    // Channels per direction.
    let limit = i64::from(cx.dev.shim_channels_per_direction());
    let mut over = false;
    for (mm2s, rule, resource, dir) in [
        (true, &rules::SHIM_MM2S_CHANNELS, "shim_mm2s_channels", "input (MM2S, L3 → array)"),
        (false, &rules::SHIM_S2MM_CHANNELS, "shim_s2mm_channels", "output (S2MM, array → L3)"),
    ] {
        let mut family: Vec<&Stream> = streams.values().filter(|s| s.mm2s == mm2s).collect();
        let used: i64 = crate::util::sat_sum(family.iter().map(|s| s.count));
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
        family.sort_by_key(|s| std::cmp::Reverse(s.count));
        let first = &cx.prog.endpoints[family[0].endpoints[0]];
        let mut f = Finding::error(
            rule,
            format!("{} needs {used} {dir} shim DMA streams, {} has {limit}", unit.label, cx.dev.kind.name()),
        )
        .at(cx.file, first.operand_range, format!("{} streams", family[0].count));
        for s in family.iter().skip(1).take(5) {
            f = f.also(cx.file, cx.prog.endpoints[s.endpoints[0]].operand_range, format!("{} streams", s.count));
        }
        for s in &family {
            let operand = text_of(cx, cx.prog.endpoints[s.endpoints[0]].operand_range);
            f = f.note(format!("{} from `{operand}`: {}", plural(s.count, "stream"), s.why_count));
        }
        f = f.need(
            format!("{used} streams"),
            format!("{limit} ({} shim tiles × {} channels)", cx.dev.shim_tiles, cx.dev.shim.mm2s_channels),
        );
        f = f.help("use fewer cores per L3 stream: a herd of 8×1 (or 2×4) for kernels that stream 3 tensors per core, 16 cores for 2; or stage the data through L2 so one shim stream feeds many cores");
        cx.emit(f);
    }
    // BDs per shim tile.
    let list: Vec<Stream> = streams.into_values().collect();
    let window = match &tiling {
        Some(sizes) => format!(
            "per tile of the launch loops ({})",
            sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
        ),
        None => "whole launch".to_string(),
    };
    let bd_limit = i64::from(cx.dev.shim.bds);
    if let Some(why) = not_constant.filter(|_| list.iter().any(|s| s.tasks.is_none())) {
        rows.push(BudgetRow {
            resource: "shim_bds_per_tile",
            scope: window,
            used: Amount::NotConstant { reason: why },
            available: bd_limit,
            unit: "BDs",
        });
        return None;
    }
    if over || list.is_empty() || !herds_fit {
        rows.push(BudgetRow {
            resource: "shim_bds_per_tile",
            scope: window,
            used: if list.is_empty() {
                Amount::known(0)
            } else if !herds_fit {
                Amount::NotConstant { reason: "a herd that does not fit the array".to_string() }
            } else {
                Amount::NotConstant { reason: "streams that do not fit the shim channels".to_string() }
            },
            available: bd_limit,
            unit: "BDs",
        });
        return if list.is_empty() { Some(vec![0; cx.dev.shim_tiles as usize]) } else { None };
    }
    let (load, on_tile) = assign(cx, &list, Spread::Balanced)?;
    let peak = load.iter().copied().max().unwrap_or(0);
    let in_order = assign(cx, &list, Spread::InOrder);
    let ordered_peak = in_order.as_ref().map(|(l, _)| l.iter().copied().max().unwrap_or(0)).unwrap_or(0);
    rows.push(BudgetRow {
        resource: "shim_bds_per_tile",
        scope: format!("busiest shim tile, {window}"),
        used: Amount::known(peak),
        available: bd_limit,
        unit: "BDs",
    });
    let (certain, load_used, tiles_used, shown_peak) = if peak > bd_limit {
        (true, &load, &on_tile, peak)
    } else if ordered_peak > bd_limit {
        let (l, t) = in_order.as_ref().map(|(l, t)| (l, t)).unwrap_or((&load, &on_tile));
        (false, l, t, ordered_peak)
    } else {
        return Some(load);
    };
    let tile = load_used.iter().position(|&l| l == shown_peak).unwrap_or(0);
    let mut parts = tiles_used[tile].clone();
    parts.sort_by_key(|&(s, t)| (std::cmp::Reverse(t), s));
    let heaviest = &list[parts[0].0];
    let anchor: TextRange = cx.prog.endpoints[heaviest.endpoints[0]].operand_range;
    let mut f = if certain {
        Finding::error(
            &rules::SHIM_BDS_PER_TILE,
            format!("shim tile {tile} needs {shown_peak} live buffer descriptors in {}, it has {bd_limit}", unit.label),
        )
    } else {
        Finding::warning(
            &rules::SHIM_BDS_PER_TILE,
            format!("shim tile {tile} needs {shown_peak} live buffer descriptors in {} if its streams share a tile in program order, it has {bd_limit}", unit.label),
        )
        .note(format!("spread over separate shim tiles the busiest needs {peak}; which streams share a tile depends on the columns AIR gives their memtile ends (model doc §4.3), so this is a warning"))
    };
    f = f.at(cx.file, anchor, format!("{} on shim tile {tile}", plural(parts[0].1, "BD")));
    for &(s, t) in parts.iter().skip(1).take(5) {
        f = f.also(
            cx.file,
            cx.prog.endpoints[list[s].endpoints[0]].operand_range,
            format!("{} on the same tile", plural(t, "BD")),
        );
    }
    let mut labelled_loops = Vec::new();
    for &(s, t) in &parts {
        let e = &cx.prog.endpoints[list[s].endpoints[0]];
        let cost = endpoint_cost(cx, unit, &windows, e);
        f = f.note(format!("{} for `{}`: {}", plural(t, "BD"), text_of(cx, e.operand_range), cost.tasks_why));
        if let Some((range, label)) = cost.unfolded {
            if !labelled_loops.contains(&range) && labelled_loops.len() < 2 {
                labelled_loops.push(range);
                f = f.also(cx.file, range, label);
            }
        }
    }
    if tiling.is_none() {
        f = f.note("no runtime loop tiling: every task of the launch stays live until its end (BD IDs are recycled only at waits)");
    }
    f = f.need(format!("{shown_peak} BDs"), format!("{bd_limit} per shim tile"))
        .help("keep launch-level loops foldable (contiguous or ≤ 1023-wide inner transfers), tile them with --air-runtime-loop-tiling-sizes 2,2 (BDs are recycled between tiles), or move the iteration into the segment (m_per_segment)");
    cx.emit(f);
    Some(load)
}

/// The unverified cross-launch rule: BDs summed over the launches of one module.
pub(crate) fn check_cross_launch(cx: &mut Cx<'_>, peaks: &[(String, TextRange, TilePeaks)]) {
    let known: Vec<(&String, TextRange, &Vec<i64>)> =
        peaks.iter().filter_map(|(label, range, p)| p.as_ref().map(|p| (label, *range, p))).collect();
    if known.len() < 2 {
        return;
    }
    let limit = i64::from(cx.dev.shim.bds);
    let tiles = cx.dev.shim_tiles as usize;
    let totals: Vec<i64> = (0..tiles)
        .map(|t| crate::util::sat_sum(known.iter().map(|(_, _, p)| p.get(t).copied().unwrap_or(0))))
        .collect();
    let Some(peak) = totals.iter().copied().max() else { return };
    if peak <= limit || known.iter().any(|(_, _, p)| p.iter().any(|&v| v > limit)) {
        return;
    }
    let tile = totals.iter().position(|&t| t == peak).unwrap_or(0);
    let (last_label, last_range, _) = known[known.len() - 1];
    let mut f = Finding::warning(
        &rules::CROSS_LAUNCH_BDS,
        format!("if shim BDs accumulate across launches, shim tile {tile} needs {peak} over the {} launches of this module, it has {limit}", known.len()),
    )
    .at(cx.file, last_range, format!("{last_label}: cumulative total {peak}"));
    for (label, range, p) in known.iter().take(known.len() - 1).take(6) {
        f = f.also(cx.file, *range, format!("{label}: {} BDs on tile {tile}", p.get(tile).copied().unwrap_or(0)));
    }
    f = f
        .note("a merge lesson (model doc §5 F24) reports cumulative BD pools; the per-segment device model (§4.2) says each launch reconfigures its device: unverified")
        .help("if aiecc reports \"Allocator exhausted available buffer descriptor IDs\", split the module (e.g. 4+2 launches) or pad the offending dimension to a multiple of 1024");
    cx.emit(f);
}

fn plural(n: i64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Source text of a range (single-spaced), for notes.
pub(super) fn text_of(cx: &Cx<'_>, range: TextRange) -> String {
    air_syntax::views::text::collapse_whitespace(cx.text.get(range.start as usize..range.end as usize).unwrap_or(""))
}

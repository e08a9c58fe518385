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

use super::dims::{self, Issue};
use super::{Cx, Finding, Unit};
use crate::device::air_limits::STRIDE_UPPER_BOUND;
use crate::eval::VarId;
use crate::pattern::canon::{fold_loops, largest_factor, CanonParams, FoldParams, LoopDim};
use crate::pattern::lower::lower_shim;
use crate::pattern::{endpoint_pattern, Pattern};
use crate::program::{Endpoint, EndpointId, Level, LoopKind};
use crate::report::{Amount, BudgetRow};
use crate::rules::{self, Rule};
use air_diagnostics::TextRange;
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

/// What one L3 endpoint costs.
struct Cost {
    tasks: Option<i64>,
    tasks_why: String,
    /// The loop that does not fold (label range and reason), when one is unrolled.
    unfolded: Option<(TextRange, String)>,
    count: i64,
    why_count: String,
    columns: Vec<Option<i64>>,
}

/// Launch-dimension trip counts within one BD-recycling window. With runtime loop tiling,
/// `air-opt-shim-dma-bds` strip-mines the launch loops (the intra-tile loops fold into BDs),
/// unrolls the inter-tile loops and ends every tile with a blocking wait, so BD IDs are
/// recycled per tile (Xilinx/mlir-air `AIROptimizeShimDMABDs`).
fn window_trips(cx: &Cx<'_>, unit: &Unit) -> (Vec<Option<i64>>, Option<Vec<i64>>) {
    let trips: Vec<Option<i64>> = unit.dims.iter().map(|d| d.size.as_const()).collect();
    let sizes: Option<Vec<i64>> = if !cx.opts.runtime_loop_tiling_sizes.is_empty() {
        Some(cx.opts.runtime_loop_tiling_sizes.clone())
    } else {
        match unit.tile_sizes.as_deref() {
            Some([0]) | None => None,
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

pub(super) fn emit_issue(cx: &mut Cx<'_>, endpoint: &Endpoint, issue: &Issue, level: &str, repeat_help: &str) {
    let at = endpoint.operand_range;
    let file = cx.file;
    let (rule, severity_error, message, help): (&'static Rule, bool, String, String) = match issue {
        Issue::Repeat { value, limit } => (
            &rules::REPEAT_COUNT,
            true,
            format!("this {level} transfer needs repeat count {value} (runs {}), the limit is {limit}", value + 1),
            repeat_help.to_string(),
        ),
        Issue::Iteration { value, limit } => (
            &rules::ITERATION,
            true,
            format!("the iteration dimension of this {level} transfer is {value}, the limit is {limit}"),
            "make the outermost dimension at most 64, or let it become a loop (unrolled into separate tasks)".to_string(),
        ),
        Issue::Wrap { dim, value, limit, version_dependent } => (
            &rules::WRAP,
            !version_dependent,
            format!("dimension d{dim} of this {level} transfer has wrap {value}, the field holds at most {limit}"),
            "split the dimension (reshape the transfer so every size is at most 1023 granules), or make the transfer contiguous".to_string(),
        ),
        Issue::Stride { dim, granules, limit, version_dependent } => (
            &rules::STRIDE,
            !version_dependent,
            format!("dimension d{dim} of this {level} transfer steps {granules} granules (4 B), the field holds at most {limit}"),
            "shrink the stride (a smaller tile_k_l2 or a transposed layout on the host) or split the transfer".to_string(),
        ),
        Issue::Length { words, limit } => (
            &rules::BD_LENGTH,
            true,
            format!("this {level} transfer is {words} words long, the BD length field holds {limit}"),
            "split the transfer into smaller pieces".to_string(),
        ),
        Issue::Dims { value, limit } => (
            &rules::BD_DIMS,
            true,
            format!("this {level} transfer needs {value} dimensions, a BD has {limit}"),
            "merge or drop dimensions of the access pattern".to_string(),
        ),
        Issue::D0Bytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("the innermost dimension of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2 for a GEMV output row)".to_string(),
        ),
        Issue::StrideBytes { dim, bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("dimension d{dim} of this {level} transfer steps {bytes} bytes, not a multiple of 4"),
            "use strides that are whole 32-bit words".to_string(),
        ),
        Issue::LengthBytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("this {level} transfer moves {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2)".to_string(),
        ),
        Issue::OffsetBytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("an offset of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "start every transfer on a 4-byte boundary".to_string(),
        ),
        Issue::InnerStride { stride, elem_bits } => (
            &rules::INNER_STRIDE,
            true,
            format!("the innermost stride of this {level} transfer is {stride} elements of a {elem_bits}-bit type; it must be 1"),
            "restructure the layout so the innermost dimension is contiguous (e.g. transpose on the host, or change the producer's memref shape)".to_string(),
        ),
    };
    let mut finding = if severity_error { Finding::error(rule, message) } else { Finding::warning(rule, message) };
    finding = finding.at(file, at, format!("{level} side: {}", describe_operand(cx, endpoint)));
    if matches!(issue, Issue::Wrap { version_dependent: true, .. } | Issue::Stride { version_dependent: true, .. }) {
        finding = finding.note("the threshold differs between mlir-aie versions (model doc §3.4): newer releases reject it");
    }
    if let Issue::InnerStride { .. } = issue {
        finding = finding.note("on the shim path mlir-aie does not check this: the transfer may compile and move the wrong elements (model doc §3.4)");
    }
    cx.emit(finding.help(help));
}

fn describe_operand(cx: &Cx<'_>, endpoint: &Endpoint) -> String {
    let _ = cx;
    match endpoint.kind {
        crate::program::EndpointKind::DmaSrc => "source".to_string(),
        crate::program::EndpointKind::DmaDst => "destination".to_string(),
        crate::program::EndpointKind::Put => "put".to_string(),
        crate::program::EndpointKind::Get => "get".to_string(),
    }
}

/// Herd-id and segment-unroll variables: parallel instances, not loops.
fn instance_dims(cx: &Cx<'_>, endpoint: &Endpoint) -> Vec<(VarId, Option<i64>, bool)> {
    let mut out = Vec::new();
    if let Some(h) = endpoint.ctx.herd {
        for (i, d) in cx.prog.herds[h].sizes.iter().enumerate() {
            out.push((d.var, d.size.as_const(), i == 0));
        }
    }
    if let Some(s) = endpoint.ctx.segment {
        for d in &cx.prog.segments[s].unroll {
            out.push((d.var, d.size.as_const(), false));
        }
    }
    out
}


/// scf.parallel loops whose variable indexes the channel: parallel streams, not loops.
fn stream_loops(cx: &Cx<'_>, endpoint: &Endpoint) -> Vec<crate::program::LoopId> {
    let broadcast = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.broadcast);
    if broadcast {
        return Vec::new();
    }
    let chan_vars: Vec<VarId> = endpoint
        .chan_indices
        .iter()
        .filter_map(|v| v.as_lin())
        .flat_map(|l| l.terms.iter().map(|(v, _)| *v))
        .collect();
    endpoint
        .loops
        .iter()
        .copied()
        .filter(|&l| cx.prog.loops[l].kind == LoopKind::Parallel && chan_vars.contains(&cx.prog.loops[l].iv))
        .collect()
}

/// The loops around an L3 transfer, outermost first: the launch dimensions (trip counts per
/// recycling window), then the enclosing loops. `Err` names the first value not constant.
fn loop_nest(cx: &Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint, pattern: &Pattern) -> Result<Vec<LoopDim>, String> {
    loop_nest_with_origin(cx, unit, windows, endpoint, pattern).map(|nest| nest.into_iter().map(|(l, _)| l).collect())
}

/// Where a loop of the nest comes from: a launch dimension or an `scf.for`/`scf.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Launch,
    Loop(crate::program::LoopId),
}

fn loop_nest_with_origin(
    cx: &Cx<'_>,
    unit: &Unit,
    windows: &[Option<i64>],
    endpoint: &Endpoint,
    pattern: &Pattern,
) -> Result<Vec<(LoopDim, Origin)>, String> {
    let mut loops: Vec<(LoopDim, Origin)> = Vec::new();
    for (d, trip) in unit.dims.iter().zip(windows) {
        let trip = trip.ok_or_else(|| "the launch size, which is not constant".to_string())?;
        loops.push((LoopDim { trip, stride: pattern.base.coefficient(d.var), step: 1 }, Origin::Launch));
    }
    let skip = stream_loops(cx, endpoint);
    for &l in &endpoint.loops {
        if skip.contains(&l) {
            continue;
        }
        let lp = &cx.prog.loops[l];
        match (lp.trip, lp.step.as_const()) {
            (Some(trip), Some(step)) => loops.push((
                LoopDim { trip, stride: pattern.base.coefficient(lp.iv).saturating_mul(step), step },
                Origin::Loop(l),
            )),
            _ => {
                return Err(format!(
                    "the trip count of an enclosing loop, which depends on {}",
                    lp.trip_unknown.clone().unwrap_or_else(|| "a step that is not constant".to_string())
                ))
            }
        }
    }
    Ok(loops)
}

fn shim_fold(pattern: &Pattern) -> FoldParams {
    FoldParams {
        max_dims: 4,
        skip_zero_stride: false,
        repeat_at_highest: true,
        canon: CanonParams { max_size: Some(1023), inner_alignment: pattern.inner_alignment(), volume: pattern.volume },
        elem_bits: pattern.elem_bits,
        stride_check: true,
    }
}

fn cost(cx: &Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint, pattern: &Pattern) -> Cost {
    // Parallel instances: herd ids (and segment unroll ids) the L3 offset depends on, and
    // scf.parallel variables used as channel indices.
    let mut count: i64 = 1;
    let mut why = Vec::new();
    let mut columns: Vec<Option<i64>> = vec![None];
    let broadcast = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.broadcast);
    if !broadcast {
        let mut dims_used = Vec::new();
        for (var, size, is_x) in instance_dims(cx, endpoint) {
            if pattern.base.depends_on(var) {
                let n = size.unwrap_or(1).max(1);
                count = count.saturating_mul(n);
                dims_used.push(n.to_string());
                // Columns only matter for streams that can be placed (at most 2 per shim tile).
                if is_x && count <= MAX_PLACED_STREAMS {
                    let x_loc = endpoint.ctx.herd.and_then(|h| cx.prog.herds[h].x_loc).unwrap_or(0);
                    columns = (0..count).map(|i| Some(x_loc + i % n)).collect();
                }
            }
        }
        if !dims_used.is_empty() {
            let herd = endpoint.ctx.herd.map(|h| &cx.prog.herds[h]);
            let name = herd.and_then(|h| h.name.clone()).map(|n| format!(" @{n}")).unwrap_or_default();
            why.push(format!(
                "one per core{} of herd{name} ({}): the L3 offset depends on the herd ids",
                if dims_used.len() > 1 || herd.and_then(|h| h.shape()).is_none_or(|(x, y)| x * y == count) { "" } else { " group" },
                dims_used.join("×")
            ));
        }
    }
    for l in stream_loops(cx, endpoint) {
        let n = cx.prog.loops[l].trip.unwrap_or(1).max(1);
        count = count.saturating_mul(n);
        why.push(format!("{n} channel instances (an scf.parallel index)"));
    }
    if columns.len() as i64 != count {
        columns = vec![None; count.clamp(1, MAX_PLACED_STREAMS) as usize];
    }
    let nest = loop_nest_with_origin(cx, unit, windows, endpoint, pattern);
    let mut unfolded = None;
    let (tasks, tasks_why) = match nest {
        Err(why) => (None, why),
        Ok(nest) => {
            let loops: Vec<LoopDim> = nest.iter().map(|(l, _)| *l).collect();
            let folded = fold_loops(&pattern.dims, &loops, &shim_fold(pattern));
            let lowered = lower_shim(&folded.dims, pattern.inner_alignment(), pattern.volume);
            let tasks = folded.copies.saturating_mul(lowered.tasks);
            let mut parts = Vec::new();
            if let Some((idx, why)) = folded.failure {
                let (lp, origin) = nest[idx];
                let what = match origin {
                    Origin::Launch => format!("the launch loop ({} iterations per window)", lp.trip),
                    Origin::Loop(_) => format!("a loop of {} iterations", lp.trip),
                };
                let outer: Vec<String> = folded.unrolled.iter().filter(|&&i| i != idx).map(|&i| loops[i].trip.to_string()).collect();
                let around = if outer.is_empty() { String::new() } else { format!(", and the loops around it ({}) with it", outer.join(" × ")) };
                parts.push(format!("{what} cannot fold into the BD because {}: it is unrolled{around}, {} transfers", why.describe(), folded.copies));
                let range = match origin {
                    Origin::Launch => unit.range,
                    Origin::Loop(l) => cx.prog.loops[l].range,
                };
                unfolded = Some((range, format!("cannot fold into the BD: unrolled ×{}", lp.trip)));
            }
            for (size, outer, inner) in &lowered.factorings {
                parts.push(format!("AIR factors a wrap of {size} into {outer} × {inner} (above its bound of 64 outermost / 1024 inner)"));
            }
            if lowered.tasks > 1 {
                parts.push(format!("the pattern then needs more than 4 dimensions, so its outer {} become separate transfers", lowered.tasks));
            }
            if parts.is_empty() {
                parts.push("the loops fold into one BD".to_string());
            }
            (Some(tasks), parts.join("; "))
        }
    };
    Cost {
        tasks,
        tasks_why,
        unfolded,
        count,
        why_count: if why.is_empty() { "one stream".to_string() } else { why.join("; ") },
        columns,
    }
}

/// Field checks of the task(s) one L3 endpoint becomes.
fn check_fields(cx: &mut Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint, pattern: &Pattern) {
    if let Some(issue) = dims::inner_stride(pattern) {
        emit_issue(cx, endpoint, &issue, "L3", "");
    }
    // The written pattern against the hardware wraps: AIR factors oversized dims itself, but
    // that costs BDs and fails when a size has no usable factor (model doc §4.4, §5 F36).
    let mut merged = pattern.dims.clone();
    crate::pattern::canon::canonicalize(&mut merged, &CanonParams { max_size: None, inner_alignment: pattern.inner_alignment(), volume: pattern.volume });
    let linear = crate::pattern::canon::is_contiguous_or_repeated(&merged);
    if !linear {
        let n = merged.len();
        let d0 = merged.last().map(|d| d.size.saturating_mul(i64::from(pattern.elem_bits)) / 32).unwrap_or(0);
        let d1 = if n >= 2 { merged[n - 2].size } else { 0 };
        let wrap = cx.dev.shim.wrap_max;
        if d0 > wrap || d1 > wrap {
            let (dim, value) = if d0 > wrap { (0, d0) } else { (1, d1) };
            cx.emit(
                Finding::warning(&rules::WRAP, format!("dimension d{dim} of this strided L3 transfer has wrap {value}, above the shim's {wrap}"))
                    .at(cx.file, endpoint.operand_range, "L3 side")
                    .note("AIR factors such a dimension into legal pieces when it can (canonicalizeWrapAndStrideList, tileIllegalWrapDim), at the cost of extra dimensions or BDs; model doc §5 F36 records a strided feed of this kind failing")
                    .help("feed a contiguous run instead (a contiguous BD uses the wide length register), or tile the dimension to at most 1023 granules"),
            );
        }
    }
    // Loop and launch steps move the offset: they must stay 4-byte aligned too.
    let mut steps: Vec<i64> = endpoint
        .loops
        .iter()
        .filter_map(|&l| {
            let lp = &cx.prog.loops[l];
            Some(pattern.base.coefficient(lp.iv).saturating_mul(lp.step.as_const()?))
        })
        .collect();
    steps.extend(unit.dims.iter().map(|d| pattern.base.coefficient(d.var)));
    steps.extend(instance_dims(cx, endpoint).iter().map(|(v, _, _)| pattern.base.coefficient(*v)));
    if let Some(issue) = dims::offsets(pattern, &steps) {
        emit_issue(cx, endpoint, &issue, "L3", "");
    }
    // The lowered task itself.
    let Ok(loops) = loop_nest(cx, unit, windows, endpoint, pattern) else { return };
    let params = shim_fold(pattern);
    let folded = fold_loops(&pattern.dims, &loops, &params);
    let lowered = lower_shim(&folded.dims, pattern.inner_alignment(), pattern.volume);
    if let Some((size, alignment)) = lowered.cannot_tile {
        cx.emit(
            Finding::error(&rules::WRAP, format!("AIR cannot tile a dimension of size {size} of this L3 transfer into shim-legal pieces"))
                .at(cx.file, endpoint.operand_range, "L3 side")
                .note(format!("no factor of {size} in [{alignment}, 1023] is a multiple of {alignment} elements (AIRRtToNpuPass `cannot tile dim`)"))
                .help("pad or reshape the dimension to a size with a factor ≤ 1023 (e.g. a multiple of 64)"),
        );
        return;
    }
    let repeat_help = "split the transfer (run the kernel per partition, tile the launch loop with --air-runtime-loop-tiling-sizes, or give the repeated operand its own launch) so each task repeats at most 256 times";
    for issue in dims::shim_task(&lowered.task, pattern.elem_bits, &cx.dev.shim) {
        // The iteration dimension's stride is not checked: it comes from folding the launch
        // loops, and the simulation folds strides there (AIR's `stepSize == wraps[0]`
        // exception) that documented working GEMMs (model doc §6) show the compiler handles.
        if matches!(issue, Issue::Stride { dim: 3, .. }) {
            continue;
        }
        emit_issue(cx, endpoint, &issue, "L3", repeat_help);
    }
    // AIR's element-based stride guideline, on the strides the BD will hold.
    let task = &lowered.task;
    let in_bd = task.data.iter().chain(task.iteration.iter()).filter(|d| d.size > 1).map(|d| d.stride.abs());
    let granule_limit = cx.dev.shim.step_max_granules;
    if let Some(stride) = in_bd
        .filter(|&s| s > STRIDE_UPPER_BOUND && s.saturating_mul(i64::from(pattern.elem_bits)) / 32 <= granule_limit)
        .max()
    {
        let bytes = stride as f64 * pattern.elem_bytes();
        cx.emit(
            Finding::warning(
                &rules::STRIDE_GUIDELINE,
                format!("this L3 transfer steps {stride} elements ({:.2} MB) in one BD dimension, above AIR's 1,048,576-element guideline", bytes / 1e6),
            )
            .at(cx.file, endpoint.operand_range, "L3 side")
            .note("within the hardware bound of 2^20 granules, but the documented GEMM data around this bound is inconsistent (model doc §5 F9)")
            .help("keep tile_k_l2·N ≤ 1,048,576 (e.g. tile_k_l2 = 128 for N ≥ 8192)"),
        );
    }
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
    let l3: Vec<EndpointId> = unit.endpoints.iter().copied().filter(|&e| cx.prog.endpoints[e].level == Level::L3).collect();
    for e in l3 {
        let endpoint = cx.prog.endpoints[e].clone();
        let pattern = match endpoint_pattern(&endpoint) {
            Ok(p) => p,
            Err(err) => {
                let why = err.describe();
                cx.emit(
                    Finding::info(&rules::NOT_CONSTANT, format!("the access pattern of this L3 transfer {why}; its shim BDs are not counted"))
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
                Finding::info(&rules::NOT_CONSTANT, format!("the shim BDs of this L3 transfer are not counted: they depend on {}", cost.tasks_why))
                    .at(cx.file, endpoint.operand_range, "L3 side"),
            );
            not_constant.get_or_insert(cost.tasks_why.clone());
        }
        let mm2s = endpoint.kind.reads_memory();
        let packet = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.packet);
        let key = match (&endpoint.chan, packet) {
            (Some(chan), true) => format!("packet:{chan}"),
            (Some(chan), false) => {
                let consts: Vec<String> = endpoint
                    .chan_indices
                    .iter()
                    .map(|v| v.as_const().map(|c| c.to_string()).unwrap_or_else(|| "*".to_string()))
                    .collect();
                format!("chan:{chan}[{}]", consts.join(","))
            }
            (None, _) => format!("op:{}", endpoint.op.0),
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
        rows.push(BudgetRow { resource, scope: "whole launch".to_string(), used: Amount::known(used), available: limit, unit: "channels" });
        if used <= limit {
            continue;
        }
        over = true;
        if !herds_fit {
            continue;
        }
        family.sort_by_key(|s| std::cmp::Reverse(s.count));
        let first = &cx.prog.endpoints[family[0].endpoints[0]];
        let mut f = Finding::error(rule, format!("{} needs {used} {dir} shim DMA streams, {} has {limit}", unit.label, cx.dev.kind.name()))
            .at(cx.file, first.operand_range, format!("{} streams", family[0].count));
        for s in family.iter().skip(1).take(5) {
            f = f.also(cx.file, cx.prog.endpoints[s.endpoints[0]].operand_range, format!("{} streams", s.count));
        }
        for s in &family {
            let operand = text_of(cx, cx.prog.endpoints[s.endpoints[0]].operand_range);
            f = f.note(format!("{} from `{operand}`: {}", plural(s.count, "stream"), s.why_count));
        }
        f = f.need(format!("{used} streams"), format!("{limit} ({} shim tiles × {} channels)", cx.dev.shim_tiles, cx.dev.shim.mm2s_channels));
        f = f.help("use fewer cores per L3 stream: a herd of 8×1 (or 2×4) for kernels that stream 3 tensors per core, 16 cores for 2; or stage the data through L2 so one shim stream feeds many cores");
        cx.emit(f);
    }
    // BDs per shim tile.
    let list: Vec<Stream> = streams.into_values().collect();
    let window = match &tiling {
        Some(sizes) => format!("per tile of the launch loops ({})", sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")),
        None => "whole launch".to_string(),
    };
    let bd_limit = i64::from(cx.dev.shim.bds);
    if let Some(why) = not_constant.filter(|_| list.iter().any(|s| s.tasks.is_none())) {
        rows.push(BudgetRow { resource: "shim_bds_per_tile", scope: window, used: Amount::NotConstant { reason: why }, available: bd_limit, unit: "BDs" });
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
    rows.push(BudgetRow { resource: "shim_bds_per_tile", scope: format!("busiest shim tile, {window}"), used: Amount::known(peak), available: bd_limit, unit: "BDs" });
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
        f = f.also(cx.file, cx.prog.endpoints[list[s].endpoints[0]].operand_range, format!("{} on the same tile", plural(t, "BD")));
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

fn endpoint_cost(cx: &Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint) -> Cost {
    match endpoint_pattern(endpoint) {
        Ok(p) => cost(cx, unit, windows, endpoint, &p),
        Err(e) => Cost { tasks: None, tasks_why: e.describe(), unfolded: None, count: 1, why_count: String::new(), columns: vec![None] },
    }
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
    let totals: Vec<i64> = (0..tiles).map(|t| crate::util::sat_sum(known.iter().map(|(_, _, p)| p.get(t).copied().unwrap_or(0)))).collect();
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
    let text = cx.text.get(range.start as usize..range.end as usize).unwrap_or("");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

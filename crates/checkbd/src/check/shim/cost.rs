//! What one L3 transfer costs at the shim: its parallel streams (herd ids and channel indices it
//! depends on), the loop nest the compiler folds into its BD, the tasks (BDs) that result, and
//! the fields of the lowered task.

use super::super::compile_time::{report_endless, Chain, SplitOrigin};
use super::super::dims::{self, Issue};
use super::super::issues::report_issue;
use super::super::{Cx, Unit};
use super::MAX_PLACED_STREAMS;
use crate::facts::fields::RepeatRemedy;
use crate::facts::shim::{OverStride, ShimFact};
use air_diagnostics::TextRange;
use air_model::eval::VarId;
use air_model::pattern::canon::{fold_loops, CanonParams, FoldParams, LoopDim};
use air_model::pattern::lower::lower_shim;
use air_model::pattern::{endpoint_pattern, Pattern};
use air_model::program::{Endpoint, Level, LoopKind};

/// What one L3 endpoint costs.
pub(super) struct Cost {
    pub(super) tasks: Option<i64>,
    pub(super) tasks_why: String,
    /// The loop that does not fold (label range and reason), when one is unrolled.
    pub(super) unfolded: Option<(TextRange, String)>,
    pub(super) count: i64,
    pub(super) why_count: String,
    pub(super) columns: Vec<Option<i64>>,
    /// A loop inside the launch that does not fold, unrolled with the loops around it (AS0431).
    pub(super) chain: Option<Chain>,
}

/// Herd-id and segment-unroll variables: parallel instances, not loops.
fn instance_dims(cx: &Cx<'_>, endpoint: &Endpoint) -> Vec<(VarId, Option<i64>, bool)> {
    let mut out = Vec::new();
    if let Some(h) = endpoint.within.herd {
        for (i, d) in cx.prog.herds[h].sizes.iter().enumerate() {
            out.push((d.var, d.size.as_const(), i == 0));
        }
    }
    if let Some(s) = endpoint.within.segment {
        for d in &cx.prog.segments[s].unroll {
            out.push((d.var, d.size.as_const(), false));
        }
    }
    out
}

/// scf.parallel loops whose variable indexes the channel: parallel streams, not loops.
fn stream_loops(cx: &Cx<'_>, endpoint: &Endpoint) -> Vec<air_model::program::LoopId> {
    let broadcast = endpoint.chan.as_ref().and_then(|c| cx.prog.channels.get(c)).is_some_and(|c| c.broadcast);
    if broadcast {
        return Vec::new();
    }
    let chan_vars: Vec<VarId> =
        endpoint.chan_indices.iter().filter_map(|v| v.as_lin()).flat_map(|l| l.terms.iter().map(|(v, _)| *v)).collect();
    endpoint
        .loops
        .iter()
        .copied()
        .filter(|&l| cx.prog.loops[l].kind == LoopKind::Parallel && chan_vars.contains(&cx.prog.loops[l].iv))
        .collect()
}

/// The loops around an L3 transfer, outermost first: the launch dimensions (trip counts per
/// recycling window), then the enclosing loops. `Err` names the first value not constant.
fn loop_nest(
    cx: &Cx<'_>,
    unit: &Unit,
    windows: &[Option<i64>],
    endpoint: &Endpoint,
    pattern: &Pattern,
) -> Result<Vec<LoopDim>, String> {
    loop_nest_with_origin(cx, unit, windows, endpoint, pattern).map(|nest| nest.into_iter().map(|(l, _)| l).collect())
}

/// Where a loop of the nest comes from: a launch dimension or an `scf.for`/`scf.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Launch,
    Loop(air_model::program::LoopId),
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

/// The fold at the shim; `tiled`: the launch's loops are tiled (runtime loop tiling) with a
/// window of more than one iteration, which lets a loop that extends the outermost dimension
/// fold through AIR's stride exception.
/// Whether runtime loop tiling leaves a launch loop of more than one iteration in a window (a
/// tiling whose every window is one iteration unrolls the launch loops whole).
fn windowed(cx: &Cx<'_>, unit: &Unit) -> bool {
    let (windows, tiling) = super::window_trips(cx, unit);
    tiling.is_some() && windows.iter().any(|w| w.is_some_and(|w| w > 1))
}

fn shim_fold(pattern: &Pattern, tiled: bool) -> FoldParams {
    FoldParams {
        max_dims: 4,
        skip_zero_stride: false,
        repeat_at_highest: true,
        canon: CanonParams { max_size: Some(1023), inner_alignment: pattern.inner_alignment(), volume: pattern.volume },
        elem_bits: pattern.elem_bits,
        stride_check: true,
        contiguous_exception: tiled,
    }
}

pub(super) fn cost(cx: &Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint, pattern: &Pattern) -> Cost {
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
                    let x_loc = endpoint.within.herd.and_then(|h| cx.prog.herds[h].x_loc).unwrap_or(0);
                    columns = (0..count).map(|i| Some(x_loc + i % n)).collect();
                }
            }
        }
        if !dims_used.is_empty() {
            let herd = endpoint.within.herd.map(|h| &cx.prog.herds[h]);
            let name = herd.and_then(|h| h.name.clone()).map(|n| format!(" @{n}")).unwrap_or_default();
            why.push(format!(
                "one per core{} of herd{name} ({}): the L3 offset depends on the herd ids",
                if dims_used.len() > 1 || herd.and_then(|h| h.shape()).is_none_or(|(x, y)| x * y == count) {
                    ""
                } else {
                    " group"
                },
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
    let mut chain = None;
    let (tasks, tasks_why) = match nest {
        Err(why) => (None, why),
        Ok(nest) => {
            let loops: Vec<LoopDim> = nest.iter().map(|(l, _)| *l).collect();
            let folded = fold_loops(&pattern.dims, &loops, &shim_fold(pattern, windowed(cx, unit)));
            let lowered = lower_shim(&folded.dims, pattern.inner_alignment(), pattern.volume);
            let tasks = folded.copies.saturating_mul(lowered.tasks);
            let mut parts = Vec::new();
            if let Some((idx, why)) = folded.failure {
                let (lp, origin) = nest[idx];
                let what = match origin {
                    Origin::Launch => format!("the launch loop ({} iterations per window)", lp.trip),
                    Origin::Loop(_) => format!("a loop of {} iterations", lp.trip),
                };
                let outer: Vec<String> =
                    folded.unrolled.iter().filter(|&&i| i != idx).map(|&i| loops[i].trip.to_string()).collect();
                let around = if outer.is_empty() {
                    String::new()
                } else {
                    format!(", and the loops around it ({}) with it", outer.join(" × "))
                };
                parts.push(format!(
                    "{what} cannot fold into the BD because {}: it is unrolled{around}, {} transfers",
                    why.describe(),
                    folded.copies
                ));
                let range = match origin {
                    Origin::Launch => unit.range,
                    Origin::Loop(l) => cx.prog.loops[l].range,
                };
                // A failing launch loop stays rolled in the runtime sequence (mlir-air #1816);
                // a failing loop inside the launch is unrolled with every loop around it.
                let outer: Vec<i64> = folded.unrolled.iter().filter(|&&i| i != idx).map(|&i| loops[i].trip).collect();
                if matches!(origin, Origin::Loop(_)) && !outer.is_empty() {
                    chain = Some(Chain {
                        iterations: air_model::arith::sat_product(outer.iter().copied()),
                        outer,
                        inner_trip: lp.trip,
                        inner_range: range,
                        why: why.describe(),
                    });
                }
                unfolded = Some((range, format!("cannot fold into the BD: unrolled ×{}", lp.trip)));
            }
            for (size, outer, inner) in &lowered.factorings {
                parts.push(format!("AIR factors a wrap of {size} into {outer} × {inner} (above its bound of 64 outermost / 1024 inner)"));
            }
            if lowered.tasks > 1 {
                parts.push(format!(
                    "the pattern then needs more than 4 dimensions, so its outer {} become separate transfers",
                    lowered.tasks
                ));
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
        chain,
    }
}

pub(super) fn endpoint_cost(cx: &Cx<'_>, unit: &Unit, windows: &[Option<i64>], endpoint: &Endpoint) -> Cost {
    match endpoint_pattern(endpoint) {
        Ok(p) => cost(cx, unit, windows, endpoint, &p),
        Err(e) => Cost {
            tasks: None,
            tasks_why: e.describe(),
            unfolded: None,
            count: 1,
            why_count: String::new(),
            columns: vec![None],
            chain: None,
        },
    }
}

/// Field checks of the task(s) one L3 endpoint becomes. `lowered`: the transfer reaches the
/// shim as `pattern` says (not through an L2 split this model does not follow); otherwise only
/// what a split keeps (the innermost stride, the 4-byte steps) is checked.
pub(super) fn check_fields(
    cx: &mut Cx<'_>,
    unit: &Unit,
    windows: &[Option<i64>],
    endpoint: &Endpoint,
    pattern: &Pattern,
    lowered: bool,
) {
    if let Some(issue) = dims::inner_stride(pattern) {
        report_issue(cx, endpoint, &issue, Level::L3, RepeatRemedy::None);
    }
    if !lowered {
        check_steps(cx, unit, endpoint, pattern);
        return;
    }
    // A written wrap over the shim's is AIR's to factor (tileIllegalWrapDim); only the lowered
    // task's fields, below, decide.
    check_steps(cx, unit, endpoint, pattern);
    // The lowered task itself.
    let Ok(loops) = loop_nest(cx, unit, windows, endpoint, pattern) else { return };
    let params = shim_fold(pattern, windowed(cx, unit));
    let folded = fold_loops(&pattern.dims, &loops, &params);
    // A split that never ends stops the compile there: no BD follows to check.
    if let Some(split) = &folded.endless {
        let origin = match folded.endless_fold {
            Some(idx) => SplitOrigin::Fold { trip: loops[idx].trip },
            None => SplitOrigin::Written,
        };
        report_endless(cx, endpoint, split, origin, Level::L3);
        return;
    }
    let lowered = lower_shim(&folded.dims, pattern.inner_alignment(), pattern.volume);
    if let Some(split) = &lowered.endless {
        report_endless(cx, endpoint, split, SplitOrigin::Written, Level::L3);
        return;
    }
    if let Some((size, alignment)) = lowered.cannot_tile {
        cx.report(ShimFact::CannotTile { operand: endpoint.operand_range, size, alignment });
        return;
    }
    for issue in dims::shim_task(&lowered.task, pattern.elem_bits, &cx.dev.shim) {
        // The iteration dimension's stride has its own rule (AS0436).
        if matches!(issue, Issue::Stride { dim: 3, .. }) {
            continue;
        }
        report_issue(cx, endpoint, &issue, Level::L3, RepeatRemedy::SplitShimTask);
    }
    if let Some(over) = iteration_over_stride(&lowered.task, pattern.elem_bits, &cx.dev.shim) {
        cx.report(ShimFact::IterationStride { operand: endpoint.operand_range, over });
    }
}

/// Loop and launch steps move the offset: they must stay 4-byte aligned too.
fn check_steps(cx: &mut Cx<'_>, unit: &Unit, endpoint: &Endpoint, pattern: &Pattern) {
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
        report_issue(cx, endpoint, &issue, Level::L3, RepeatRemedy::None);
    }
}

/// mlir-aie `verifyStridesWraps`: `hardwareStrides[3] > (1 << step_bits) && hardwareSizes[3] > 0`
/// fails (`Stride 3 exceeds the [1:1048576] range.`), where `hardwareStrides[3] =
/// stride·bits/32 − 1` and `hardwareSizes[3] = size − 1`.
pub(super) fn iteration_over_stride(
    task: &air_model::pattern::lower::ShimTask,
    elem_bits: u32,
    tile: &air_model::device::TileModel,
) -> Option<OverStride> {
    let iteration = task.iteration?;
    let bits = i128::from(iteration.stride) * i128::from(elem_bits);
    if iteration.size <= 1 || iteration.stride <= 0 || bits % 32 != 0 {
        return None;
    }
    let encoded = i64::try_from(bits / 32 - 1).unwrap_or(i64::MAX);
    (encoded > tile.step_max_granules).then_some(OverStride {
        stride: iteration.stride,
        encoded,
        bound: tile.step_max_granules,
        size: iteration.size,
    })
}

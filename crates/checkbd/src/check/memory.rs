//! L1 per core and L2 per segment / per memtile.
//!
//! L1: every buffer a core holds (its herd-local allocs, its share of herd-wide L1 buffers
//! passed in through `args`), doubled where ping-pong applies, plus the stack, against 64 KiB.
//! Herds sharing a symbol share tiles, so their buffers add up (model doc §5 F11: "32 KiB acc
//! + 24 KiB A/B + 16 KiB drain = 72 KiB" across the compute and drain herds of one GEMM).
//!
//! L2: the segment's L2 allocs (doubled where ping-pong applies) against all memtiles; a
//! single buffer larger than one memtile only fits if `air-split-l2-memref` splits it, which it
//! refuses for `air.no_split` / `air.memtile_col` buffers and single-in-single-out buffers; and
//! what each memtile holds once air-to-aie has placed the pieces (`memtiles.rs`).

use super::memtiles;
use super::split;
use super::{allocation, Cx, Unit};
use crate::facts::memory::{L1Overflow, MemoryFact};
use crate::report::{Amount, BudgetRow};
use air_model::program::{BufferId, Level, SegmentId};
use std::collections::BTreeMap;

/// Per-core share of an L1 buffer allocated outside its herd. Shared by several herds (or used
/// outside one), each core holds the block of it its herd ids select when its leading
/// dimensions are the herd's shape. Sunk into its one herd (air-fuse-alloc-dealloc), each core
/// allocates it whole and air-shrink-memref-sizes-by-access cuts it down to the block a
/// transfer indexes with the herd ids; a buffer no transfer indexes so stays whole.
fn per_core_share(cx: &Cx<'_>, buffer: BufferId, herds: &[usize]) -> Option<i64> {
    let b = &cx.prog.buffers[buffer];
    let bytes = b.bytes?;
    let dims: Vec<i64> = b.ty.as_ref()?.shape.iter().map(|d| d.unwrap_or(-1)).collect();
    let herd = &cx.prog.herds[*herds.first()?];
    // The ids of the herd the transfer sits in (herds sharing a symbol have their own ids).
    let sunk = cx.pingpong.sunk_into_herd(buffer).is_some();
    let indexed_by = |dim: usize| {
        if !sunk {
            return true;
        }
        b.endpoints.iter().map(|&e| &cx.prog.endpoints[e]).any(|e| {
            let Some(h) = e.within.herd.filter(|h| herds.contains(h)) else { return false };
            let id = cx.prog.herds[h].sizes.get(dim).map(|d| d.var);
            e.offsets.len() == dims.len()
                && e.offsets[dim].as_lin().is_some_and(|l| id.is_some_and(|v| l.depends_on(v)))
        })
    };
    match herd.shape() {
        Some((x, y)) if dims.len() >= 2 && dims[0] == x && dims[1] == y && indexed_by(0) => {
            Some(bytes / x.saturating_mul(y).max(1))
        }
        Some((x, _)) if !dims.is_empty() && dims[0] == x && indexed_by(0) => Some(bytes / x.max(1)),
        _ => Some(bytes),
    }
}

/// A buffer of memory `level` has a dynamic shape, so that level's use is not checked: a note
/// at the buffer, and the budget row `resource` saying why.
fn dynamic_buffer(
    cx: &mut Cx<'_>,
    id: BufferId,
    level: &'static str,
    resource: &'static str,
    scope: String,
    available: i64,
) -> BudgetRow {
    cx.report(MemoryFact::DynamicBuffer { at: cx.prog.buffers[id].range, level });
    let reason = format!("an {level} buffer with a dynamic shape");
    BudgetRow { resource, scope, used: Amount::NotConstant { reason }, available, unit: "bytes" }
}

/// The core tile's load/store alignment: every core buffer starts on a 32-byte boundary
/// (mlir-aie `AIETargetModel.h` `getComputeTileLoadStoreBusWidth` = 256 bits; `aie.buffer`
/// is `aligned` by default).
const CORE_ALIGNMENT: i64 = 32;

/// The L1 high-water mark of a core: its buffers (each copy) and air-to-aie's runtime-parameter
/// buffer (4 bytes per scalar argument of each herd), after the stack. Returns the mark and the
/// runtime-parameter buffers.
fn l1_layout(cx: &Cx<'_>, herds: &[usize], parts: &[(BufferId, Option<i64>, i64)], stack: i64) -> (i64, Vec<i64>) {
    let rtp_bytes: Vec<i64> =
        herds.iter().map(|&h| 4 * i64::from(cx.prog.herds[h].runtime_params)).filter(|&b| b > 0).collect();
    let sizes: Vec<i64> = parts
        .iter()
        .flat_map(|(_, b, n)| std::iter::repeat_n(b.unwrap_or(0), (*n).max(0) as usize))
        .chain(rtp_bytes.iter().copied())
        .collect();
    (allocation::sequential_high_water(stack, sizes, CORE_ALIGNMENT), rtp_bytes)
}

pub(crate) fn check_l1(cx: &mut Cx<'_>, unit: &Unit, rows: &mut Vec<BudgetRow>) {
    let limit = cx.dev.core.memory_bytes as i64;
    let stack = cx.opts.stack_size as i64;
    for herds in &super::physical_herds(cx.prog, &unit.herds) {
        let first = herds[0];
        // (buffer, bytes per copy, copies)
        let mut parts: Vec<(BufferId, Option<i64>, i64)> = Vec::new();
        for &id in &unit.buffers {
            let buffer = &cx.prog.buffers[id];
            if buffer.level == Level::L1 && buffer.within.herd.is_some_and(|h| herds.contains(&h)) {
                parts.push((id, buffer.bytes, cx.pingpong.factor(id)));
            }
        }
        let mut shared: Vec<BufferId> = herds.iter().flat_map(|&h| cx.prog.herds[h].l1_operands.clone()).collect();
        shared.sort_unstable();
        shared.dedup();
        for id in shared {
            if cx.prog.buffers[id].within.herd.is_none() {
                parts.push((id, per_core_share(cx, id, herds), cx.pingpong.factor(id)));
            }
        }
        let scope = super::per_core_scope(cx.prog, first);
        let unknown = parts.iter().find(|(_, bytes, _)| bytes.is_none()).map(|(id, _, _)| *id);
        if let Some(id) = unknown {
            rows.push(dynamic_buffer(cx, id, "L1", "l1_per_core", scope, limit));
            continue;
        }
        let (total, rtp_bytes) = l1_layout(cx, herds, &parts, stack);
        rows.push(BudgetRow {
            resource: "l1_per_core",
            scope,
            used: Amount::known(total),
            available: limit,
            unit: "bytes",
        });
        if total <= limit {
            continue;
        }
        let mut loops: Vec<usize> = parts.iter().filter_map(|(id, _, _)| cx.pingpong.loop_of(*id)).collect();
        loops.sort_unstable();
        loops.dedup();
        let overflow = L1Overflow {
            herd: cx.prog.herds[first].name.clone(),
            at: cx.prog.herds[first].range,
            instances: herds.len(),
            total,
            limit,
            stack,
            alignment: CORE_ALIGNMENT,
            buffers: parts
                .iter()
                .map(|&(id, bytes, copies)| {
                    (super::part(cx, id, bytes.unwrap_or(0), copies), cx.prog.buffers[id].within.herd.is_none())
                })
                .collect(),
            loops: loops.iter().map(|&l| (cx.prog.loops[l].range, cx.prog.loops[l].trip)).collect(),
            runtime_params: rtp_bytes.iter().sum(),
        };
        cx.report(MemoryFact::L1PerCore(overflow));
    }
}

pub(crate) fn check_l2(cx: &mut Cx<'_>, unit: &Unit, rows: &mut Vec<BudgetRow>) {
    let memtile = cx.dev.memtile.memory_bytes as i64;
    let capacity = memtile * i64::from(cx.dev.memtiles);
    let mut by_segment: BTreeMap<Option<SegmentId>, Vec<BufferId>> = BTreeMap::new();
    for &id in &unit.buffers {
        let buffer = &cx.prog.buffers[id];
        if buffer.level == Level::L2 {
            by_segment.entry(buffer.within.segment).or_default().push(id);
        }
    }
    let fates = split::fates(cx, unit);
    for (segment, buffers) in by_segment {
        let scope = match segment.and_then(|s| cx.prog.segments[s].name.clone()) {
            Some(name) => format!("segment @{name}"),
            None => "launch".to_string(),
        };
        if let Some(&id) = buffers.iter().find(|&&b| cx.prog.buffers[b].bytes.is_none()) {
            rows.push(dynamic_buffer(cx, id, "L2", "l2_per_segment", scope, capacity));
            continue;
        }
        let total: i64 = air_model::arith::sat_sum(
            buffers.iter().map(|&b| cx.prog.buffers[b].bytes.unwrap_or(0).saturating_mul(cx.pingpong.factor(b))),
        );
        // A buffer air-split-l2-memref may split occupies a memtile piece by piece.
        let largest = buffers.iter().map(|&b| piece_bytes(cx, b, fates.get(&b))).max().unwrap_or(0);
        rows.push(BudgetRow {
            resource: "l2_per_segment",
            scope: scope.clone(),
            used: Amount::known(total),
            available: capacity,
            unit: "bytes",
        });
        rows.push(BudgetRow {
            resource: "l2_largest_buffer",
            scope,
            used: Amount::known(largest),
            available: memtile,
            unit: "bytes",
        });
        if total > capacity {
            let range = segment.map(|s| cx.prog.segments[s].name_range).unwrap_or(unit.range);
            let parts = buffers
                .iter()
                .map(|&b| super::part(cx, b, cx.prog.buffers[b].bytes.unwrap_or(0), cx.pingpong.factor(b)))
                .collect();
            let memtiles = cx.dev.memtiles;
            cx.report(MemoryFact::L2PerSegment { at: range, total, memtiles, capacity, buffers: parts });
        }
        for &b in &buffers {
            check_l2_buffer(cx, b, fates.get(&b), memtile);
        }
        if let Some(segment) = segment {
            memtiles::check(cx, segment, &buffers, &fates);
        }
    }
}

/// The bytes of the largest piece air-split-l2-memref leaves of a buffer: its pieces where the
/// split is followed, else the buffer over its largest side's channel instances.
fn piece_bytes(cx: &Cx<'_>, b: BufferId, fate: Option<&split::Fate>) -> i64 {
    let bytes = cx.prog.buffers[b].bytes.unwrap_or(0);
    match (fate, split::why_whole(cx, b)) {
        (Some(split::Fate::Split(pieces)), _) => pieces.bytes,
        (_, Some(_)) => bytes,
        (_, None) => air_model::arith::ceil_div(bytes, split::factor(cx, b)),
    }
}

/// One L2 buffer against one memtile. A buffer air-split-l2-memref leaves whole must fit; one
/// it may split fits when each piece does (whether it is split also depends on the launch's
/// shim channel cap, which is not modelled: silence rather than a guess).
fn check_l2_buffer(cx: &mut Cx<'_>, b: BufferId, fate: Option<&split::Fate>, memtile: i64) {
    let buffer = &cx.prog.buffers[b];
    let bytes = buffer.bytes.unwrap_or(0);
    if bytes <= memtile {
        return;
    }
    let at = buffer.range;
    let fact = match split::why_whole(cx, b) {
        Some(reason) => MemoryFact::L2BufferWhole { at, bytes, memtile, reason: reason.to_string() },
        None => {
            let pieces = match fate {
                Some(split::Fate::Split(p)) => p.count,
                _ => split::factor(cx, b),
            };
            let piece = piece_bytes(cx, b, fate);
            if piece <= memtile {
                return;
            }
            MemoryFact::L2BufferPieces { at, bytes, memtile, pieces, piece }
        }
    };
    cx.report(fact);
}

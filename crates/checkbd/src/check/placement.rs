//! Herd placement: each herd's rectangle fits the core array, herds sharing a name have one
//! shape, and the herds of one segment fit together; plus the utilisation note.
//!
//! Herds with the same symbol in one segment are one physical herd (the GEMM builders reuse
//! `@herd_0` for the zero, compute and drain herds): they share tiles and count once. The
//! packing is exact (a small backtracking search over the 8×4 or 4×4 grid), so an error means
//! no placement exists at all; AIR's own placer may still fail on layouts this accepts.

use super::{Cx, Unit};
use crate::facts::placement::PlacementFact;
use crate::report::{Amount, BudgetRow};
use air_model::program::{HerdId, SegmentId};
use std::collections::BTreeMap;

/// Whether rectangles (w columns × h rows) fit a `cols` × `rows` grid without overlap.
pub(crate) fn pack(rects: &[(i64, i64)], cols: i64, rows: i64) -> bool {
    let mut order: Vec<(i64, i64)> = rects.to_vec();
    order.sort_by_key(|&(w, h)| std::cmp::Reverse(w * h));
    if order.iter().map(|&(w, h)| w * h).sum::<i64>() > cols * rows {
        return false;
    }
    let mut grid = vec![false; (cols * rows) as usize];
    let mut budget: u32 = 200_000;
    fn place(order: &[(i64, i64)], grid: &mut Vec<bool>, cols: i64, rows: i64, budget: &mut u32) -> bool {
        let Some(&(w, h)) = order.first() else { return true };
        for r in 0..=(rows - h) {
            for c in 0..=(cols - w) {
                if *budget == 0 {
                    // Give up searching: accept rather than report a failure we did not prove.
                    return true;
                }
                *budget -= 1;
                let cells: Vec<usize> =
                    (r..r + h).flat_map(|y| (c..c + w).map(move |x| (y * cols + x) as usize)).collect();
                if cells.iter().any(|&i| grid[i]) {
                    continue;
                }
                for &i in &cells {
                    grid[i] = true;
                }
                if place(&order[1..], grid, cols, rows, budget) {
                    return true;
                }
                for &i in &cells {
                    grid[i] = false;
                }
            }
        }
        false
    }
    place(&order, &mut grid, cols, rows, &mut budget)
}

/// Returns whether every herd fits the array (counts that scale with a herd that cannot be
/// placed are not reported).
pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit, rows: &mut Vec<BudgetRow>) -> bool {
    let mut all_fit = true;
    let (cols, core_rows) = (i64::from(cx.dev.columns), i64::from(cx.dev.core_rows));
    let mut placeable: BTreeMap<Option<SegmentId>, Vec<(i64, i64, HerdId)>> = BTreeMap::new();
    let mut unknown: Option<String> = None;
    for herds in &super::physical_herds(cx.prog, &unit.herds) {
        let first = herds[0];
        // One shape per physical herd.
        check_pins(cx, herds);
        let Some((x, y)) = cx.prog.herds[first].shape() else {
            let herd = &cx.prog.herds[first];
            let why = herd
                .sizes
                .iter()
                .find_map(|d| match &d.size {
                    air_model::eval::Value::Unknown(u) => Some(u.what.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| "a size that is not constant".to_string());
            cx.report(PlacementFact::SizeNotConstant { herd: herd.name.clone(), at: herd.range, why: why.clone() });
            unknown.get_or_insert(why);
            continue;
        };
        if x < 1 || y < 1 {
            continue;
        }
        if x > cols || y > core_rows {
            let herd = &cx.prog.herds[first];
            let device = cx.dev.kind.name();
            let fact = PlacementFact::TooLarge {
                herd: herd.name.clone(),
                at: herd.range,
                x,
                y,
                cols,
                rows: core_rows,
                device,
            };
            cx.report(fact);
            all_fit = false;
            continue;
        }
        placeable.entry(cx.prog.herds[first].within.segment).or_default().push((x, y, first));
    }
    let mut total: i64 = 0;
    for (segment, rects) in &placeable {
        let area: i64 = air_model::arith::sat_sum(rects.iter().map(|&(x, y, _)| x * y));
        total += area;
        let shapes: Vec<(i64, i64)> = rects.iter().map(|&(x, y, _)| (x, y)).collect();
        // A segment's x_size/y_size is the area air-place-herds places its herds in
        // (AIRHerdPlacementPass.cpp: the segment's num_cols/num_rows, else the whole array).
        let declared = segment.and_then(|s| cx.prog.segments[s].size).filter(|&(x, y)| x > 0 && y > 0);
        let (area_cols, area_rows) = declared.map_or((cols, core_rows), |(x, y)| (x.min(cols), y.min(core_rows)));
        if (rects.len() > 1 || declared.is_some()) && !pack(&shapes, area_cols, area_rows) {
            let (at, in_segment) = match segment {
                Some(s) => (cx.prog.segments[*s].name_range, true),
                None => (unit.range, false),
            };
            let herds = rects.iter().map(|&(x, y, h)| (x, y, cx.prog.herds[h].range)).collect();
            let fact = PlacementFact::Overlap {
                at,
                in_segment,
                herds,
                area,
                cols: area_cols,
                rows: area_rows,
                declared: declared.is_some(),
            };
            cx.report(fact);
        }
    }
    let available = cols * core_rows;
    rows.push(BudgetRow {
        resource: "core_tiles",
        scope: "whole launch".to_string(),
        used: match &unknown {
            Some(why) => Amount::NotConstant { reason: why.clone() },
            None => Amount::known(total),
        },
        available,
        unit: "tiles",
    });
    if unknown.is_none() {
        let heights: Vec<i64> = placeable.values().flatten().map(|&(_, y, _)| y).collect();
        note_utilisation(cx, unit, &heights, total, available);
    }
    all_fit
}

/// AS0425, for a launch using `total` of the `available` compute tiles with herds `heights`
/// rows high: only when it is below its target.
fn note_utilisation(cx: &mut Cx<'_>, unit: &Unit, heights: &[i64], total: i64, available: i64) {
    let (cols, core_rows) = (i64::from(cx.dev.columns), i64::from(cx.dev.core_rows));
    let (target, row_parallel) = utilisation_target(heights.iter().copied(), cols, core_rows);
    if total > 0 && total < target && total <= available {
        let label = unit.label.clone();
        cx.report(PlacementFact::Utilisation { unit: label, at: unit.range, total, available, target, row_parallel });
    }
}

/// The phase-1 target of a launch whose herds have `heights` rows (the merge recipe, model doc
/// §6): one row of the array (8 tiles on npu2) when every herd is one row high, as the
/// row-parallel kernels (RMSNorm, RoPE, element-wise ops, GEMV) are built; else the whole array
/// (32 tiles), as for compute-bound GEMM and attention herds. The note is only for a launch
/// below its target: one that meets it is as the recipe wants it.
/// Returns the target and whether the herds are row-parallel.
fn utilisation_target(mut heights: impl Iterator<Item = i64>, cols: i64, core_rows: i64) -> (i64, bool) {
    if heights.all(|rows| rows == 1) {
        (cols, true)
    } else {
        (cols.saturating_mul(core_rows), false)
    }
}

/// AS0403: air-place-herds places herds sharing a symbol as one (its first op's shape) and reads
/// one pin off all of them (`getHerdPin`): a missing or different pin is an error.
fn check_pins(cx: &mut Cx<'_>, herds: &[usize]) {
    let pin = |h: usize| (cx.prog.herds[h].x_loc, cx.prog.herds[h].y_loc);
    let pinned = |h: usize| matches!(pin(h), (Some(_), Some(_)));
    for &h in &herds[1..] {
        let earlier = herds
            .iter()
            .copied()
            .take_while(|&e| e != h)
            .find(|&e| pinned(e) != pinned(h) || (pinned(h) && pin(e) != pin(h)));
        let Some(other) = earlier else { continue };
        let pins = (pinned(h) && pinned(other)).then(|| {
            let at = |h: usize| (pin(h).0.unwrap_or(0), pin(h).1.unwrap_or(0));
            (at(h), at(other))
        });
        let herd = &cx.prog.herds[h];
        let sibling = cx.prog.herds[other].range;
        cx.report(PlacementFact::PinConflict { herd: herd.name.clone(), at: herd.range, sibling, pins });
        break;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::{pack, utilisation_target};

    #[test]
    fn a_launch_of_one_row_high_herds_targets_a_row_and_any_other_the_whole_array() {
        assert_eq!(utilisation_target([1, 1].into_iter(), 8, 4).0, 8);
        assert_eq!(utilisation_target([1, 2].into_iter(), 8, 4).0, 32);
        assert_eq!(utilisation_target([4].into_iter(), 4, 4).0, 16);
    }

    #[test]
    fn packing_is_exact_on_small_grids() {
        assert!(pack(&[(8, 4)], 8, 4));
        assert!(pack(&[(8, 1), (8, 3)], 8, 4));
        assert!(pack(&[(4, 4), (4, 4)], 8, 4));
        assert!(!pack(&[(4, 4), (4, 4), (1, 1)], 8, 4));
        // Two 5-wide herds cannot sit side by side on 8 columns but can stack.
        assert!(pack(&[(5, 2), (5, 2)], 8, 4));
        assert!(!pack(&[(5, 3), (5, 2)], 8, 4));
    }
}

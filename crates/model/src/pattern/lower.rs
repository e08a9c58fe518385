//! The shim lowering of one folded transfer (`airrt-to-npu`, Xilinx/mlir-air
//! `mlir/lib/Conversion/AIRRtToNpuPass.cpp`): AIR's wrap factoring (`violatesAIE2WrapLimit`,
//! `tileIllegalWrapDim`), the unrolling of dimensions beyond four into separate tasks, and the
//! split of the 4-D pattern into repeat count, iteration dimension and BD data dimensions
//! (`DmaToNpuPattern`: `repeat_count = size[0] − 1`, stride-0 middle dims folded in).

use super::canon::{is_contiguous_or_repeated, largest_aligned_factor, largest_factor, EndlessSplit, SplitSite};
use super::Dim;
use crate::limits::{DIM_COUNT, STRIDE_UPPER_BOUND, WRAP_UPPER_BOUNDS};

/// One shim task (one BD, pushed once with a repeat count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShimTask {
    /// The four dimensions after factoring, outermost first.
    pub dims: Vec<Dim>,
    /// Stored repeat count (runs − 1).
    pub repeat: i64,
    /// The iteration (4th) dimension, when the outermost stride is not 0.
    pub iteration: Option<Dim>,
    /// The BD's data dimensions, outermost first (innermost is d0).
    pub data: Vec<Dim>,
    /// Contiguous row-major body: uses the wide length register, no wrap checks.
    pub linear: bool,
}

/// The lowering of one folded transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    /// Tasks the transfer becomes (dimensions beyond four are unrolled).
    pub tasks: i64,
    pub task: ShimTask,
    /// A dimension AIR could not factor: (size, alignment in elements).
    pub cannot_tile: Option<(i64, i64)>,
    /// Whether AIR had to factor an oversized wrap.
    pub factored: bool,
    /// Each factoring: (size, outer, inner).
    pub factorings: Vec<(i64, i64, i64)>,
    /// A wrap `tileIllegalWrapDim` splits forever (the rest of the lowering is then meaningless).
    pub endless: Option<EndlessSplit>,
}

/// Lowers a folded pattern to shim tasks.
pub fn lower_shim(folded: &[Dim], inner_alignment: i64, volume: Option<i64>) -> Lowered {
    let mut dims: Vec<Dim> = folded.to_vec();
    if dims.is_empty() {
        dims.push(Dim::new(1, 1));
    }
    while dims.len() < DIM_COUNT {
        dims.insert(0, Dim::new(1, 0));
    }
    let mut cannot_tile = None;
    let mut endless = None;
    let mut factored = false;
    let mut factorings = Vec::new();
    let violates = !is_contiguous_or_repeated(&dims)
        && dims.iter().enumerate().any(|(i, d)| i < DIM_COUNT && d.size >= WRAP_UPPER_BOUNDS[i]);
    if violates {
        let modv = |s: i64| match volume {
            Some(v) if v > 1 => s % v,
            _ => s,
        };
        let mut i = dims.len() as isize - 1;
        while i >= 0 {
            let idx = i as usize;
            let bound = WRAP_UPPER_BOUNDS[idx.min(DIM_COUNT - 1)];
            let Dim { size, stride } = dims[idx];
            if size >= bound {
                let alignment = if stride == 1 { inner_alignment } else { 1 };
                let a = if alignment > 1 {
                    largest_aligned_factor(size, bound - 1, alignment)
                } else {
                    largest_factor(size, bound - 1)
                };
                if a == 0 {
                    cannot_tile = Some((size, alignment));
                    break;
                }
                // A factor of 1 (no factor in [2, bound − 1]; only without alignment): AIR inserts
                // the same size again, erases the first size-1 dimension it finds (the new inner
                // one, or an earlier dummy: either way the size stays at or before this position)
                // and looks at it again, forever (`tileIllegalWrapDim`, AIRRtToNpuPass.cpp).
                if a == 1 {
                    endless = Some(EndlessSplit { size, stride, max: bound - 1, site: SplitSite::TileIllegalWrapDim });
                    break;
                }
                factored = true;
                let b = crate::arith::ceil_div(size, a);
                let a_stride = modv(stride.saturating_mul(a));
                let (inner, outer) = if a_stride > STRIDE_UPPER_BOUND && idx != 0 { (b, a) } else { (a, b) };
                factorings.push((size, outer, inner));
                dims[idx].size = inner;
                dims.insert(idx, Dim::new(outer, modv(stride.saturating_mul(inner))));
                if let Some(dummy) = dims.iter().position(|d| d.size == 1) {
                    dims.remove(dummy);
                }
                // Re-examine position `idx` (C++: `i++` then the loop's `i--`).
                continue;
            }
            i -= 1;
        }
    }
    // Dimensions beyond four become separate transfers.
    let mut tasks: i64 = 1;
    while dims.len() > DIM_COUNT {
        tasks = tasks.saturating_mul(dims[0].size);
        dims.remove(0);
    }
    let task = split_task(&dims);
    Lowered { tasks, task, cannot_tile, factored, factorings, endless }
}

/// Repeat count, iteration dimension and data dimensions of a 4-D pattern.
fn split_task(dims: &[Dim]) -> ShimTask {
    let mut repeat = (dims[0].size - 1).max(0);
    let use_iteration = dims[0].stride != 0;
    let mut data = Vec::new();
    for (i, d) in dims.iter().enumerate().skip(1) {
        if i < DIM_COUNT - 1 && d.stride == 0 && d.size > 1 {
            repeat = (repeat + 1).saturating_mul(d.size) - 1;
            continue;
        }
        if d.size > 1 || i == DIM_COUNT - 1 {
            data.push(*d);
        }
    }
    let linear = data.iter().rev().skip(1).all(|d| d.size == 1) && data.last().is_some_and(|d| d.stride == 1);
    ShimTask {
        dims: dims.to_vec(),
        repeat,
        iteration: (use_iteration && dims[0].size > 1).then_some(dims[0]),
        data,
        linear,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_outermost_wrap_of_512_is_unrolled_into_16_tasks() {
        // SiLU-mul tile_n 1024 at 8 cores after the loop fold (model doc §5 F3).
        let dims = [Dim::new(512, 32768), Dim::new(4, 8192), Dim::new(2, 512), Dim::new(512, 1)];
        let lowered = lower_shim(&dims, 2, Some(1 << 24));
        assert_eq!(lowered.tasks, 16);
        assert!(lowered.factored);
        assert_eq!(lowered.task.dims[0], Dim::new(32, 32768));
    }

    #[test]
    fn a_middle_wrap_below_1024_needs_no_factoring() {
        let dims = [Dim::new(1, 0), Dim::new(688, 32768), Dim::new(8, 512), Dim::new(512, 1)];
        let lowered = lower_shim(&dims, 2, Some(1 << 24));
        assert_eq!(lowered.tasks, 1);
        assert!(!lowered.factored);
        assert_eq!(lowered.task.repeat, 0);
    }

    #[test]
    fn a_repeated_contiguous_vector_keeps_its_large_repeat_count() {
        // The GEMV B vector re-read by 1187 launch iterations (model doc §5 F17).
        let dims = [Dim::new(1187, 0), Dim::new(2048, 1)];
        let lowered = lower_shim(&dims, 2, Some(2048));
        assert_eq!(lowered.tasks, 1);
        assert_eq!(lowered.task.repeat, 1186);
        assert!(lowered.task.linear);
        assert!(lowered.task.iteration.is_none());
    }

    #[test]
    fn an_outermost_wrap_without_a_factor_below_64_is_split_forever() {
        // Four active dimensions, the outermost 67 (prime) with a step of 2048: airrt-to-npu's
        // tileIllegalWrapDim never returns (the fixture f_shim_iteration_wrap_prime).
        let dims = [Dim::new(67, 2048), Dim::new(2, 512), Dim::new(4, 64), Dim::new(16, 1)];
        let lowered = lower_shim(&dims, 2, Some(67 * 2048));
        let split = EndlessSplit { size: 67, stride: 2048, max: 63, site: SplitSite::TileIllegalWrapDim };
        assert_eq!(lowered.endless, Some(split));
        // 66 = 2 · 33 is factored into two transfers.
        let dims = [Dim::new(66, 2048), Dim::new(2, 512), Dim::new(4, 64), Dim::new(16, 1)];
        let lowered = lower_shim(&dims, 2, Some(66 * 2048));
        assert_eq!(lowered.endless, None);
        assert_eq!(lowered.tasks, 2);
    }

    #[test]
    fn a_size_without_an_aligned_factor_cannot_be_tiled() {
        let dims = [Dim::new(3, 5000), Dim::new(1031, 1)];
        let lowered = lower_shim(&[Dim::new(7, 9000), dims[0], dims[1]], 2, None);
        assert_eq!(lowered.cannot_tile, Some((1031, 2)));
    }
}

//! AIR's pattern canonicalisation and loop folding, on constant patterns.
//!
//! Mirrors, in Xilinx/mlir-air `mlir/lib/Util/Util.cpp`: `isDefaultDataAccessPattern`,
//! `isContiguousRowMajorOrRepeated`, `findLargestFactor`, `findLargestAlignedFactor`,
//! `canonicalizeWrapAndStrideList`; and in `mlir/lib/Transform/AIRDependencyScheduleOpt.cpp`
//! the fold of `AIRSpecializeChannelWrapAndStrideInScfFor` with the unroll fallback of
//! `AIRUnrollScfForIntoBDChain`. Per-dimension offsets are not tracked (the base offset is kept
//! separately), so a size-1 dimension always counts as a removable dummy.
//!
//! Where AIR's split never terminates (a size above `maxSize` with no factor in range), the
//! simulation stops and says so ([`EndlessSplit`]) instead of looping with it.

use super::Dim;
use crate::limits::STRIDE_UPPER_BOUND;

/// Contiguous row-major (size-1 / stride-0 dummies allowed): one linear stream.
pub fn is_default_pattern(dims: &[Dim]) -> bool {
    if dims.is_empty() || (dims.len() == 1 && dims[0].stride == 1) {
        return true;
    }
    is_row_major_skipping(dims, |dim| dim.size == 1 && dim.stride == 0)
}

/// A contiguous row-major body, optionally preceded by size-1 or stride-0 (repeat) dimensions:
/// lowers to one linear shim BD, exempt from the wrap limits.
pub fn is_contiguous_or_repeated(dims: &[Dim]) -> bool {
    let first_body = dims.iter().position(|d| !(d.size == 1 || d.stride == 0)).unwrap_or(dims.len());
    is_row_major_skipping(&dims[first_body..], |dim| dim.size == 1)
}

/// Whether every stride of `dims` but those `skip` accepts is the product of the sizes after it
/// (innermost stride 1); false on overflow.
fn is_row_major_skipping(dims: &[Dim], skip: impl Fn(&Dim) -> bool) -> bool {
    let mut factor: i64 = 1;
    for dim in dims.iter().rev() {
        if skip(dim) {
            continue;
        }
        if dim.stride != factor {
            return false;
        }
        factor = match factor.checked_mul(dim.size) {
            Some(f) => f,
            None => return false,
        };
    }
    true
}

/// Largest factor of `num` that is at most `max` (1 when none larger exists): AIR's
/// `findLargestFactor`, O(min(max, √num)).
pub fn largest_factor(num: i64, max: i64) -> i64 {
    if max <= 0 || num <= 0 {
        return 1;
    }
    if num <= max {
        return num;
    }
    let mut largest_low = 1;
    let mut low = 2;
    while low <= max {
        let high = num / low;
        if high < low {
            return largest_low;
        }
        if num % low == 0 {
            if high <= max {
                return high;
            }
            largest_low = low;
        }
        low += 1;
    }
    largest_low
}

/// Largest factor of `num` at most `max` that is a multiple of `alignment` (0 when none).
pub fn largest_aligned_factor(num: i64, max: i64, alignment: i64) -> i64 {
    if alignment <= 1 {
        return largest_factor(num, max);
    }
    if max < alignment {
        return 0;
    }
    let mut candidate = (max / alignment) * alignment;
    while candidate >= alignment {
        if num % candidate == 0 {
            return candidate;
        }
        candidate -= alignment;
    }
    0
}

/// Parameters of one canonicalisation.
#[derive(Clone, Copy, Debug)]
pub struct CanonParams {
    /// Sizes above this are split (`None`: no splitting).
    pub max_size: Option<i64>,
    /// Elements per 4 bytes, for splitting the contiguous innermost dimension.
    pub inner_alignment: i64,
    /// Elements of the memref; new strides are taken modulo it (as AIR does).
    pub volume: Option<i64>,
}

/// A dimension AIR's wrap factoring splits forever: its size is above the bound and has no
/// factor in `[2, max]`, so `findLargestFactor` returns 1 and the split puts the same size back
/// in front of a size-1 dimension, where the loop finds it again (mlir-air `Util.cpp`
/// `canonicalizeWrapAndStrideList`, `AIRRtToNpuPass.cpp` `tileIllegalWrapDim`). The pass never
/// returns: the compile does not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndlessSplit {
    /// The size AIR cannot split, in elements.
    pub size: i64,
    /// Its stride, in elements.
    pub stride: i64,
    /// The largest factor AIR looks for (1023 for a wrap, 63 for the shim's iteration dimension).
    pub max: i64,
    /// Which of AIR's two splitting loops it is.
    pub site: SplitSite,
}

/// Where AIR splits a dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitSite {
    /// `canonicalizeWrapAndStrideList` (`maxSize` 1023), run by air-opt-memtile-dma-bds,
    /// air-to-aie and air-opt-shim-dma-bds on every channel op's pattern and after each loop fold.
    Canonicalize,
    /// airrt-to-npu's `tileIllegalWrapDim`, on a shim transfer's wraps at or above
    /// {64, 1024, 1024, 1024}.
    TileIllegalWrapDim,
}

fn wrap_stride(stride: i64, volume: Option<i64>) -> i64 {
    match volume {
        Some(v) if v > 1 => stride % v,
        _ => stride,
    }
}

/// `canonicalizeWrapAndStrideList`: split oversized sizes, drop size-1 dims, merge adjacent
/// contiguous dims (when the merged size stays within `max_size` or the whole is contiguous).
///
/// `Some` when AIR's split of a dimension never terminates (see [`EndlessSplit`]: the first one).
/// The simulation itself goes on, leaving that dimension whole, so its result is the same for
/// callers whose compiler path does not split (the core side).
#[must_use]
pub fn canonicalize(dims: &mut Vec<Dim>, params: &CanonParams) -> Option<EndlessSplit> {
    let mut endless = None;
    if let Some(max) = params.max_size.filter(|m| *m > 0) {
        let mut idx = dims.len() as isize - 1;
        while idx >= 0 {
            if is_default_pattern(dims) {
                break;
            }
            let i = idx as usize;
            let Dim { size, stride } = dims[i];
            if size > max {
                let a = if stride == 1 {
                    largest_aligned_factor(size, max, params.inner_alignment)
                } else {
                    largest_factor(size, max)
                };
                // A factor of 1 (no factor of the size in [2, max]; an aligned factor is never 1)
                // makes AIR put the same size back as the outer dimension, in front of a size-1
                // one, and look at it again: unless the step then exceeds 2^20 (AIR swaps inner and
                // outer, inserts a size-1 outer dimension and moves on), it never stops. Inserting
                // `(1, stride)` after `(size, stride)` cannot make the pattern contiguous, so the
                // loop's first test never ends it either.
                if a == 1 && wrap_stride(stride, params.volume) <= STRIDE_UPPER_BOUND {
                    endless.get_or_insert(EndlessSplit { size, stride, max, site: SplitSite::Canonicalize });
                }
                // No aligned factor (0), or a factor of 1: the dimension stays oversized.
                if a > 1 {
                    let b = crate::arith::ceil_div(size, a);
                    let a_stride = wrap_stride(stride.saturating_mul(a), params.volume);
                    let (inner, outer) = if a_stride > STRIDE_UPPER_BOUND { (b, a) } else { (a, b) };
                    dims[i].size = inner;
                    let outer_stride = wrap_stride(stride.saturating_mul(inner), params.volume);
                    dims.insert(i, Dim::new(outer, outer_stride));
                    // Look at the new outer dimension next (C++: `i++` then the loop's `i--`).
                    continue;
                }
            }
            idx -= 1;
        }
    }
    // Erase size-1 dims, keeping the innermost when everything is size 1 and the access is
    // partial.
    let all_unit = dims.iter().all(|d| d.size == 1);
    let access: i64 = crate::arith::sat_product(dims.iter().map(|d| d.size));
    if !(all_unit && !dims.is_empty() && Some(access) != params.volume) {
        dims.retain(|d| d.size != 1);
    } else {
        let last = dims.len() - 1;
        let keep = dims[last];
        dims.clear();
        dims.push(keep);
    }
    // Merge adjacent dims, innermost pair first.
    let mut idx = dims.len() as isize - 1;
    while idx >= 1 {
        let i = idx as usize;
        if i < dims.len() {
            let (prev, cur) = (dims[i - 1], dims[i]);
            let merged = prev.size.checked_mul(cur.size);
            let too_big = match (params.max_size.filter(|m| *m > 0), merged) {
                (Some(max), Some(m)) => m > max && !is_default_pattern(dims),
                (_, None) => true,
                _ => false,
            };
            if !too_big && Some(prev.stride) == cur.size.checked_mul(cur.stride) {
                if let Some(m) = merged {
                    dims[i].size = m;
                    dims.remove(i - 1);
                }
            }
        }
        idx -= 1;
    }
    endless
}

/// A loop around a transfer, as the fold sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopDim {
    pub trip: i64,
    /// Elements the transfer's offset moves per iteration (0: the loop repeats it).
    pub stride: i64,
    /// The loop's step (for AIR's large-stride exception).
    pub step: i64,
}

/// How folding is done at one tile type.
#[derive(Clone, Copy, Debug)]
pub struct FoldParams {
    /// Data dimensions a descriptor can hold (4 at the shim and memtile incl. the repeat dim).
    pub max_dims: usize,
    /// Drop stride-0 loops (memtile/core: the chain repeats) instead of adding repeat dims.
    pub skip_zero_stride: bool,
    /// Move stride-0 dims to the outermost (repeat) position, unrolling on a conflict (shim).
    pub repeat_at_highest: bool,
    pub canon: CanonParams,
    /// Bytes per element (for the fold's 1M-granule stride check).
    pub elem_bits: u32,
    /// Apply the fold's stride check (`> 0x100000` granules refuses the fold).
    pub stride_check: bool,
    /// A loop whose stride extends the outermost dimension contiguously passes the stride
    /// check's exception whatever step it is written with: the step AIR compares is the loop's
    /// once its offset is the induction variable itself. Seen where `air-opt-shim-dma-bds` tiles
    /// the launch with a window of more than one iteration: every such K loop over a panel wider
    /// than the step field folds and fails the BD's stride check (sweep gemm-stride-*-t2x2,
    /// gemm-ffn-n10240), while untiled (gemm-slow-n8192-tk512) or with one-iteration windows
    /// (gemm-ffn-n8960: a 1 x 35 grid) the same loop does not fold.
    pub contiguous_exception: bool,
}

/// The result of folding a loop nest into a transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folded {
    /// The descriptor pattern (outermost first) every unrolled copy uses.
    pub dims: Vec<Dim>,
    /// Separate transfers the unrolled loops produce (product of their trip counts).
    pub copies: i64,
    /// Loops (indices into the input, outermost = 0) that were unrolled.
    pub unrolled: Vec<usize>,
    /// The innermost loop that could not fold, and why (every loop outside it is unrolled too).
    pub failure: Option<(usize, FoldFailure)>,
    /// The first split AIR never finishes, met on the transfer's own pattern or after a fold
    /// (the simulation goes on with that dimension whole).
    pub endless: Option<EndlessSplit>,
    /// The loop (index into the input) whose fold met it; `None`: the pattern as written.
    pub endless_fold: Option<usize>,
}

/// Why a loop does not fold into a transfer's BD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldFailure {
    /// The pattern already has `active` dimensions of the `max` a BD holds.
    TooManyDims { active: usize, max: usize },
    /// The loop's step exceeds the 2^20-granule step field.
    StrideTooLarge { elements: i64, granules: i64 },
    /// Two repeat (stride-0) dimensions, but only the outermost can repeat.
    RepeatConflict,
}

impl FoldFailure {
    pub fn describe(&self) -> String {
        match self {
            FoldFailure::TooManyDims { active, max } => {
                format!("the transfer already uses {active} of the {max} dimensions a BD holds")
            }
            FoldFailure::StrideTooLarge { elements, granules } => {
                format!("its step of {elements} elements ({granules} granules) exceeds the 2^20-granule step field")
            }
            FoldFailure::RepeatConflict => {
                "it repeats the transfer, and only the outermost dimension can repeat".to_string()
            }
        }
    }
}

fn active(dims: &[Dim]) -> usize {
    dims.iter().filter(|d| d.size > 1).count()
}

/// Folds `loops` (outermost first) into `own`, innermost loop first, as AIR does.
pub fn fold_loops(own: &[Dim], loops: &[LoopDim], params: &FoldParams) -> Folded {
    let mut dims = own.to_vec();
    let mut endless = canonicalize(&mut dims, &params.canon);
    let mut endless_fold = None;
    let mut copies: i64 = 1;
    let mut unrolled = Vec::new();
    let mut failed = false;
    let mut failure = None;
    for (idx, lp) in loops.iter().enumerate().rev() {
        if lp.trip == 0 {
            copies = 0;
            continue;
        }
        if failed {
            copies = copies.saturating_mul(lp.trip);
            unrolled.push(idx);
            continue;
        }
        if lp.trip == 1 {
            continue;
        }
        if params.skip_zero_stride && lp.stride == 0 {
            continue;
        }
        let (result, split) = try_fold(&dims, lp, params);
        // AIR canonicalises the folded lists before its post-fold legality check, so a split
        // that never ends stops the compile even where the fold is then refused.
        if endless.is_none() && split.is_some() {
            endless = split;
            endless_fold = Some(idx);
        }
        match result {
            Ok(next) => dims = next,
            Err(why) => {
                failure = Some((idx, why));
                // The loop is unrolled: at compile time (`AIRUnrollScfForIntoBDChain`, or the
                // repeat-dimension conflict), or, for a repeat-only nest it leaves rolled, when
                // aiecc unrolls the runtime sequence. Either way each iteration is a transfer.
                failed = true;
                copies = copies.saturating_mul(lp.trip);
                unrolled.push(idx);
            }
        }
    }
    unrolled.reverse();
    Folded { dims, copies, unrolled, failure, endless, endless_fold }
}

/// One loop folded into `dims`: the new pattern or why the loop does not fold, and a split of the
/// canonicalisation after the fold that never ends.
fn try_fold(dims: &[Dim], lp: &LoopDim, params: &FoldParams) -> (Result<Vec<Dim>, FoldFailure>, Option<EndlessSplit>) {
    if active(dims) + 1 > params.max_dims {
        return (Err(FoldFailure::TooManyDims { active: active(dims), max: params.max_dims }), None);
    }
    let stride = wrap_stride(lp.stride, params.canon.volume);
    if params.stride_check {
        let granules = (stride.saturating_mul(i64::from(params.elem_bits)) + 31) / 32;
        // AIR's exception (Util.cpp foldForLoopNestAsExtendedSizesAndStrides): the loop's step
        // equals the highest wrap of the list as it is (the repeat slots a shim fold pads it
        // with, size 1 and stride 0, are not in it), or ([`FoldParams::contiguous_exception`])
        // the loop extends the outermost dimension contiguously.
        let outer = dims.iter().find(|d| !(d.size == 1 && d.stride == 0));
        let highest = outer.map_or(1, |d| d.size);
        let extends_outer = params.contiguous_exception
            && outer.is_some_and(|d| d.size > 1 && d.size.checked_mul(d.stride) == Some(stride));
        if granules > 0x10_0000 && lp.step != highest && !extends_outer {
            return (Err(FoldFailure::StrideTooLarge { elements: stride, granules }), None);
        }
    }
    let mut next = Vec::with_capacity(dims.len() + 1);
    next.push(Dim::new(lp.trip, stride));
    next.extend_from_slice(dims);
    let split = canonicalize(&mut next, &params.canon);
    (place_repeat(next, params), split)
}

/// The post-fold checks: at most `max_dims` active dimensions, and at the shim the repeat
/// (stride-0) dimension moved outermost.
fn place_repeat(mut next: Vec<Dim>, params: &FoldParams) -> Result<Vec<Dim>, FoldFailure> {
    if active(&next) > params.max_dims {
        return Err(FoldFailure::TooManyDims { active: active(&next) - 1, max: params.max_dims });
    }
    if params.repeat_at_highest && !next.is_empty() {
        while next.len() < params.max_dims {
            next.insert(0, Dim::new(1, 0));
        }
        let mut active_between = 0;
        for i in 1..next.len() {
            let d = next[i];
            if d.size <= 1 {
                continue;
            }
            if d.stride != 0 {
                active_between += 1;
                continue;
            }
            if next[0].size == 1 && active_between == 0 {
                next.swap(0, i);
            } else {
                return Err(FoldFailure::RepeatConflict);
            }
        }
    }
    Ok(next)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn shim(elem_bits: u32, volume: i64) -> FoldParams {
        FoldParams {
            max_dims: 4,
            skip_zero_stride: false,
            repeat_at_highest: true,
            canon: CanonParams {
                max_size: Some(1023),
                inner_alignment: (32 / elem_bits.min(32)) as i64,
                volume: Some(volume),
            },
            elem_bits,
            stride_check: true,
            contiguous_exception: false,
        }
    }

    #[test]
    fn the_stride_exception_compares_the_step_with_a_real_wrap() {
        // The Qwen2.5 down projection's A feed (K = 8960): 32 rows of 256 per K step, the K loop
        // (35 steps of 256), then the M-block launch loop (2 iterations, 2,293,760 elements). The
        // K fold pads the list with a size-1 repeat slot; AIR's highest wrap is the K loop's 35,
        // not that slot, so the launch loop does not fold (it is unrolled, as the compiler does).
        let own = [Dim::new(32, 8960), Dim::new(256, 1)];
        let loops = [LoopDim { trip: 2, stride: 2_293_760, step: 1 }, LoopDim { trip: 35, stride: 256, step: 1 }];
        let folded = fold_loops(&own, &loops, &shim(16, 2048 * 8960));
        assert_eq!(folded.copies, 2);
        assert!(matches!(folded.failure, Some((0, FoldFailure::StrideTooLarge { .. }))), "{folded:?}");
        // With the launch tiled, the loop does not extend the highest dimension (35 x 256 is not
        // its stride): still unrolled.
        let tiled = FoldParams { contiguous_exception: true, ..shim(16, 2048 * 8960) };
        assert_eq!(fold_loops(&own, &loops, &tiled).copies, 2);
    }

    #[test]
    fn a_loop_that_extends_the_highest_dimension_folds_when_tiled() {
        // A GEMM's split B piece: 512 rows of 128 (row stride 8192), the K loop of 4 steps of 512
        // rows (4,194,304 elements, over the field) written with step 1. AIR folds it through its
        // exception once the launch is tiled (the offset becomes the induction variable with step
        // 512, the highest wrap); untiled it does not.
        let own = [Dim::new(512, 8192), Dim::new(128, 1)];
        let loops = [LoopDim { trip: 4, stride: 4_194_304, step: 1 }];
        let untiled = fold_loops(&own, &loops, &shim(16, 2048 * 8192));
        assert_eq!((untiled.copies, untiled.failure.is_some()), (4, true));
        let tiled = fold_loops(&own, &loops, &FoldParams { contiguous_exception: true, ..shim(16, 2048 * 8192) });
        assert_eq!((tiled.copies, tiled.failure), (1, None));
        // The merged 2048 rows split back on the 1023 bound: a step of 512 rows, over the field.
        assert!(tiled.dims.iter().any(|d| d.stride == 4_194_304), "{:?}", tiled.dims);
    }

    #[test]
    fn factors_match_air() {
        assert_eq!(largest_factor(688, 63), 43);
        assert_eq!(largest_factor(512, 63), 32);
        assert_eq!(largest_factor(1187, 63), 1);
        assert_eq!(largest_aligned_factor(2048, 1023, 2), 512);
        assert_eq!(largest_aligned_factor(4736, 1023, 2), 592);
        assert_eq!(largest_aligned_factor(1025, 1023, 2), 0);
    }

    #[test]
    fn contiguous_patterns_collapse_to_one_dimension() {
        let mut dims = vec![Dim::new(4096, 4096), Dim::new(4096, 1)];
        let endless =
            canonicalize(&mut dims, &CanonParams { max_size: Some(1023), inner_alignment: 2, volume: Some(1 << 24) });
        assert_eq!(endless, None);
        assert_eq!(dims, vec![Dim::new(1 << 24, 1)]);
    }

    #[test]
    fn an_oversized_inner_dimension_is_split_on_an_aligned_factor() {
        let mut dims = vec![Dim::new(3, 100_000), Dim::new(2048, 1)];
        let endless =
            canonicalize(&mut dims, &CanonParams { max_size: Some(1023), inner_alignment: 2, volume: Some(1 << 24) });
        assert_eq!(endless, None);
        assert_eq!(dims, vec![Dim::new(3, 100_000), Dim::new(4, 512), Dim::new(512, 1)]);
    }

    #[test]
    fn loops_fold_until_four_dims_then_unroll() {
        // Interleaved per-core tiles of SiLU-mul: tile 4096, 8 cores, 512 iterations.
        let own = [Dim::new(4096, 1)];
        let folded = fold_loops(&own, &[LoopDim { trip: 512, stride: 32768, step: 32768 }], &shim(16, 1 << 24));
        assert_eq!(folded.copies, 1);
        assert_eq!(folded.dims, vec![Dim::new(1, 0), Dim::new(512, 32768), Dim::new(8, 512), Dim::new(512, 1)]);
        // A fifth dimension cannot fold: the outer loop is unrolled.
        let own = [Dim::new(4, 100_000), Dim::new(8, 1000), Dim::new(16, 1)];
        let loops = [LoopDim { trip: 6, stride: 700_000, step: 1 }, LoopDim { trip: 5, stride: 4_000, step: 1 }];
        let folded = fold_loops(&own, &loops, &shim(32, 1 << 30));
        assert_eq!(folded.copies, 6);
        assert_eq!(folded.unrolled, vec![0]);
    }

    #[test]
    fn a_prime_repeat_count_is_a_split_that_never_ends() {
        // Model doc F17: a 1187-iteration stride-0 launch loop folded into a GEMV B vector.
        let own = [Dim::new(2048, 1)];
        let loops = [LoopDim { trip: 1187, stride: 0, step: 1 }];
        let folded = fold_loops(&own, &loops, &shim(16, 2048));
        let split = EndlessSplit { size: 1187, stride: 0, max: 1023, site: SplitSite::Canonicalize };
        assert_eq!(folded.endless, Some(split));
        assert_eq!(folded.endless_fold, Some(0));
    }

    #[test]
    fn a_split_ends_when_a_factor_exists_or_the_step_is_over_2_to_20() {
        let params = CanonParams { max_size: Some(1023), inner_alignment: 2, volume: None };
        // A prime written size with a non-unit stride: endless.
        let mut dims = vec![Dim::new(1031, 64), Dim::new(16, 1)];
        assert_eq!(canonicalize(&mut dims, &params).map(|s| s.size), Some(1031));
        // 1030 = 2 · 515: split.
        let mut dims = vec![Dim::new(1030, 64), Dim::new(16, 1)];
        assert_eq!(canonicalize(&mut dims, &params), None);
        assert_eq!(dims, vec![Dim::new(2, 64 * 515), Dim::new(515, 64), Dim::new(16, 1)]);
        // A composite without a factor ≤ 1023 (1031 · 1033) is as endless as a prime.
        let mut dims = vec![Dim::new(1031 * 1033, 64), Dim::new(16, 1)];
        assert!(canonicalize(&mut dims, &params).is_some());
        // A step over 2^20: AIR swaps the pieces and leaves the size whole.
        let mut dims = vec![Dim::new(1031, 1 << 21), Dim::new(16, 1)];
        assert_eq!(canonicalize(&mut dims, &params), None);
        // The contiguous innermost dimension asks for an aligned factor, which is never 1.
        let mut dims = vec![Dim::new(3, 5000), Dim::new(1031, 1)];
        assert_eq!(canonicalize(&mut dims, &params), None);
        // A contiguous pattern is one stream and is never split.
        let mut dims = vec![Dim::new(1031, 1)];
        let f32_params = CanonParams { inner_alignment: 1, ..params };
        assert_eq!(canonicalize(&mut dims, &f32_params), None);
    }

    #[test]
    fn a_stride_zero_loop_becomes_the_repeat_dimension() {
        let own = [Dim::new(2048, 1)];
        let loops = [LoopDim { trip: 300, stride: 0, step: 1 }];
        let folded = fold_loops(&own, &loops, &shim(16, 2048));
        assert_eq!(folded.copies, 1);
        assert_eq!(folded.dims[0], Dim::new(300, 0));
    }
}

//! AIR's own (element-based, dtype-blind) shim limits, applied by the compiler before the
//! hardware checks: model doc §3.5 and §4.4.

/// `AIE2_WRAP_UPPER_BOUNDS`, outermost first: a size at or above the bound is factored.
pub const WRAP_UPPER_BOUNDS: [i64; 4] = [64, 1024, 1024, 1024];
/// `AIE2_STRIDE_UPPER_BOUND`, in elements.
pub const STRIDE_UPPER_BOUND: i64 = 1_048_576;
/// Dimensions of one shim DMA after lowering (3 data dims + the iteration/repeat dim).
pub const DIM_COUNT: usize = 4;
/// `maxSize` of the loop-folding canonicalisation (`air-opt-shim-dma-bds`,
/// `air-opt-memtile-dma-bds`): sizes above it are split.
pub const FOLD_MAX_SIZE: i64 = 1023;

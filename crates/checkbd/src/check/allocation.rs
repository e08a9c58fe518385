//! How mlir-aie places a tile's buffers: the high-water mark of its sequential allocation, which
//! the L1 (core) and L2 (memtile) budgets both follow.

/// The high-water mark of `aie-assign-buffer-addresses`' sequential allocation (mlir-aie
/// `AIEAssignBuffers.cpp` `basicAllocation`, the fallback whose failure is the error): from
/// `start` (the stack of a core), buffers largest first, each aligned to the tile's load/store
/// width (`alignment` bytes).
pub(crate) fn sequential_high_water(start: i64, mut sizes: Vec<i64>, alignment: i64) -> i64 {
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes.into_iter().fold(start, |address, size| {
        air_model::arith::ceil_div(address, alignment).saturating_mul(alignment).saturating_add(size)
    })
}

//! The families of points, one file per kernel or theme, and the order they are listed in.

pub mod cascade;
pub mod device;
pub mod eltwise;
pub mod gemm;
pub mod gemv;
pub mod merges;
pub mod silu;

use crate::Points;
use crate::SweepError;

/// Every family, in the list's order.
pub fn add_all(points: &mut Points) -> Result<(), SweepError> {
    silu::bd_grid(points)?;
    silu::l1(points)?;
    silu::placement(points)?;
    silu::launches(points)?;
    silu::wraps(points)?;
    gemv::repeat(points)?;
    gemv::l1(points)?;
    gemv::placement(points)?;
    gemv::launches(points)?;
    gemm::baseline(points)?;
    gemm::launch_grids(points)?;
    gemm::stride(points)?;
    gemm::memtile(points)?;
    gemm::l1(points)?;
    gemm::runtime_offsets(points)?;
    gemm::placement(points)?;
    gemm::compile_time(points)?;
    eltwise::l1(points)?;
    eltwise::placement(points)?;
    eltwise::shim_channels(points)?;
    eltwise::host_views(points)?;
    cascade::matvec_2tile_add(points)?;
    cascade::matvec_swiglu_rms(points)?;
    device::devices(points)?;
    merges::copies_of_one(points)?;
    merges::chains(points)?;
    merges::carrying(points)?;
    Ok(())
}

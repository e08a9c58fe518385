//! SiLU-and-mul points: shim BD exhaustion over tile_n × herd_x (model doc §5 F3, the
//! `f03_*` fixtures), L1 capacity with and without ping-pong (F4), herds too wide for the array,
//! and launch counts.

use crate::list::{about, Points};
use crate::options::{defaults, Options};
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::silu_mul::SiluMul;

/// F3's size: 16,777,216 elements per buffer.
const F3_N: u64 = 1 << 24;

fn silu(n: u64, tile_n: u64, herd_x: u64) -> SiluMul {
    SiluMul { n, tile_n, herd_x, rows: None, launches: 1, chunks: 1 }
}

/// The documented side of F3's points at N = 2^24 (model doc §5 F3): fails at tile_n 1024 and
/// 2048 on 8 cores and at tile_n 4096 on 2 and 4; places at 256 and 512 on 8, and 4096 on 1 and 8.
fn f3_side(tile_n: u64, herd_x: u64) -> Side {
    match (tile_n, herd_x) {
        (1024 | 2048, 8) | (4096, 2 | 4) => Side::Over,
        (256 | 512, 8) | (4096, 1 | 8) => Side::Inside,
        _ => Side::Grid,
    }
}

/// Shim BDs: per core `n / (tile_n · herd_x)` iterations of three streams; whether AIR folds
/// them into one BD per stream depends on how the trip count factors.
pub fn bd_grid(points: &mut Points) -> Result<(), SweepError> {
    for tile_n in [256, 512, 1024, 2048, 4096] {
        for herd_x in [1, 2, 4, 8] {
            let trips = F3_N / (tile_n * herd_x);
            let note = format!("silu-mul N=2^24 tile_n {tile_n} herd {herd_x}x1: {trips} iterations per core");
            let base = format!("silu-bd-n16m-t{tile_n}-h{herd_x}");
            points.kernel(
                about(base, Aim::ShimBds, f3_side(tile_n, herd_x), note),
                &silu(F3_N, tile_n, herd_x),
                &defaults(),
            )?;
        }
    }
    // A smaller N moves every trip count down by 8: the same tiles on the other side of the
    // iteration bound (64).
    for (tile_n, herd_x) in [(256, 1), (256, 8), (1024, 1), (1024, 8), (4096, 1), (4096, 2)] {
        let n = 1 << 21;
        let trips = n / (tile_n * herd_x);
        let note = format!("silu-mul N=2^21 tile_n {tile_n} herd {herd_x}x1: {trips} iterations per core");
        let base = format!("silu-bd-n2m-t{tile_n}-h{herd_x}");
        points.kernel(about(base, Aim::ShimBds, Side::Grid, note), &silu(n, tile_n, herd_x), &defaults())?;
    }
    // The 2-D form (arguments collapsed in the launch) at o_ffn's shape and at F3's tile.
    for tile_n in [1024, 4096] {
        let kernel = SiluMul { n: 2048 * 8192, tile_n, herd_x: 8, rows: Some(2048), launches: 1, chunks: 1 };
        let note = format!("silu-mul --2d 2048, 2048x8192, tile_n {tile_n}");
        points.kernel(about(format!("silu-bd-2d-t{tile_n}"), Aim::ShimBds, Side::Grid, note), &kernel, &defaults())?;
    }
    Ok(())
}

/// L1: three `tile_n` bf16 buffers per core and the 1 KiB stack against 64 KiB: 10,752 is
/// exactly full without ping-pong, 5,376 with it (if the compiler doubles them: the extern call
/// that first touches the output buffer may keep it from doing so; F4 says it does).
pub fn l1(points: &mut Points) -> Result<(), SweepError> {
    let cases = [
        (5376, Side::Inside, Side::Inside),
        (5392, Side::Inside, Side::Over),
        (8192, Side::Inside, Side::Over),
        (10752, Side::Inside, Side::Over),
        (10768, Side::Over, Side::Over),
    ];
    for (tile_n, without, with) in cases {
        let kernel = silu(tile_n * 8 * 4, tile_n, 8);
        for (options, side) in [(defaults(), with), (defaults().nopp(), without)] {
            let note = format!("silu-mul tile_n {tile_n}: {} B of L1 buffers per core, 4 iterations", 3 * tile_n * 2);
            let base = format!("silu-l1-t{tile_n}");
            points.kernel(about(base, Aim::L1, side, note), &kernel, &options)?;
        }
    }
    // The stack is part of the 64 KiB: 61,440 B of buffers leave exactly 4,096 B.
    let kernel = silu(10240 * 8 * 4, 10240, 8);
    for (stack, side) in [(4096, Side::Inside), (4128, Side::Over)] {
        let note = format!("silu-mul tile_n 10240 without ping-pong: 61,440 B of buffers + {stack} B of stack");
        points.kernel(about("silu-stack-t10240", Aim::L1, side, note), &kernel, &defaults().nopp().stack(stack))?;
    }
    Ok(())
}

/// Herds against the array: 8 columns on npu2, 4 on npu1 and on npu2's 4-column partition.
pub fn placement(points: &mut Points) -> Result<(), SweepError> {
    let cases: [(u64, Options, Side); 7] = [
        (8, defaults(), Side::Inside),
        (9, defaults(), Side::Over),
        (16, defaults(), Side::Over),
        (4, defaults().npu1(), Side::Inside),
        (5, defaults().npu1(), Side::Over),
        (4, defaults().npu2_4col(), Side::Inside),
        (5, defaults().npu2_4col(), Side::Over),
    ];
    for (herd_x, options, side) in cases {
        let kernel = silu(4096 * herd_x * 16, 4096, herd_x);
        let note = format!("silu-mul herd {herd_x}x1 on {}", options.device.name());
        let base = format!("silu-place-h{herd_x}");
        points.built(about(base, Aim::Placement, side, note), kernel.build_any_width(), &options)?;
    }
    Ok(())
}

/// Launches per function: each copy has its own segment; 9 or more is where check-bd warns of
/// compile time (model doc F30).
pub fn launches(points: &mut Points) -> Result<(), SweepError> {
    for (launches, side) in [(2, Side::Inside), (8, Side::Inside), (9, Side::Over), (16, Side::Over)] {
        let kernel = SiluMul { n: 2048 * 8192, tile_n: 4096, herd_x: 8, rows: Some(2048), launches, chunks: 1 };
        let note = format!("silu-mul --2d 2048 (o_ffn's) repeated over {launches} launches of one function");
        let base = format!("silu-launches-{launches}");
        points.kernel(about(base, Aim::CompileTime, side, note), &kernel, &defaults())?;
    }
    Ok(())
}

/// Wraps: one core's stream of `trips` tiles folds into a BD dimension of that size; above
/// 1023 AIR splits it on a factor (1024 and 1025 have one; a prime has none, and mlir-air's
/// split then never terminates: docs/check-bd.md, "An upstream observation", which the fixture
/// `f17_gemv_lm_head_one_shot` runs into, so no point here repeats it). 64 is the iteration
/// dimension's bound.
pub fn wraps(points: &mut Points) -> Result<(), SweepError> {
    let cases = [
        (63, Side::Inside),
        (64, Side::Inside),
        (65, Side::Grid),
        (1021, Side::Inside),
        (1024, Side::Over),
        (1025, Side::Over),
    ];
    for (trips, side) in cases {
        let note = format!("silu-mul tile_n 1024 herd 8x1 over {trips} tiles per core");
        let base = format!("silu-wrap-trips{trips}");
        points.kernel(about(base, Aim::Wrap, side, note), &silu(1024 * 8 * trips, 1024, 8), &defaults())?;
    }
    Ok(())
}

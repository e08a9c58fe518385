//! GEMM points: launch grids and runtime loop tiling (shim BDs; model doc F25), B's stride
//! `tile_k_l2 · N` against the 2^20-granule step (F9/F10), the memtile over tile_k_l2, L1 over
//! the core tiles with and without ping-pong (F11), runtime offsets of the channel form, herds
//! on the 4-column devices, and launch counts.
//!
//! Compile time shapes the list: without runtime loop tiling, a GEMM whose K loop cannot fold
//! (B's step over 2^20 granules) is unrolled across the whole launch grid and takes minutes
//! (2048×2048×8192 on a 16×16 grid took 12), so the stride points are tiled, and only one
//! untiled point of that kind is kept, deliberately slow.

use crate::list::{about, Points};
use crate::options::{defaults, Options};
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::gemm::{Gemm, GemmForm, GemmMethod};

/// The fixtures' GEMM (32 × 256 × 32 × 128 tiles on an 8 × 4 herd, DMA form) at M × K × N.
fn gemm(m: u64, k: u64, n: u64) -> Gemm {
    Gemm {
        m,
        k,
        n,
        tile_m: 32,
        tile_k_l2: 256,
        tile_k_l1: 32,
        tile_n: 128,
        herd_m: 8,
        herd_n: 4,
        suffix: "_m32".to_string(),
        launches: 1,
        form: GemmForm::Dma,
        method: GemmMethod::Drain,
        cast_tile_n: 2048,
    }
}

fn untiled_and_tiled() -> [Options; 2] {
    [defaults(), defaults().tiled(&[2, 2])]
}

/// The launch grid of a spec, `[M/(tile_m·herd_m), N/(tile_n·herd_n)]`.
fn grid(g: &Gemm) -> (u64, u64) {
    (g.m / (g.tile_m * g.herd_m), g.n / (g.tile_n * g.herd_n))
}

/// The fixtures' shapes, untiled, tiled and as an ELF.
pub fn baseline(points: &mut Points) -> Result<(), SweepError> {
    let each = [defaults(), defaults().tiled(&[2, 2]), defaults().elf()];
    let note = "gemm 2048x2048x2048 (testdata/kernels), grid 8x4";
    points.kernel_each(about("gemm-base-2048", Aim::ShimBds, Side::Inside, note), &gemm(2048, 2048, 2048), &each)?;
    let note = "gemm 2048x2048x512, grid 8x1";
    points.kernel_each(about("gemm-base-n512", Aim::ShimBds, Side::Inside, note), &gemm(2048, 2048, 512), &each)?;
    Ok(())
}

/// Launch grids: each launch column adds C readbacks and B feeds on the shim; tiling recycles
/// BDs per tile (F25: tile_n 16 unrolls 128 tasks without it).
pub fn launch_grids(points: &mut Points) -> Result<(), SweepError> {
    for tile_n in [16, 32, 64, 128] {
        let kernel = Gemm { tile_n, ..gemm(512, 2048, 2048) };
        let (gm, gn) = grid(&kernel);
        let note = format!("gemm 512x2048x2048 tile_n {tile_n}: grid {gm}x{gn}");
        // F25's failing point is tile_n 16 untiled; tiling recycles the BDs.
        let side = if tile_n == 16 { Side::Over } else { Side::Grid };
        let base = format!("gemm-grid-tn{tile_n}");
        points.kernel(about(base.clone(), Aim::ShimBds, side, note.clone()), &kernel, &defaults())?;
        points.kernel(about(base, Aim::ShimBds, Side::Grid, note), &kernel, &defaults().tiled(&[2, 2]))?;
    }
    let kernel = Gemm { tile_m: 16, ..gemm(2048, 2048, 2048) };
    let note = "gemm 2048x2048x2048 tile_m 16: grid 16x4";
    points.kernel_each(about("gemm-grid-tm16", Aim::ShimBds, Side::Grid, note), &kernel, &untiled_and_tiled())?;
    Ok(())
}

/// B's L3 step per K iteration is `tile_k_l2 · N` elements; above 2^20 granules (2^21 bf16
/// elements) AIR cannot fold the K loop. Tiled 2,2 (untiled it takes minutes, below).
pub fn stride(points: &mut Points) -> Result<(), SweepError> {
    let cases = [
        (8192, 256, Side::Inside),
        (8192, 512, Side::Over),
        (16384, 128, Side::Inside),
        (16384, 256, Side::Over),
        (10240, 128, Side::Inside),
        (10240, 256, Side::Over),
    ];
    for (n, tile_k_l2, side) in cases {
        let kernel = Gemm { tile_k_l2, ..gemm(256, 2048, n) };
        let granules = tile_k_l2 * n * 2 / 4;
        let note = format!("gemm 256x2048x{n} tile_k_l2 {tile_k_l2}: B's K step {granules} granules");
        let base = format!("gemm-stride-n{n}-tk{tile_k_l2}");
        points.kernel(about(base, Aim::Stride, side, note), &kernel, &defaults().tiled(&[2, 2]))?;
    }
    // The FFN widths of Qwen2.5-1.5B (8960, tile_n 64 so that N tiles) and of Llama-3.2-3B /
    // Qwen2.5-3B / Phi class models (10240, tile_n 128): the gate and up GEMMs' B step over the
    // field, the K loop folded through AIR's exception and split back (Stride 2).
    // Whether the K loop folds depends on the launch windows: with a 1 x 35 grid (M = 256, N =
    // 8960) every window is one iteration and it does not; with M = 512 (2 x 35) it does.
    for (m, n, tile_n, side) in
        [(256, 8960, 64, Side::Inside), (512, 8960, 64, Side::Over), (256, 10240, 128, Side::Over)]
    {
        let kernel = Gemm { tile_n, ..gemm(m, 1536, n) };
        let note =
            format!("gemm {m}x1536x{n} tile_n {tile_n}: an FFN gate/up GEMM, B's K step {} granules", 256 * n / 2);
        let base = format!("gemm-ffn-m{m}-n{n}-tn{tile_n}");
        points.kernel(about(base, Aim::Stride, side, note), &kernel, &defaults().tiled(&[2, 2]))?;
    }
    // The FFN's down projection at K = 8960: A's M-block step (256·8960 elements) is over the
    // field, but its launch loop does not fold (the K loop holds the BD's highest wrap), so each
    // window iteration is its own task: accepted. A 2 x 3 grid tiled 2, 2 (3 does not tile):
    // the launch loop of trip 2 is the one the compiler unrolls.
    let kernel = gemm(512, 8960, 1536);
    let note = "gemm 512x8960x1536: A's launch step 2293760 elements, unrolled per window iteration";
    points.kernel(about("gemm-down-k8960", Aim::Stride, Side::Inside, note), &kernel, &defaults().tiled(&[2, 2]))?;
    Ok(())
}

/// L2: A (herd_m·tile_m·tile_k_l2), B (herd_n·tile_k_l2·tile_n) and C (herd_m·herd_n·tile_m·tile_n)
/// staged per segment; one buffer over a memtile (512 KiB) needs the split pass, and the
/// memtile BD length is at most 131,071 words.
pub fn memtile(points: &mut Points) -> Result<(), SweepError> {
    // tile_k_l2 256 at this shape is `gemm-grid-tn128`.
    for (tile_k_l2, side) in [(512, Side::Inside), (1024, Side::Over), (2048, Side::Over)] {
        let kernel = Gemm { tile_k_l2, ..gemm(512, 2048, 2048) };
        let b_bytes = 4 * tile_k_l2 * 128 * 2;
        let note = format!("gemm 512x2048x2048 tile_k_l2 {tile_k_l2}: B's L2 panel {b_bytes} B");
        let base = format!("gemm-l2-tk{tile_k_l2}");
        points.kernel_each(about(base, Aim::Memtile, side, note), &kernel, &untiled_and_tiled())?;
    }
    for tile_k_l2 in [512, 1024] {
        let kernel = Gemm { tile_k_l2, ..gemm(512, 2048, 2048) };
        let note = format!("gemm 512x2048x2048 tile_k_l2 {tile_k_l2} without ping-pong in L2");
        let base = format!("gemm-l2-tk{tile_k_l2}");
        let options = defaults().omit(crate::Omit::L2);
        points.kernel(about(base, Aim::Memtile, Side::Grid, note), &kernel, &options)?;
    }
    Ok(())
}

/// L1 per core: A (tile_m·tile_k_l1), B (tile_k_l1·tile_n), the f32 accumulator share
/// (tile_m·tile_n) and the bf16 drain (tile_m·tile_n); ping-pong doubles A and B (F11).
pub fn l1(points: &mut Points) -> Result<(), SweepError> {
    // 32/32/128 with ping-pong at this shape is `gemm-grid-tn128-t2x2`.
    let tiles = [(32, 128, 64), (32, 128, 128), (64, 128, 32), (64, 64, 32), (64, 64, 64), (32, 256, 32)];
    for (tile_m, tile_n, tile_k_l1) in tiles {
        let kernel = Gemm { tile_m, tile_n, tile_k_l1, ..gemm(512, 2048, 2048) };
        let streamed = (tile_m * tile_k_l1 + tile_k_l1 * tile_n) * 2;
        let resident = tile_m * tile_n * 4 + tile_m * tile_n * 2;
        let note =
            format!("gemm tiles {tile_m}/{tile_k_l1}/{tile_n}: A+B {streamed} B, accumulator+drain {resident} B");
        let base = format!("gemm-l1-tm{tile_m}-tn{tile_n}-tk{tile_k_l1}");
        for (options, doubled) in [(defaults().tiled(&[2, 2]), true), (defaults().tiled(&[2, 2]).nopp(), false)] {
            let need = if doubled { 2 * streamed } else { streamed } + resident + 1024;
            let side = if need <= 65536 { Side::Inside } else { Side::Over };
            points.kernel(about(base.clone(), Aim::L1, side, note.clone()), &kernel, &options)?;
        }
    }
    Ok(())
}

/// The channel form reads C back with channel gets that wait on the segment; on a 2-D launch
/// grid they keep two launch induction variables as runtime offsets, which airrt-to-npu refuses
/// (tiling 1,1 unrolls the grid; 2,2 keeps a 2-D loop per tile).
pub fn runtime_offsets(points: &mut Points) -> Result<(), SweepError> {
    let cases: [(u64, u64, Options, Side); 7] = [
        (2048, 512, defaults(), Side::Inside),
        (256, 2048, defaults(), Side::Inside),
        (512, 1024, defaults(), Side::Over),
        (2048, 2048, defaults(), Side::Over),
        (2048, 2048, defaults().tiled(&[2, 2]), Side::Over),
        (2048, 2048, defaults().tiled(&[1, 1]), Side::Inside),
        (512, 1024, defaults().tiled(&[1, 1]), Side::Inside),
    ];
    for (m, n, options, side) in cases {
        let kernel = Gemm { form: GemmForm::Channels, ..gemm(m, 2048, n) };
        let (gm, gn) = grid(&kernel);
        let note = format!("gemm --form channels {m}x2048x{n}: grid {gm}x{gn}");
        let base = format!("gemm-offsets-ch-{m}x{n}");
        points.kernel(about(base, Aim::RuntimeOffsets, side, note), &kernel, &options)?;
    }
    Ok(())
}

/// The herd on the 4-column devices (x runs along the columns).
pub fn placement(points: &mut Points) -> Result<(), SweepError> {
    let cases: [(u64, u64, Options, Side); 5] = [
        (4, 4, defaults().npu1(), Side::Inside),
        (8, 4, defaults().npu1(), Side::Over),
        (8, 2, defaults().npu1(), Side::Over),
        (4, 4, defaults().npu2_4col(), Side::Inside),
        (8, 4, defaults().npu2_4col(), Side::Over),
    ];
    for (herd_m, herd_n, options, side) in cases {
        let kernel = Gemm { herd_m, herd_n, ..gemm(1024, 2048, 1024) };
        let note = format!("gemm herd {herd_m}x{herd_n} on {}", options.device.name());
        let base = format!("gemm-place-{herd_m}x{herd_n}");
        points.kernel(about(base, Aim::Placement, side, note), &kernel, &options.tiled(&[2, 2]))?;
    }
    Ok(())
}

/// Launches per function, and the one deliberately slow point: an untiled GEMM whose K loop
/// does not fold (B's step 2^21 granules) on a 1×16 grid.
pub fn compile_time(points: &mut Points) -> Result<(), SweepError> {
    for launches in [2, 4] {
        let kernel = Gemm { launches, ..gemm(2048, 2048, 512) };
        let note = format!("gemm 2048x2048x512 repeated over {launches} launches of one function");
        let base = format!("gemm-launches-{launches}");
        points.kernel(about(base, Aim::CompileTime, Side::Inside, note), &kernel, &defaults().tiled(&[2, 2]))?;
    }
    let kernel = Gemm { tile_k_l2: 512, ..gemm(256, 2048, 8192) };
    let note = "gemm 256x2048x8192 tile_k_l2 512 untiled: the K loop unrolled over a 1x16 grid (slow)";
    points.kernel(about("gemm-slow-n8192-tk512", Aim::CompileTime, Side::Over, note), &kernel, &defaults())?;
    Ok(())
}

//! GEMV points: the repeat count of the B vector's re-reads (≤ 255; model doc F17/F18), L1
//! over K, tile_m and m_input with and without ping-pong (F20; gemv_k8192), the core stack,
//! large K (wraps), and herds on npu1.

use crate::list::{about, Points};
use crate::options::defaults;
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::gemv::Gemv;

fn gemv(m: u64, k: u64, tile_m: u64, m_input: u64, herd_m: u64) -> Gemv {
    Gemv { m, k, tile_m, m_input, herd_m, link_with: "mv.o".to_string(), launches: 1 }
}

/// Repeat count: the launch is `[M/(tile_m·herd_m), 1]` and every launch iteration reads B
/// `tile_m/m_input` times with stride 0, so the shim task repeats `grid · tile_m/m_input − 1`
/// times. Each pair is one grid step either side of 255.
pub fn repeat(points: &mut Points) -> Result<(), SweepError> {
    // (tile_m, m_input, herd_m, grid, omit ping-pong: m_input 8 needs it for L1)
    let cases = [
        (8, 4, 8, 128, false),
        (8, 4, 8, 129, false),
        (8, 2, 8, 64, false),
        (8, 2, 8, 65, false),
        (8, 1, 8, 32, false),
        (8, 1, 8, 33, false),
        (8, 8, 8, 255, true),
        (8, 8, 8, 256, true),
        (8, 8, 8, 257, true),
        (8, 4, 4, 128, false),
        (8, 4, 4, 129, false),
    ];
    for (tile_m, m_input, herd_m, grid, nopp) in cases {
        let reads = tile_m / m_input;
        let repeat = grid * reads - 1;
        let side = if repeat <= 255 { Side::Inside } else { Side::Over };
        let m = grid * tile_m * herd_m;
        let note = format!(
            "gemv M={m} K=2048 tile_m {tile_m} m_input {m_input} herd {herd_m}: grid {grid}, B repeat {repeat}"
        );
        let base = format!("gemv-repeat-g{grid}-tm{tile_m}-mi{m_input}-h{herd_m}");
        let options = if nopp { defaults().nopp() } else { defaults() };
        points.kernel(about(base, Aim::RepeatCount, side, note), &gemv(m, 2048, tile_m, m_input, herd_m), &options)?;
    }
    // Runtime loop tiling strip-mines the launch loop: the repeat counts per tile.
    let over = gemv(16384, 2048, 8, 4, 8);
    for (sizes, side) in [([128, 1], Side::Inside), ([256, 1], Side::Over)] {
        let note = format!("gemv grid 256 (B repeat 511 untiled) tiled {}x1", sizes[0]);
        points.kernel(
            about("gemv-repeat-g256-tm8-mi4", Aim::RepeatCount, side, note),
            &over,
            &defaults().tiled(&sizes),
        )?;
    }
    Ok(())
}

/// L1 per core: A (m_input × K), B (K) and C (tile_m) in bf16 plus the 1 KiB stack, with and
/// without ping-pong. M is 2048 throughout; tile_m keeps the L2 panel within a memtile.
pub fn l1(points: &mut Points) -> Result<(), SweepError> {
    // (K, tile_m, m_inputs): tile_m keeps the L2 panel (8 · tile_m · K · 2 B) within a memtile;
    // K=8192 tile_m 2 m_input 1 is testdata/kernels/gemv_k8192, and tile_m 1 moves 2-byte
    // outputs (F21).
    let cases: [(u64, u64, &[u64]); 5] =
        [(2048, 8, &[2, 4, 8]), (4096, 4, &[1, 2, 4]), (8192, 2, &[1, 2]), (11008, 2, &[1, 2]), (16384, 1, &[1])];
    for (k, tile_m, inputs) in cases {
        for &m_input in inputs {
            let bytes = (m_input + 1) * k * 2 + tile_m * 2;
            let kernel = gemv(2048, k, tile_m, m_input, 8);
            for (options, doubled) in [(defaults(), true), (defaults().nopp(), false)] {
                let need = if doubled { 2 * bytes } else { bytes } + 1024;
                let side = if need <= 65536 { Side::Inside } else { Side::Over };
                let note = format!(
                    "gemv K={k} tile_m {tile_m} m_input {m_input}: {bytes} B of L1 buffers{}",
                    if doubled { ", doubled by ping-pong" } else { "" }
                );
                let base = format!("gemv-l1-k{k}-tm{tile_m}-mi{m_input}");
                points.kernel(about(base, Aim::L1, side, note), &kernel, &options)?;
            }
        }
    }
    // The stack shares the 64 KiB: 49,156 B of buffers (49,184 aligned to 32 B) leave 16,352 B.
    let kernel = gemv(2048, 8192, 2, 2, 8);
    for (stack, side) in [(15360, Side::Inside), (16384, Side::Over)] {
        let note =
            format!("gemv K=8192 tile_m 2 m_input 2 without ping-pong: 49,156 B of buffers + {stack} B of stack");
        points.kernel(about("gemv-stack-k8192", Aim::L1, side, note), &kernel, &defaults().nopp().stack(stack))?;
    }
    Ok(())
}

/// The herd on the 4-column devices.
pub fn placement(points: &mut Points) -> Result<(), SweepError> {
    for (herd_m, side) in [(4, Side::Inside), (8, Side::Over)] {
        let kernel = gemv(2048, 2048, 8, 4, herd_m);
        for options in [defaults().npu1(), defaults().npu2_4col()] {
            let note = format!("gemv herd {herd_m}x1 on {}", options.device.name());
            points.kernel(about(format!("gemv-place-h{herd_m}"), Aim::Placement, side, note), &kernel, &options)?;
        }
    }
    Ok(())
}

/// Launches per function and the ELF form (one device per launch under a `main` sequence).
pub fn launches(points: &mut Points) -> Result<(), SweepError> {
    for (launches, side) in [(4, Side::Inside), (8, Side::Inside), (9, Side::Over)] {
        let kernel = Gemv { launches, ..gemv(2048, 2048, 8, 4, 8) };
        let note = format!("gemv 2048x2048 repeated over {launches} launches of one function");
        let base = format!("gemv-launches-{launches}");
        points.kernel_each(about(base, Aim::CompileTime, side, note), &kernel, &[defaults(), defaults().elf()])?;
    }
    Ok(())
}

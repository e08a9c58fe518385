//! Points of the row-parallel kernels (element-wise add, RMSNorm, RoPE): L1 with and without
//! ping-pong (their vector code, unlike an extern call, lets the compiler double the buffers),
//! herds on the array and on npu1, shim streams at their limit, and the host views of the
//! `--bare` forms (`rope --bare` is a documented rejection).

use crate::list::{about, Points};
use crate::options::{defaults, Options};
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::add::Add;
use air_kernelgen::kernels::rmsnorm::RmsNorm;
use air_kernelgen::kernels::rope::Rope;

fn add_1d(n: u64, tile_n: u64, herd_x: u64) -> Add {
    Add { n, tile_n: Some(tile_n), herd_x, vector_size: 16, rows: None, out_1d: false, bare: false, launches: 1 }
}

fn rope(rows: u64, cols: u64, embed_dim: u64, herd_x: u64) -> Rope {
    Rope { rows, cols, embed_dim, herd_x, decode: false, bare: false }
}

fn rmsnorm(m: u64, n: u64, herd_x: u64) -> RmsNorm {
    RmsNorm { m, n, herd_x, vector_size: 16, decode: false }
}

/// The side of `bytes` of L1 buffers (doubled or not) plus the 1 KiB stack against 64 KiB.
fn l1_side(bytes: u64, doubled: bool) -> Side {
    let need = if doubled { 2 * bytes } else { bytes } + 1024;
    if need <= 65536 {
        Side::Inside
    } else {
        Side::Over
    }
}

/// L1: three bf16 tiles per core (add), three rows (RMSNorm; its 16-lane accumulator aside).
pub fn l1(points: &mut Points) -> Result<(), SweepError> {
    for tile_n in [5376, 5392, 10752, 10768] {
        let bytes = 3 * tile_n * 2;
        let kernel = add_1d(tile_n * 8 * 4, tile_n, 8);
        for (options, doubled) in [(defaults(), true), (defaults().nopp(), false)] {
            let note = format!("add tile_n {tile_n}: {bytes} B of L1 buffers per core");
            let base = format!("add-l1-t{tile_n}");
            points.kernel(about(base, Aim::L1, l1_side(bytes, doubled), note), &kernel, &options)?;
        }
    }
    for n in [4096, 8192, 10752, 12288] {
        let bytes = 3 * n * 2 + 32;
        let kernel = rmsnorm(256, n, 8);
        for (options, doubled) in [(defaults(), true), (defaults().nopp(), false)] {
            let note = format!("rmsnorm N={n}: three rows of {} B and the accumulator in L1", n * 2);
            let base = format!("rmsnorm-l1-n{n}");
            points.kernel(about(base, Aim::L1, l1_side(bytes, doubled), note), &kernel, &options)?;
        }
    }
    Ok(())
}

/// Herds against the columns: 8 on npu2 (9 with kernelgen's width check lifted), 4 on npu1.
pub fn placement(points: &mut Points) -> Result<(), SweepError> {
    let add_cases: [(u64, Options, Side); 4] = [
        (8, defaults(), Side::Inside),
        (9, defaults(), Side::Over),
        (4, defaults().npu1(), Side::Inside),
        (5, defaults().npu1(), Side::Over),
    ];
    for (herd_x, options, side) in add_cases {
        let kernel = add_1d(256 * herd_x * 8, 256, herd_x);
        let note = format!("add (bare herd) {herd_x}x1 on {}", options.device.name());
        points.built(
            about(format!("add-place-h{herd_x}"), Aim::Placement, side, note),
            kernel.build_any_width(),
            &options,
        )?;
    }
    for (herd_x, side) in [(4, Side::Inside), (8, Side::Over)] {
        let note = format!("rmsnorm (bare herd) {herd_x}x1 on npu1");
        let base = format!("rmsnorm-place-h{herd_x}");
        points.kernel(about(base, Aim::Placement, side, note), &rmsnorm(2048, 2048, herd_x), &defaults().npu1())?;
        let note = format!("rope {herd_x}x1 on npu1");
        let base = format!("rope-place-h{herd_x}");
        points.kernel(about(base, Aim::Placement, side, note), &rope(2048, 512, 64, herd_x), &defaults().npu1())?;
    }
    Ok(())
}

/// Shim MM2S streams at the device's limit: RoPE reads its input and LUT rows straight from L3
/// on every core, two streams per core (16 of 16 on npu2 at herd 8, 8 of 8 on npu1 at herd 4).
pub fn shim_channels(points: &mut Points) -> Result<(), SweepError> {
    // embed_dim 64 is `rope-view-launch-2048x2048`.
    for embed_dim in [128, 256] {
        let note = format!("rope 2048x2048 embed_dim {embed_dim}, herd 8x1: 16 MM2S + 8 S2MM streams");
        let base = format!("rope-streams-e{embed_dim}-h8");
        points.kernel(
            about(base, Aim::ShimChannels, Side::Inside, note),
            &rope(2048, 2048, embed_dim, 8),
            &defaults(),
        )?;
    }
    let note = "rope 2048x2048 herd 4x1 on npu1: 8 MM2S + 4 S2MM streams";
    points.kernel(
        about("rope-streams-e64-h4", Aim::ShimChannels, Side::Inside, note),
        &rope(2048, 2048, 64, 4),
        &defaults().npu1(),
    )?;
    let note = "rope 2048x512 herd 1x1: 2 MM2S + 1 S2MM streams";
    points.kernel(
        about("rope-streams-e64-h1", Aim::ShimChannels, Side::Inside, note),
        &rope(2048, 512, 64, 1),
        &defaults(),
    )?;
    let note = "add 2048x2048 --2d, herd 8x1: 16 MM2S + 8 S2MM streams";
    let add_2d = Add { rows: Some(2048), tile_n: None, ..add_1d(2048 * 2048, 2048, 8) };
    points.kernel(about("add-streams-2d-h8", Aim::ShimChannels, Side::Inside, note), &add_2d, &defaults())?;
    Ok(())
}

/// Host views: a `memref.collapse_shape` of a host argument in the function body (`--bare`)
/// reaches the runtime sequence, which cannot address it; inside the launch (the default) it
/// does not.
pub fn host_views(points: &mut Points) -> Result<(), SweepError> {
    for (rows, cols) in [(2048, 2048), (2048, 512)] {
        let note = format!("rope {rows}x{cols} --bare: collapse_shape of host arguments in the function body");
        let bare = Rope { bare: true, ..rope(rows, cols, 64, 8) };
        points.kernel(
            about(format!("rope-view-bare-{rows}x{cols}"), Aim::HostView, Side::Over, note),
            &bare,
            &defaults(),
        )?;
        let note = format!("rope {rows}x{cols}: collapse_shape inside the launch");
        let base = format!("rope-view-launch-{rows}x{cols}");
        points.kernel(about(base, Aim::HostView, Side::Inside, note), &rope(rows, cols, 64, 8), &defaults())?;
    }
    let add_2d = Add { rows: Some(2048), tile_n: None, ..add_1d(2048 * 2048, 2048, 8) };
    let cases = [
        (
            "add-view-bare-2d",
            Add { bare: true, ..add_2d.clone() },
            Side::Over,
            "add --2d --bare: collapses in the body",
        ),
        (
            "add-view-bare-out1d",
            Add { bare: true, out_1d: true, ..add_2d.clone() },
            Side::Over,
            "add --2d --out-1d --bare: collapses of the inputs in the body",
        ),
        (
            "add-view-launch-out1d",
            Add { out_1d: true, ..add_2d },
            Side::Inside,
            "add --2d --out-1d: collapses in the launch",
        ),
    ];
    for (base, kernel, side, note) in cases {
        points.kernel(about(base, Aim::HostView, side, note), &kernel, &defaults())?;
    }
    let decode = Rope { decode: true, ..rope(1, 2048, 64, 1) };
    let note = "rope --decode 1x2048: 1-D host arguments";
    points.kernel(about("rope-view-decode", Aim::HostView, Side::Inside, note), &decode, &defaults())?;
    let decode = RmsNorm { decode: true, ..rmsnorm(1, 2048, 1) };
    let note = "rmsnorm --decode: expand_shape of the host arguments inside the launch";
    points.kernel(about("rmsnorm-view-decode", Aim::HostView, Side::Inside, note), &decode, &defaults())?;
    Ok(())
}

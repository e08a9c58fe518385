//! Merges of 2 to 16 kernels, made in memory as `air-stitch merge` makes them without a plan:
//! copies of one kernel (launch counts, cross-launch BDs, compile time, the ELF form), the
//! decode layer's chain, a prefill mix, bare herds and a bare RoPE wrapped by the merge, and
//! merges that carry one over-the-limit kernel.

use crate::list::{about, Points};
use crate::merge::merge_texts;
use crate::options::{defaults, Options};
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::add::Add;
use air_kernelgen::kernels::gemm::{Gemm, GemmForm, GemmMethod};
use air_kernelgen::kernels::gemv::Gemv;
use air_kernelgen::kernels::rmsnorm::RmsNorm;
use air_kernelgen::kernels::rope::Rope;
use air_kernelgen::kernels::silu_mul::SiluMul;
use air_kernelgen::Kernel;

/// A kernel of a merge: its file name (the slice's prefix is its stem) and spec.
type Slice = (&'static str, Box<dyn Kernel>);

fn gemv(m: u64, k: u64, tile_m: u64, m_input: u64) -> Box<dyn Kernel> {
    Box::new(Gemv { m, k, tile_m, m_input, herd_m: 8, link_with: "mv.o".to_string(), launches: 1 })
}

fn gemm_512() -> Box<dyn Kernel> {
    Box::new(Gemm {
        m: 2048,
        k: 2048,
        n: 512,
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
    })
}

fn add_1d(n: u64) -> Box<dyn Kernel> {
    Box::new(Add {
        n,
        tile_n: Some(256),
        herd_x: 8,
        vector_size: 16,
        rows: None,
        out_1d: false,
        bare: false,
        launches: 1,
    })
}

fn silu_2d() -> Box<dyn Kernel> {
    Box::new(SiluMul { n: 2048 * 8192, tile_n: 4096, herd_x: 8, rows: Some(2048), launches: 1, chunks: 1 })
}

fn rope_1d(cols: u64) -> Box<dyn Kernel> {
    Box::new(Rope { rows: 1, cols, embed_dim: 64, herd_x: 1, decode: true, bare: false })
}

fn rmsnorm_1d() -> Box<dyn Kernel> {
    Box::new(RmsNorm { m: 1, n: 2048, herd_x: 1, vector_size: 16, decode: true })
}

/// Builds every slice, merges them and adds the point once per set of options.
fn merged(
    points: &mut Points,
    base: &str,
    aim: Aim,
    side: Side,
    slices: &[Slice],
    each: &[Options],
) -> Result<(), SweepError> {
    let mut inputs = Vec::new();
    for (file, kernel) in slices {
        let text = kernel.build().map_err(|e| SweepError { point: base.to_string(), message: e.message })?;
        inputs.push((file.to_string(), text));
    }
    let module = merge_texts("fused", &inputs).map_err(|message| SweepError { point: base.to_string(), message })?;
    let files: Vec<&str> = slices.iter().map(|(file, _)| file.trim_end_matches(".mlir")).collect();
    let note = format!("merge of {} kernels: {}", slices.len(), files.join(" + "));
    for options in each {
        points.text(about(base, aim, side, note.clone()), module.clone(), options);
    }
    Ok(())
}

/// `count` copies of one kernel.
fn copies(count: usize, file: &'static str, make: impl Fn() -> Box<dyn Kernel>) -> Vec<Slice> {
    (0..count).map(|_| (file, make())).collect()
}

/// Copies of one kernel: 9 or more launches is where check-bd warns of compile time.
pub fn copies_of_one(points: &mut Points) -> Result<(), SweepError> {
    let both = [defaults(), defaults().elf()];
    for (count, side) in [(2, Side::Inside), (4, Side::Inside), (8, Side::Inside), (9, Side::Over), (16, Side::Over)] {
        let slices = copies(count, "gemv.mlir", || gemv(2048, 2048, 8, 4));
        merged(points, &format!("merge-gemv-x{count}"), Aim::Merge, side, &slices, &both)?;
    }
    for (count, side) in [(2, Side::Inside), (4, Side::Inside), (9, Side::Over)] {
        let slices = copies(count, "silu.mlir", silu_2d);
        merged(points, &format!("merge-silu-x{count}"), Aim::Merge, side, &slices, &[defaults()])?;
    }
    for (count, side) in [(2, Side::Inside), (8, Side::Inside), (16, Side::Over)] {
        let slices = copies(count, "add.mlir", || add_1d(2048));
        merged(points, &format!("merge-add-x{count}"), Aim::Merge, side, &slices, &[defaults()])?;
    }
    for count in [2, 4] {
        let slices = copies(count, "gemm.mlir", gemm_512);
        let each = [defaults(), defaults().tiled(&[2, 2])];
        merged(points, &format!("merge-gemm512-x{count}"), Aim::Merge, Side::Inside, &slices, &each)?;
    }
    Ok(())
}

/// Chains of different kernels: the decode layer, a prefill mix, and a dozen small kernels.
pub fn chains(points: &mut Points) -> Result<(), SweepError> {
    let decode: Vec<Slice> = vec![
        ("r.mlir", rmsnorm_1d()),
        ("q.mlir", gemv(2048, 2048, 8, 4)),
        ("k.mlir", gemv(512, 2048, 8, 4)),
        ("v.mlir", gemv(512, 2048, 8, 4)),
        ("rq.mlir", rope_1d(2048)),
        ("rk.mlir", rope_1d(512)),
    ];
    let each = [defaults(), defaults().elf(), defaults().tiled(&[2, 2])];
    merged(points, "merge-decode", Aim::Merge, Side::Inside, &decode, &each)?;
    let rms_2d: Box<dyn Kernel> = Box::new(RmsNorm { m: 2048, n: 2048, herd_x: 8, vector_size: 16, decode: false });
    let rope_2d: Box<dyn Kernel> =
        Box::new(Rope { rows: 2048, cols: 512, embed_dim: 64, herd_x: 8, decode: false, bare: false });
    let prefill: Vec<Slice> = vec![
        ("r.mlir", rms_2d),
        ("k.mlir", gemm_512()),
        ("rk.mlir", rope_2d),
        ("sw.mlir", silu_2d()),
        ("a.mlir", add_1d(2048)),
    ];
    merged(points, "merge-prefill", Aim::Merge, Side::Inside, &prefill, &[defaults(), defaults().tiled(&[2, 2])])?;
    let mut small: Vec<Slice> = Vec::new();
    for _ in 0..3 {
        small.push(("a.mlir", add_1d(2048)));
        small.push(("r.mlir", rmsnorm_1d()));
        small.push(("rq.mlir", rope_1d(512)));
        small.push(("g.mlir", gemv(512, 2048, 8, 4)));
    }
    merged(points, "merge-small-x12", Aim::Merge, Side::Over, &small, &[defaults(), defaults().elf()])?;
    Ok(())
}

/// Merges carrying a kernel on the far side of a limit, and the same merge without it.
pub fn carrying(points: &mut Points) -> Result<(), SweepError> {
    // gemv_2k: K=2048 gate/up and the K=8192 down GEMV, whose 32 KiB overflow L1 with ping-pong.
    let gemv_2k: Vec<Slice> = vec![
        ("gg.mlir", gemv(8192, 2048, 8, 4)),
        ("ug.mlir", gemv(8192, 2048, 8, 4)),
        ("dg.mlir", gemv(2048, 8192, 2, 1)),
    ];
    merged(points, "merge-gemv2k", Aim::L1, Side::Over, &gemv_2k, &[defaults()])?;
    merged(points, "merge-gemv2k", Aim::L1, Side::Inside, &gemv_2k, &[defaults().nopp()])?;
    // A GEMV whose B repeat is 257 (grid 129) beside one at 255.
    let repeat: Vec<Slice> = vec![("a.mlir", gemv(8192, 2048, 8, 4)), ("b.mlir", gemv(8256, 2048, 8, 4))];
    merged(points, "merge-repeat-g129", Aim::RepeatCount, Side::Over, &repeat, &[defaults()])?;
    // Bare herds wrapped by the merge: RoPE --bare's collapses go into the new launch.
    let bare_rope: Box<dyn Kernel> =
        Box::new(Rope { rows: 2048, cols: 512, embed_dim: 64, herd_x: 8, decode: false, bare: true });
    let bare: Vec<Slice> = vec![("rk.mlir", bare_rope), ("a.mlir", add_1d(2048))];
    merged(points, "merge-bare-rope", Aim::HostView, Side::Inside, &bare, &[defaults()])?;
    Ok(())
}

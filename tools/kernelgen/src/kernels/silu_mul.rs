//! SiLU-and-mul `out = silu(gate) * up` with the `@silu_and_mul_bf16` extern
//! (`silu_and_mul.o`), mirroring `kernel_builder/ffn_swiglu/silu_and_mul.py` of the original
//! llama32_1b generation: `build_module` (1-D) and `build_module_2d` (`--2d ROWS`, arguments
//! collapsed inside the launch). Both already have `air.launch` + `air.segment @silu_mul_seg`,
//! so a merge does not wrap them.

use crate::ir::Builder;
use crate::kernels::launch_flatten_segment;
use crate::ops::{self, pattern, typed, whole, Level};
use crate::types::{self, L1};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// SiLU-and-mul over bf16 buffers of N elements on a herd_x x 1 herd.
#[derive(clap::Args, Clone, Debug)]
pub struct SiluMul {
    /// Number of elements of each buffer.
    #[arg(long, default_value_t = 8192)]
    pub n: u64,
    /// Elements per L1 tile (the extern's buffer length).
    #[arg(long, default_value_t = 1024)]
    pub tile_n: u64,
    /// Herd width (the herd is herd_x x 1).
    #[arg(long, default_value_t = 8)]
    pub herd_x: u64,
    /// Make the arguments 2-D (ROWS x N/ROWS), collapsed to 1-D inside the launch.
    #[arg(long = "2d", value_name = "ROWS")]
    pub rows: Option<u64>,
    /// Launches in the kernel, each with its own segment name.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
    /// Split the elements into this many consecutive chunks, one launch each. SwiGLU is
    /// elementwise, so the split is exact; each launch's host transfers then take 1/CHUNKS of the
    /// shim's buffer descriptors (upstream's `swiglu_plan`, llms/qwen25_3b/qwen25_3b_prefill.py,
    /// splits Qwen2.5-7B's 2048 x 18944 SwiGLU into 2 row chunks for that reason).
    #[arg(long, default_value_t = 1)]
    pub chunks: u64,
}

impl Kernel for SiluMul {
    fn build(&self) -> Result<String, GenError> {
        let herd_x = self.herd_x;
        ensure(herd_x <= 8, || format!("silu-mul: --herd-x ({herd_x}) is wider than an NPU2 row (8)"))?;
        self.build_any_width()
    }
}

impl SiluMul {
    /// `build` without the limit of 8 columns on the herd's width: a herd no NPU can place, for
    /// probing the compiler's placement (the sweep of `tools/sweep`).
    pub fn build_any_width(&self) -> Result<String, GenError> {
        let SiluMul { n, tile_n, herd_x, rows, launches, chunks } = *self;
        ensure_positive("silu-mul", &[("--n", n), ("--tile-n", tile_n), ("--herd-x", herd_x), ("--chunks", chunks)])?;
        ensure(launches >= 1, || "silu-mul: --launches must be at least 1".to_string())?;
        ensure(launches == 1 || chunks == 1, || "silu-mul: --launches and --chunks exclude each other".to_string())?;
        ensure_divides("silu-mul", "--n", n, "--tile-n * --herd-x", tile_n * herd_x)?;
        if chunks > 1 {
            ensure_divides("silu-mul", "--n", n, "--chunks * --tile-n * --herd-x", chunks * tile_n * herd_x)?;
        }
        if let Some(rows) = rows {
            ensure_divides("silu-mul", "--n", n, "--2d ROWS", rows)?;
        }

        let bf = "bf16";
        let flat = types::memref(&[n], bf);
        let l1 = types::memref_in(&[tile_n], bf, L1);
        let step = tile_n * herd_x;
        // The herd is herd_x x 1, so `tx * herd_y + ty` is `s1 + s2`.
        let offset_map = format!("affine_map<()[s0, s1, s2] -> (s0 + {})>", ops::times("s1 + s2", tile_n));
        let l1_ty = l1.as_str();
        let extern_types = [l1_ty, l1_ty, l1_ty, "i32"];

        let mut b = Builder::new();
        ops::extern_decl(&mut b, "silu_and_mul_bf16", &extern_types, "silu_and_mul.o");
        let (name, arg_ty) = match rows {
            Some(rows) => ("silu_and_mul_2d", types::memref(&[rows, n / rows], bf)),
            None => ("silu_and_mul", flat.clone()),
        };
        let arg_types = [arg_ty.clone(), arg_ty.clone(), arg_ty];
        let flatten = [rows.is_some(); 3];
        ops::func(&mut b, name, &arg_types, |b, args| {
            let chunk = n / chunks;
            for copy in 0..launches.max(chunks as usize) {
                let start = if chunks > 1 { copy as u64 * chunk } else { 0 };
                let segment = format!("silu_mul_seg{}", copy_suffix(copy));
                launch_flatten_segment(b, args, &arg_types, &flatten, &flat, &segment, |b, seg| {
                    let operands = typed(seg, &[flat.clone(), flat.clone(), flat.clone()]);
                    let attrs = "link_with = \"silu_and_mul.o\"";
                    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[herd_x, 1], &operands, Some(attrs), |b, herd| {
                        let (tx, ty) = (herd.ids[0], herd.ids[1]);
                        let (gate, up, out) = (herd.args[0], herd.args[1], herd.args[2]);
                        let l1_gate = ops::alloc(b, &l1);
                        let l1_up = ops::alloc(b, &l1);
                        let l1_out = ops::alloc(b, &l1);
                        let tile_i32 = ops::i32_const(b, tile_n);
                        ops::for_range(b, start, start + chunk, step, |b, iv| {
                            let offset = ops::affine_apply(b, &offset_map, &[iv, tx, ty]);
                            ops::dma(b, &whole(l1_gate), &pattern(gate, &[offset.into()], &[tile_n], &[1]), &l1, &flat);
                            ops::dma(b, &whole(l1_up), &pattern(up, &[offset.into()], &[tile_n], &[1]), &l1, &flat);
                            ops::call(b, "silu_and_mul_bf16", &[l1_gate, l1_up, l1_out, tile_i32], &extern_types);
                            ops::dma(b, &pattern(out, &[offset.into()], &[tile_n], &[1]), &whole(l1_out), &flat, &l1);
                        });
                        for buffer in [l1_gate, l1_up, l1_out] {
                            ops::dealloc(b, buffer, &l1);
                        }
                    });
                });
            }
        });
        Ok(b.finish())
    }
}

//! Element-wise add of two bf16 buffers on an 8 x 1 herd, DMA only, vectorized in L1.
//!
//! - 1-D (default): a bare `air.herd @herd_0` in `@eltwise_add`, mirroring
//!   `programming_examples/eltwise_add/eltwise_add.py::build_module(n, tile_n, bf16, 16,
//!   herd_x=8, herd_y=1)` (the original o_gemv_ffn's `a1`/`a2`).
//! - `--2d ROWS`: 2-D arguments collapsed to 1-D inside `air.launch`, then `air.segment @add_seg`
//!   and `air.herd @add_herd`, mirroring o_ffn's `_build_add_2d_to_2d` (`@eltwise_add_2d`, the
//!   `ra` slice); with `--out-1d` the output stays 1-D (`_build_add_2d_to_1d`, `@eltwise_add`,
//!   the `fa` slice). `--bare` instead collapses in the function body before a bare herd.
//!
//! Known difference: upstream's 1-D builder deallocates its L1 buffers inside the row loop;
//! here they are deallocated once after it.

use crate::ir::{Builder, Value};
use crate::kernels::{flatten_in_body, launch_flatten_segment};
use crate::ops::{self, pattern, typed, whole, Body, Level};
use crate::types::{self, L1};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// Element-wise add `out = a + b` of bf16 buffers of N elements.
#[derive(clap::Args, Clone, Debug)]
pub struct Add {
    /// Number of elements of each buffer.
    #[arg(long, default_value_t = 2048)]
    pub n: u64,
    /// Elements per L1 tile (default: 256 for 1-D, the row length for --2d).
    #[arg(long)]
    pub tile_n: Option<u64>,
    /// Herd width (the herd is herd_x x 1).
    #[arg(long, default_value_t = 8)]
    pub herd_x: u64,
    /// Vector width of the inner loop.
    #[arg(long, default_value_t = 16)]
    pub vector_size: u64,
    /// Make the arguments 2-D (ROWS x N/ROWS), collapsed to 1-D inside the kernel.
    #[arg(long = "2d", value_name = "ROWS")]
    pub rows: Option<u64>,
    /// With --2d: keep the output 1-D (the o_ffn final add).
    #[arg(long, requires = "rows")]
    pub out_1d: bool,
    /// With --2d: collapse in the function body and leave the herd bare (no launch).
    #[arg(long, requires = "rows")]
    pub bare: bool,
    /// Launches in the kernel (with --2d and without --bare), each with its own segment name.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
}

impl Kernel for Add {
    fn build(&self) -> Result<String, GenError> {
        let herd_x = self.herd_x;
        ensure(herd_x <= 8, || format!("add: --herd-x ({herd_x}) is wider than an NPU2 row (8)"))?;
        self.build_any_width()
    }
}

impl Add {
    /// `build` without the limit of 8 columns on the herd's width: a herd no NPU can place, for
    /// probing the compiler's placement (the sweep of `tools/sweep`).
    pub fn build_any_width(&self) -> Result<String, GenError> {
        let n = self.n;
        let herd_x = self.herd_x;
        ensure_positive("add", &[("--n", n), ("--herd-x", herd_x), ("--vector-size", self.vector_size)])?;
        ensure(self.launches >= 1, || "add: --launches must be at least 1".to_string())?;
        let cols = match self.rows {
            Some(rows) => {
                ensure_divides("add", "--n", n, "--2d ROWS", rows)?;
                Some(n / rows)
            }
            None => None,
        };
        let launch_form = self.rows.is_some() && !self.bare;
        ensure(self.launches == 1 || launch_form, || {
            "add: --launches needs --2d without --bare (the other forms have no launch)".to_string()
        })?;
        let tile_n = self.tile_n.or(cols).unwrap_or(256);
        ensure_divides("add", "--n", n, "--tile-n * --herd-x", tile_n * herd_x)?;
        ensure_divides("add", "--tile-n", tile_n, "--vector-size", self.vector_size)?;

        let bf = "bf16";
        let flat = types::memref(&[n], bf);
        let body = AddBody {
            chunk: n / herd_x,
            tile_n,
            vector_size: self.vector_size,
            l1: types::memref_in(&[tile_n], bf, L1),
            flat: flat.clone(),
        };
        let mut b = Builder::new();
        match (self.rows, cols) {
            (Some(rows), Some(cols)) => {
                let two_d = types::memref(&[rows, cols], bf);
                let out_ty = if self.out_1d { flat.clone() } else { two_d.clone() };
                let arg_types = [two_d.clone(), two_d, out_ty];
                let flatten = [true, true, !self.out_1d];
                let name = if self.out_1d { "eltwise_add" } else { "eltwise_add_2d" };
                ops::func(&mut b, name, &arg_types, |b, args| {
                    if self.bare {
                        let operands = flatten_in_body(b, args, &arg_types, &flatten, &flat);
                        herd(b, "herd_0", herd_x, &operands, &body);
                    } else {
                        for copy in 0..self.launches {
                            let segment = format!("add_seg{}", copy_suffix(copy));
                            launch_flatten_segment(b, args, &arg_types, &flatten, &flat, &segment, |b, seg| {
                                herd(
                                    b,
                                    "add_herd",
                                    herd_x,
                                    &typed(seg, &[flat.clone(), flat.clone(), flat.clone()]),
                                    &body,
                                );
                            });
                        }
                    }
                });
            }
            _ => {
                let arg_types = [flat.clone(), flat.clone(), flat.clone()];
                ops::func(&mut b, "eltwise_add", &arg_types, |b, args| {
                    herd(b, "herd_0", herd_x, &typed(args, &arg_types), &body);
                });
            }
        }
        Ok(b.finish())
    }
}

struct AddBody {
    chunk: u64,
    tile_n: u64,
    vector_size: u64,
    l1: String,
    flat: String,
}

fn herd(b: &mut Builder, name: &str, herd_x: u64, operands: &[(Value, String)], body: &AddBody) {
    ops::hierarchy(b, Level::Herd, Some(name), &[herd_x, 1], operands, None, |b, herd| herd_body(b, herd, body));
}

fn herd_body(b: &mut Builder, herd: &Body, cfg: &AddBody) {
    let AddBody { chunk, tile_n, vector_size: vs, l1, flat } = cfg;
    let (tx, ty) = (herd.ids[0], herd.ids[1]);
    let (a, bb, out) = (herd.args[0], herd.args[1], herd.args[2]);
    let vec = format!("vector<{vs}xbf16>");
    let sub_ty = types::strided_in(&[*vs], "bf16", &[1], None, L1);
    // The herd is herd_x x 1, so `tx * herd_y + ty` is `s1 + s2`.
    let offset_map = format!("affine_map<()[s0, s1, s2] -> (s0 + {})>", ops::times("s1 + s2", *chunk));
    let l1_a = ops::alloc(b, l1);
    let l1_b = ops::alloc(b, l1);
    let l1_out = ops::alloc(b, l1);
    let c0 = ops::index(b, 0);
    let cst0 = ops::float_lit(b, "0.000000e+00", "bf16");
    ops::for_range(b, 0, *chunk, *tile_n, |b, iv| {
        let offset = ops::affine_apply(b, &offset_map, &[iv, tx, ty]);
        ops::dma(b, &whole(l1_a), &pattern(a, &[offset.into()], &[*tile_n], &[1]), l1, flat);
        ops::dma(b, &whole(l1_b), &pattern(bb, &[offset.into()], &[*tile_n], &[1]), l1, flat);
        ops::for_range(b, 0, *tile_n, *vs, |b, j| {
            let sub_a = ops::subview(b, l1_a, &[j.into()], &[*vs], &[1], l1, &sub_ty);
            let sub_b = ops::subview(b, l1_b, &[j.into()], &[*vs], &[1], l1, &sub_ty);
            let sub_out = ops::subview(b, l1_out, &[j.into()], &[*vs], &[1], l1, &sub_ty);
            let v_a = ops::read(b, sub_a, &[c0], cst0, &sub_ty, &vec);
            let v_b = ops::read(b, sub_b, &[c0], cst0, &sub_ty, &vec);
            let v_sum = ops::binary(b, "arith.addf", v_a, v_b, &vec);
            ops::write(b, v_sum, sub_out, &[c0], &vec, &sub_ty);
        });
        ops::dma(b, &pattern(out, &[offset.into()], &[*tile_n], &[1]), &whole(l1_out), flat, l1);
    });
    for buffer in [l1_a, l1_b, l1_out] {
        ops::dealloc(b, buffer, l1);
    }
}

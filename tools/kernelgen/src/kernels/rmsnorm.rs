//! Weighted RMSNorm as a bare `air.herd` in the function body, mirroring
//! `programming_examples/weighted_rms_norm/weighted_rms_norm.py::build_module(M, N, bf16, 16,
//! herd_x)` of the original llama32_1b generation: rows split over `herd_x` tiles, one row at a
//! time DMA'd to L1, squared-sum and scale loops in 16-lane vectors, `math.rsqrt` in f32.
//!
//! `--decode` is the M = 1 form of the decode layer, `rms_gemv_rope_multi.py::_build_rms_1d(n)`:
//! `@rms_norm_1d` takes 1-D arguments, and its `air.launch` expands them to 1 x N
//! (`memref.expand_shape`) for `air.segment @rms_seg` and a 1 x 1 `air.herd @rms_herd`, whose
//! body is the row body above for the single row 0 (no row loop).

use crate::ir::{Builder, Value};
use crate::ops::{self, pattern, typed, whole, Ix, Level};
use crate::types::{self, L1};
use crate::{ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// Epsilon added to the mean square, as upstream (`EPS = 1e-5`, stored as bf16).
const EPS: f64 = 1e-5;

/// Weighted RMSNorm `y = x * rsqrt(mean(x^2) + eps) * w` over the rows of an M x N bf16 matrix,
/// as a bare herd (a merge must wrap it in `air.launch` + `air.segment`).
#[derive(clap::Args, Clone, Debug)]
pub struct RmsNorm {
    /// Rows of the input (sequence length).
    #[arg(long, default_value_t = 2048)]
    pub m: u64,
    /// Columns of the input (embedding dimension); also the weight length.
    #[arg(long, default_value_t = 2048)]
    pub n: u64,
    /// Herd width: the rows are split across this many tiles.
    #[arg(long, default_value_t = 8)]
    pub herd_x: u64,
    /// Vector width of the inner loops.
    #[arg(long, default_value_t = 16)]
    pub vector_size: u64,
    /// The decode (M = 1) form: 1-D arguments, launch + segment + 1 x 1 herd (needs --m 1
    /// --herd-x 1).
    #[arg(long)]
    pub decode: bool,
}

/// The types and constants both forms share.
struct Shapes {
    n: u64,
    vs: u64,
    l3_x: String,
    l3_w: String,
    l1_row: String,
    l1_vec: String,
    sub_ty: String,
    vec: String,
    zero: String,
    n_float: String,
    eps: String,
}

impl Kernel for RmsNorm {
    fn build(&self) -> Result<String, GenError> {
        let RmsNorm { m, n, herd_x, vector_size: vs, decode } = *self;
        ensure_positive("rmsnorm", &[("--m", m), ("--n", n), ("--herd-x", herd_x), ("--vector-size", vs)])?;
        ensure_divides("rmsnorm", "--n", n, "--vector-size", vs)?;
        ensure_divides("rmsnorm", "--m", m, "--herd-x", herd_x)?;
        ensure(herd_x <= 8, || format!("rmsnorm: --herd-x ({herd_x}) is wider than an NPU2 row (8)"))?;
        ensure(!decode || (m == 1 && herd_x == 1), || {
            format!("rmsnorm: --decode is the M = 1 form on a 1 x 1 herd: give --m 1 --herd-x 1 (not {m} and {herd_x})")
        })?;

        let bf = "bf16";
        let shapes = Shapes {
            n,
            vs,
            l3_x: types::memref(&[m, n], bf),
            l3_w: types::memref(&[n], bf),
            l1_row: types::memref_in(&[n], bf, L1),
            l1_vec: types::memref_in(&[vs], bf, L1),
            sub_ty: types::strided_in(&[vs], bf, &[1], None, L1),
            vec: format!("vector<{vs}x{bf}>"),
            zero: types::float_literal(0.0, bf)?,
            n_float: types::float_literal(n as f64, bf)?,
            eps: types::float_literal(EPS, bf)?,
        };
        let mut b = Builder::new();
        if decode {
            decode_func(&mut b, &shapes);
        } else {
            let rows_per_tile = m / herd_x;
            let row_map = format!("affine_map<()[s0, s1] -> (s0 + {})>", ops::times("s1", rows_per_tile));
            let arg_types = [shapes.l3_x.clone(), shapes.l3_w.clone(), shapes.l3_x.clone()];
            ops::func(&mut b, "weighted_rms_norm", &arg_types, |b, args| {
                let operands = typed(args, &arg_types);
                ops::hierarchy(b, Level::Herd, Some("herd_0"), &[herd_x, 1], &operands, None, |b, herd| {
                    let tx = herd.ids[0];
                    herd_body(b, &shapes, &herd.args, |b, body| {
                        ops::for_range(b, 0, rows_per_tile, 1, |b, local_row| {
                            let global_row = ops::affine_apply(b, &row_map, &[local_row, tx]);
                            body(b, global_row);
                        });
                    });
                });
            });
        }
        Ok(b.finish())
    }
}

/// `@rms_norm_1d(x: N, w: N, out: N)`: the launch expands x and out to 1 x N for the segment.
fn decode_func(b: &mut Builder, shapes: &Shapes) {
    let l3_1d = shapes.l3_w.clone();
    let arg_types = [l3_1d.clone(), l3_1d.clone(), l3_1d.clone()];
    ops::func(b, "rms_norm_1d", &arg_types, |b, args| {
        let operands = typed(args, &arg_types);
        ops::hierarchy(b, Level::Launch, None, &[], &operands, None, |b, launch| {
            let n = shapes.n;
            let expand =
                format!("memref.expand_shape $0 [[0, 1]] output_shape [1, {n}] : {l3_1d} into {}", shapes.l3_x);
            let x_2d = b.named("expand_shape", &expand, &[launch.args[0]]);
            let out_2d = b.named("expand_shape", &expand, &[launch.args[2]]);
            let seg_operands =
                [(x_2d, shapes.l3_x.clone()), (launch.args[1], l3_1d.clone()), (out_2d, shapes.l3_x.clone())];
            ops::hierarchy(b, Level::Segment, Some("rms_seg"), &[], &seg_operands, None, |b, seg| {
                let herd_operands = typed(&seg.args, &[shapes.l3_x.clone(), l3_1d.clone(), shapes.l3_x.clone()]);
                ops::hierarchy(b, Level::Herd, Some("rms_herd"), &[1, 1], &herd_operands, None, |b, herd| {
                    herd_body(b, shapes, &herd.args, |b, body| {
                        // M = 1: the single row 0, no row loop.
                        let row = ops::index(b, 0);
                        body(b, row);
                    });
                });
            });
        });
    });
}

/// The herd body: L1 buffers and constants, the weight DMA, then `rows` calls the row body
/// (row DMA in, squared sum, rsqrt, scale, row DMA out) for each row index it makes.
fn herd_body(
    b: &mut Builder,
    shapes: &Shapes,
    herd_args: &[Value],
    rows: impl FnOnce(&mut Builder, &mut dyn FnMut(&mut Builder, Value)),
) {
    let Shapes { n, vs, l3_x, l3_w, l1_row, l1_vec, sub_ty, vec, zero, n_float, eps } = shapes;
    let (n, vs) = (*n, *vs);
    let bf = "bf16";
    let (x, w, out) = (herd_args[0], herd_args[1], herd_args[2]);
    let row = ops::alloc(b, l1_row);
    let row_out = ops::alloc(b, l1_row);
    let weight = ops::alloc(b, l1_row);
    let acc = ops::alloc(b, l1_vec);
    let c0 = ops::index(b, 0);
    let cst0 = ops::float_lit(b, zero, bf);
    let n_f = ops::float_lit(b, n_float, bf);
    let eps_f = ops::float_lit(b, eps, bf);
    let v_zero = ops::broadcast(b, cst0, bf, vec);
    // Every tile loads the whole weight vector once.
    ops::dma(b, &whole(weight), &pattern(w, &[Ix::Const(0)], &[n], &[1]), l1_row, l3_w);
    rows(b, &mut |b, global_row| {
        let src = pattern(x, &[global_row.into(), Ix::Const(0)], &[1, n], &[n, 1]);
        ops::dma(b, &whole(row), &src, l1_row, l3_x);
        // Sum of squares, accumulated in a vector in L1.
        ops::write(b, v_zero, acc, &[c0], vec, l1_vec);
        ops::for_range(b, 0, n, vs, |b, j| {
            let sub_row = ops::subview(b, row, &[j.into()], &[vs], &[1], l1_row, sub_ty);
            let sub_tmp = ops::subview(b, row_out, &[j.into()], &[vs], &[1], l1_row, sub_ty);
            let v_x = ops::read(b, sub_row, &[c0], cst0, sub_ty, vec);
            let v_sq = ops::binary(b, "arith.mulf", v_x, v_x, vec);
            ops::write(b, v_sq, sub_tmp, &[c0], vec, sub_ty);
            let v_sq_rd = ops::read(b, sub_tmp, &[c0], cst0, sub_ty, vec);
            let v_acc = ops::read(b, acc, &[c0], cst0, l1_vec, vec);
            let v_sum = ops::binary(b, "arith.addf", v_acc, v_sq_rd, vec);
            ops::write(b, v_sum, acc, &[c0], vec, l1_vec);
        });
        let v_final = ops::read(b, acc, &[c0], cst0, l1_vec, vec);
        let total = b.num(&format!("vector.reduction <add>, $0 : {vec} into {bf}"), &[v_final]);
        let mean = ops::binary(b, "arith.divf", total, n_f, bf);
        let mean_eps = ops::binary(b, "arith.addf", mean, eps_f, bf);
        let mean_f32 = b.num(&format!("arith.extf $0 : {bf} to f32"), &[mean_eps]);
        let rstd_f32 = b.num("math.rsqrt $0 : f32", &[mean_f32]);
        let rstd = b.num(&format!("arith.truncf $0 : f32 to {bf}"), &[rstd_f32]);
        let v_rstd = ops::broadcast(b, rstd, bf, vec);
        // y = x * rstd * w
        ops::for_range(b, 0, n, vs, |b, j| {
            let sub_row = ops::subview(b, row, &[j.into()], &[vs], &[1], l1_row, sub_ty);
            let sub_w = ops::subview(b, weight, &[j.into()], &[vs], &[1], l1_row, sub_ty);
            let sub_out = ops::subview(b, row_out, &[j.into()], &[vs], &[1], l1_row, sub_ty);
            let v_x = ops::read(b, sub_row, &[c0], cst0, sub_ty, vec);
            let v_w = ops::read(b, sub_w, &[c0], cst0, sub_ty, vec);
            let v_normed = ops::binary(b, "arith.mulf", v_x, v_rstd, vec);
            let v_weighted = ops::binary(b, "arith.mulf", v_normed, v_w, vec);
            ops::write(b, v_weighted, sub_out, &[c0], vec, sub_ty);
        });
        let dst = pattern(out, &[global_row.into(), Ix::Const(0)], &[1, n], &[n, 1]);
        ops::dma(b, &dst, &whole(row_out), l3_x, l1_row);
    });
    for buffer in [row, row_out, weight] {
        ops::dealloc(b, buffer, l1_row);
    }
    ops::dealloc(b, acc, l1_vec);
}

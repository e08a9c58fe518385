//! Row-wise adds whose first operand may be wider than the result (an N-padded GEMM output),
//! mirroring upstream's Qwen2.5 prefill builders. Each core of an 8 x 1 herd takes `rows / 8`
//! consecutive rows: per row it reads the first `cols` of `in` (`in_cols` wide), adds the second
//! operand 16 lanes at a time, and writes the row to the contiguous output.
//!
//! - `bias-add`: `out[r, c] = in[r, c] + bias[c]`, the bias a `[cols]` vector read once per core
//!   (`llms/shared/builders/rms_qkv_bias_rope_multi.py::_build_bias_add_2d`: `@bias_add_2d`,
//!   `air.segment @ba_seg`, `air.herd @ba_herd`).
//! - `padded-add`: `out[r, c] = in[r, c] + res[r, c]`, the residual read per row
//!   (`llms/qwen25_0_5b/qwen25_0_5b_prefill.py::_build_padded_residual_add_2d_ir`: `@res_add`,
//!   `@radd_seg`, `@radd_herd`; with `--out-1d`, `_build_down_add_2d_padded_ir`: `@down_add`,
//!   `@dadd_seg`, `@dadd_herd`, a 1-D output).
//!
//! Known difference: upstream computes the flat row offset with `arith.muli`; here it is one
//! more `affine.apply` (the same value).

use crate::ir::{Builder, Value};
use crate::ops::{self, pattern, whole, Level};
use crate::types::{self, L1};
use crate::{ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// A bias add over `rows x cols` bf16 elements.
#[derive(clap::Args, Clone, Debug)]
pub struct BiasAdd {
    /// Rows of the input and the output (the sequence).
    #[arg(long, default_value_t = 2048)]
    pub rows: u64,
    /// Columns of the output and of the bias.
    #[arg(long, default_value_t = 2048)]
    pub cols: u64,
    /// Columns of the input (default: --cols); wider when the GEMM before it padded N.
    #[arg(long)]
    pub in_cols: Option<u64>,
    /// Herd width (the herd is herd_x x 1).
    #[arg(long, default_value_t = 8)]
    pub herd_x: u64,
}

/// A residual add of a padded input: `out = in[:, :cols] + res`.
#[derive(clap::Args, Clone, Debug)]
pub struct PaddedAdd {
    /// Rows of every operand (the sequence).
    #[arg(long, default_value_t = 2048)]
    pub rows: u64,
    /// Columns of the residual and the output.
    #[arg(long, default_value_t = 896)]
    pub cols: u64,
    /// Columns of the input (the padded GEMM output).
    #[arg(long, default_value_t = 1024)]
    pub in_cols: u64,
    /// Write the output 1-D (`rows * cols`), as the layer's last add.
    #[arg(long)]
    pub out_1d: bool,
}

const LANES: u64 = 16;

/// What is added to each row of the input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Second {
    Bias,
    Rows,
}

struct RowAdd {
    rows: u64,
    cols: u64,
    in_cols: u64,
    herd_x: u64,
    second: Second,
    out_1d: bool,
    /// Function, segment and herd names.
    names: [&'static str; 3],
    /// How errors name the herd's width: the option, or the fixed width's words.
    herd_x_name: &'static str,
}

impl Kernel for BiasAdd {
    fn build(&self) -> Result<String, GenError> {
        let BiasAdd { rows, cols, herd_x, .. } = *self;
        let in_cols = self.in_cols.unwrap_or(cols);
        let names = ["bias_add_2d", "ba_seg", "ba_herd"];
        let herd_x_name = "--herd-x";
        RowAdd { rows, cols, in_cols, herd_x, second: Second::Bias, out_1d: false, names, herd_x_name }
            .build("bias-add")
    }
}

impl Kernel for PaddedAdd {
    fn build(&self) -> Result<String, GenError> {
        let PaddedAdd { rows, cols, in_cols, out_1d } = *self;
        let names = if out_1d { ["down_add", "dadd_seg", "dadd_herd"] } else { ["res_add", "radd_seg", "radd_herd"] };
        let herd_x_name = "the herd's cores";
        RowAdd { rows, cols, in_cols, herd_x: 8, second: Second::Rows, out_1d, names, herd_x_name }.build("padded-add")
    }
}

impl RowAdd {
    fn build(&self, kernel: &str) -> Result<String, GenError> {
        let RowAdd { rows, cols, in_cols, herd_x, .. } = *self;
        ensure_positive(kernel, &[("--rows", rows), ("--cols", cols), ("--herd-x", herd_x)])?;
        ensure(herd_x <= 8, || format!("{kernel}: --herd-x ({herd_x}) is wider than an NPU2 row (8)"))?;
        ensure(in_cols >= cols, || format!("{kernel}: --in-cols ({in_cols}) is narrower than --cols ({cols})"))?;
        ensure_divides(kernel, "--cols", cols, "the vector width", LANES)?;
        ensure_divides(kernel, "--rows", rows, self.herd_x_name, herd_x)?;
        let bf = "bf16";
        let two_d = types::memref(&[rows, cols], bf);
        let flat = types::memref(&[rows * cols], bf);
        let second = match self.second {
            Second::Bias => types::memref(&[cols], bf),
            Second::Rows => two_d.clone(),
        };
        let out = if self.out_1d { flat.clone() } else { two_d.clone() };
        let arg_types = [types::memref(&[rows, in_cols], bf), second.clone(), out.clone()];
        let [func, segment, herd_name] = self.names;
        let mut b = Builder::new();
        ops::func(&mut b, func, &arg_types, |b, args| {
            ops::hierarchy(b, Level::Launch, None, &[], &ops::typed(args, &arg_types), None, |b, launch| {
                // The residual and a 2-D output are read and written flat, a row at a time.
                let flatten = |b: &mut Builder, value: Value, ty: &str| {
                    let text = format!("memref.collapse_shape $0 [[0, 1]] : {ty} into {flat}");
                    b.named("collapse_shape", &text, &[value])
                };
                let second_value = match self.second {
                    Second::Bias => (launch.args[1], second.clone()),
                    Second::Rows => (flatten(b, launch.args[1], &second), flat.clone()),
                };
                let out_value = if self.out_1d { launch.args[2] } else { flatten(b, launch.args[2], &out) };
                let operands = [(launch.args[0], arg_types[0].clone()), second_value, (out_value, flat.clone())];
                ops::hierarchy(b, Level::Segment, Some(segment), &[], &operands, None, |b, seg| {
                    let herd_operands: Vec<(Value, String)> =
                        seg.args.iter().zip(&operands).map(|(&v, (_, ty))| (v, ty.clone())).collect();
                    ops::hierarchy(b, Level::Herd, Some(herd_name), &[herd_x, 1], &herd_operands, None, |b, herd| {
                        let types = [arg_types[0].as_str(), herd_operands[1].1.as_str(), flat.as_str()];
                        self.herd_body(
                            b,
                            [herd.ids[0], herd.ids[1]],
                            [herd.args[0], herd.args[1], herd.args[2]],
                            types,
                        );
                    });
                });
            });
        });
        Ok(b.finish())
    }

    fn herd_body(&self, b: &mut Builder, ids: [Value; 2], args: [Value; 3], types: [&str; 3]) {
        let (cols, in_cols) = (self.cols, self.in_cols);
        let [h_in, h_second, h_out] = args;
        let bf = "bf16";
        let l1 = types::memref_in(&[cols], bf, L1);
        let sub = types::strided_in(&[LANES], bf, &[1], None, L1);
        let vec = format!("vector<{LANES}x{bf}>");
        let per_core = self.rows / self.herd_x;
        // Row r = (tx * herd_y + ty) * rows_per_core + local_row; the herd is herd_x x 1.
        let row_map = format!("affine_map<()[s0, s1, s2] -> ({} + s0)>", ops::times("s1 + s2", per_core));
        let l1_in = ops::alloc(b, &l1);
        let l1_second = ops::alloc(b, &l1);
        let l1_out = ops::alloc(b, &l1);
        let c0 = ops::index(b, 0);
        let pad = ops::float_lit(b, "0.000000e+00", bf);
        if self.second == Second::Bias {
            ops::dma(b, &whole(l1_second), &pattern(h_second, &[0.into()], &[cols], &[1]), &l1, types[1]);
        }
        ops::for_range(b, 0, per_core, 1, |b, local_row| {
            let row = ops::affine_apply(b, &row_map, &[local_row, ids[0], ids[1]]);
            let src = pattern(h_in, &[row.into(), 0.into()], &[1, cols], &[in_cols, 1]);
            ops::dma(b, &whole(l1_in), &src, &l1, types[0]);
            let offset = ops::affine_apply(b, &ops::scale_map(cols), &[row]);
            if self.second == Second::Rows {
                let src = pattern(h_second, &[offset.into()], &[cols], &[1]);
                ops::dma(b, &whole(l1_second), &src, &l1, types[1]);
            }
            ops::for_range(b, 0, cols, LANES, |b, j| {
                let si = ops::subview(b, l1_in, &[j.into()], &[LANES], &[1], &l1, &sub);
                let s2 = ops::subview(b, l1_second, &[j.into()], &[LANES], &[1], &l1, &sub);
                let so = ops::subview(b, l1_out, &[j.into()], &[LANES], &[1], &l1, &sub);
                let v_in = ops::read(b, si, &[c0], pad, &sub, &vec);
                let v_second = ops::read(b, s2, &[c0], pad, &sub, &vec);
                let sum = ops::binary(b, "arith.addf", v_in, v_second, &vec);
                ops::write(b, sum, so, &[c0], &vec, &sub);
            });
            ops::dma(b, &pattern(h_out, &[offset.into()], &[cols], &[1]), &whole(l1_out), types[2], &l1);
        });
        for buffer in [l1_in, l1_second, l1_out] {
            ops::dealloc(b, buffer, &l1);
        }
    }
}

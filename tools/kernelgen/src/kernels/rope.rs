//! RoPE with a precomputed cos/sin look-up table: an `air.herd` [herd_x, 1] with
//! `link_with = "rope.o"` calling the `@rope` extern per `embed_dim` row, with 1-D
//! `embed_dim`-element DMAs between L3 and L1 (no L2).
//!
//! - default: `rms_gemms_rope_multi.py::_build_rope_2d`, `@rope_2d(in: rows x cols, lut:
//!   rows*cols, out: rows x cols)`: its own `air.launch` (no sizes) collapses in and out to 1-D
//!   (`memref.collapse_shape` in the launch body) for `air.segment @rope_seg` and
//!   `air.herd @rope_herd`; the row offset comes from both herd ids, as upstream's map does.
//! - `--bare`: the 2-D arguments collapsed in the function body before a bare `air.herd @herd_0`
//!   (issue 3's "RoPE as a bare herd", `rope_lut/rope_lut.py::build_module`'s herd and map), for
//!   the merge's wrapper to carry the collapses into the new launch. The AIR compiler rejects it
//!   standalone: the collapsed host argument reaches the runtime sequence
//!   (`aie-dma-tasks-to-npu`).
//! - `--decode`: the decode layer's `rms_gemv_rope_multi.py::_build_rope_1d(n_rows, embed_dim,
//!   bf16, herd_x)`, `@rope_1d` with 1-D arguments of rows * cols elements, otherwise like the
//!   default.

use crate::ir::{Builder, Value};
use crate::kernels::{flatten_in_body, launch_flatten_segment};
use crate::ops::{self, pattern, typed, whole, Body, Level};
use crate::types::{self, L1};
use crate::{ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// RoPE over a rows x cols bf16 matrix seen as rows*cols/embed_dim rows of embed_dim, with a
/// 1-D LUT of the same length; 2-D in, 1-D LUT, 2-D out.
#[derive(clap::Args, Clone, Debug)]
pub struct Rope {
    /// Rows of the 2-D input and output (sequence length).
    #[arg(long, default_value_t = 2048)]
    pub rows: u64,
    /// Columns of the 2-D input and output (heads x head_dim).
    #[arg(long, default_value_t = 2048)]
    pub cols: u64,
    /// Width of one RoPE row (head_dim).
    #[arg(long, default_value_t = 64)]
    pub embed_dim: u64,
    /// Herd width: RoPE rows are split across this many tiles.
    #[arg(long, default_value_t = 8)]
    pub herd_x: u64,
    /// The decode form: 1-D arguments of rows * cols elements, launch + segment + herd.
    #[arg(long)]
    pub decode: bool,
    /// Collapse the 2-D arguments in the function body and leave the herd bare (no launch).
    #[arg(long)]
    pub bare: bool,
}

impl Kernel for Rope {
    fn build(&self) -> Result<String, GenError> {
        let Rope { rows, cols, embed_dim, herd_x, decode, bare } = *self;
        ensure_positive(
            "rope",
            &[("--rows", rows), ("--cols", cols), ("--embed-dim", embed_dim), ("--herd-x", herd_x)],
        )?;
        ensure(embed_dim.is_multiple_of(16), || {
            format!("rope: --embed-dim ({embed_dim}) must be a multiple of 16 (kernel vector width)")
        })?;
        ensure(!(decode && bare), || "rope: --bare and --decode exclude each other".to_string())?;
        let total = rows * cols;
        ensure_divides("rope", "rows * cols", total, "--embed-dim", embed_dim)?;
        let rope_rows = total / embed_dim;
        ensure_divides("rope", "rows * cols / embed_dim", rope_rows, "--herd-x", herd_x)?;
        ensure(herd_x <= 8, || format!("rope: --herd-x ({herd_x}) is wider than an NPU2 row (8)"))?;

        let bf = "bf16";
        let l3_2d = types::memref(&[rows, cols], bf);
        let l3_1d = types::memref(&[total], bf);
        let l1_row = types::memref_in(&[embed_dim], bf, L1);
        let body = RopeBody { herd_x, embed_dim, rows_per_tile: rope_rows / herd_x, l1_row, l3_1d: l3_1d.clone() };
        let mut b = Builder::new();
        let row = body.l1_row.as_str();
        ops::extern_decl(&mut b, "rope", &[row, row, row, "i32"], "rope.o");
        if decode {
            let arg_types = [l3_1d.clone(), l3_1d.clone(), l3_1d.clone()];
            ops::func(&mut b, "rope_1d", &arg_types, |b, args| {
                let operands = typed(args, &arg_types);
                ops::hierarchy(b, Level::Launch, None, &[], &operands, None, |b, launch| {
                    let seg_operands = typed(&launch.args, &arg_types);
                    ops::hierarchy(b, Level::Segment, Some("rope_seg"), &[], &seg_operands, None, |b, seg| {
                        rope_herd(b, &seg.args, &body);
                    });
                });
            });
        } else {
            let arg_types = [l3_2d.clone(), l3_1d.clone(), l3_2d.clone()];
            ops::func(&mut b, "rope_2d", &arg_types, |b, args| {
                if bare {
                    bare_herd(b, args, &arg_types, &body);
                } else {
                    let flatten = [true, false, true];
                    launch_flatten_segment(b, args, &arg_types, &flatten, &l3_1d, "rope_seg", |b, seg| {
                        rope_herd(b, seg, &body);
                    });
                }
            });
        }
        Ok(b.finish())
    }
}

/// `air.herd @rope_herd` over the segment's (1-D) in, LUT and out, with upstream's row offset
/// map over both herd ids: `(local_row + (tx * herd_y + ty) * rows_per_tile) * embed_dim`,
/// herd_y = 1.
fn rope_herd(b: &mut Builder, operands: &[Value], body: &RopeBody) {
    let operands = typed(operands, &[body.l3_1d.clone(), body.l3_1d.clone(), body.l3_1d.clone()]);
    let attrs = "link_with = \"rope.o\"";
    ops::hierarchy(b, Level::Herd, Some("rope_herd"), &[body.herd_x, 1], &operands, Some(attrs), |b, herd| {
        let map = format!(
            "affine_map<()[s0, s1, s2] -> ({})>",
            ops::times(&format!("s0 + {}", ops::times("s1 + s2", body.rows_per_tile)), body.embed_dim)
        );
        herd_body(b, herd, body, &map, &[herd.ids[0], herd.ids[1]]);
    });
}

/// `--bare`: in and out collapsed in the function body, then a bare `air.herd @herd_0` with
/// `rope_lut.py`'s map over the x id only.
fn bare_herd(b: &mut Builder, args: &[Value], arg_types: &[String], body: &RopeBody) {
    let operands = flatten_in_body(b, args, arg_types, &[true, false, true], &body.l3_1d);
    let attrs = "link_with = \"rope.o\"";
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[body.herd_x, 1], &operands, Some(attrs), |b, herd| {
        let map = format!(
            "affine_map<()[s0, s1] -> ({})>",
            ops::times(&format!("s0 + {}", ops::times("s1", body.rows_per_tile)), body.embed_dim)
        );
        herd_body(b, herd, body, &map, &[herd.ids[0]]);
    });
}

struct RopeBody {
    herd_x: u64,
    embed_dim: u64,
    rows_per_tile: u64,
    l1_row: String,
    l3_1d: String,
}

/// Per RoPE row of the tile: input and LUT rows in, `@rope`, row out. `offset_map` takes the
/// local row and then `ids`.
fn herd_body(b: &mut Builder, herd: &Body, cfg: &RopeBody, offset_map: &str, ids: &[Value]) {
    let RopeBody { embed_dim, rows_per_tile, l1_row, l3_1d, .. } = cfg;
    let embed_dim = *embed_dim;
    let row = l1_row.as_str();
    let (h_in, h_lut, h_out) = (herd.args[0], herd.args[1], herd.args[2]);
    let l1_in = ops::alloc(b, l1_row);
    let l1_lut = ops::alloc(b, l1_row);
    let l1_out = ops::alloc(b, l1_row);
    let dim = ops::i32_const(b, embed_dim);
    ops::for_range(b, 0, *rows_per_tile, 1, |b, local_row| {
        let mut symbols = vec![local_row];
        symbols.extend_from_slice(ids);
        let offset = ops::affine_apply(b, offset_map, &symbols);
        ops::dma(b, &whole(l1_in), &pattern(h_in, &[offset.into()], &[embed_dim], &[1]), l1_row, l3_1d);
        ops::dma(b, &whole(l1_lut), &pattern(h_lut, &[offset.into()], &[embed_dim], &[1]), l1_row, l3_1d);
        ops::call(b, "rope", &[l1_in, l1_lut, l1_out, dim], &[row, row, row, "i32"]);
        ops::dma(b, &pattern(h_out, &[offset.into()], &[embed_dim], &[1]), &whole(l1_out), l3_1d, l1_row);
    });
    for buffer in [l1_in, l1_lut, l1_out] {
        ops::dealloc(b, buffer, l1_row);
    }
}

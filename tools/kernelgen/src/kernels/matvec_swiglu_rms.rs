//! GEMV with fused RMSNorm input and SwiGLU output over a 4-deep cascade, mirroring
//! `programming_examples/decode_ffn_swiglu/matvec_swiglu_rms.py::build_module(m, k, tile_m,
//! m_input, herd_cols, n_cascade, bf16, bf16)` (stage 2 of the 3-launch o_gemv_ffn).
//!
//! A (gate/up rows interleaved) streams L3 -> L2 per column and L2 -> L1 per (column, cascade
//! row) over channels; every core normalises the packed RMS input (row 0 = x, row 1 = weight)
//! in vector code, computes partial dot products over its K chunk and passes them down
//! `@chan_cascade` (`npu_cascade`): head (last row) -> middle rows -> tail (row 0), which
//! finishes the gate/up sums, applies SiLU (tanh form) and writes D. No externs, no link_with.
//!
//! Known simplifications: one pair of zero constants serves the RMSNorm and the dot-product
//! loops (the builder creates a second pair), and constants the builder creates but never uses
//! (an integer set, f32 0.5 and 1.0, an unused map) are left out. Channels, cascade, DMAs and
//! the vector code are the builder's.

use crate::ir::{Builder, Value};
use crate::ops::{self, pattern, whole, Ix, Level};
use crate::types::{self, L1, L2};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// Vector width of every loop (16 lanes).
const VEC: u64 = 16;
/// The cascade payload unit in f32 lanes; the scratch buffers are rounded up to it.
const CASCADE_WIDTH: u64 = 16;

/// SwiGLU(A_interleaved . rmsnorm(x, w)) on a herd_cols x n_cascade herd.
#[derive(clap::Args, Clone, Debug)]
pub struct MatvecSwigluRms {
    /// Rows of A (gate and up rows interleaved); D has M/2 elements.
    #[arg(long, default_value_t = 16384)]
    pub m: u64,
    /// Columns of A; length of x and of the RMSNorm weight.
    #[arg(long, default_value_t = 2048)]
    pub k: u64,
    /// Rows of A per column per launch iteration.
    #[arg(long, default_value_t = 32)]
    pub tile_m: u64,
    /// Rows of A per dot-product step.
    #[arg(long, default_value_t = 4)]
    pub m_input: u64,
    /// Herd columns.
    #[arg(long, default_value_t = 8)]
    pub herd_cols: u64,
    /// Cascade depth (herd rows); K is split in this many chunks.
    #[arg(long, default_value_t = 4)]
    pub n_cascade: u64,
    /// Launches in the kernel, each with its own segment and channel names.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
}

struct Cfg {
    k: u64,
    tile_m: u64,
    m_input: u64,
    herd_cols: u64,
    n_cascade: u64,
    k_chunk: u64,
    /// K as an f32 literal (the mean's divisor).
    k_literal: String,
    l3_a: String,
    l3_rms: String,
    l3_d: String,
    l2_a: String,
    l2_d: String,
    l1_a: String,
    l1_b: String,
    l1_rms: String,
    l1_d: String,
    l1_scratch: String,
}

impl Kernel for MatvecSwigluRms {
    fn build(&self) -> Result<String, GenError> {
        let cfg = self.cfg()?;
        let mut b = Builder::new();
        for copy in 0..self.launches {
            let sfx = copy_suffix(copy);
            ops::channel_decl(&mut b, &format!("ar_L3toL2{sfx}"), &[cfg.herd_cols], None);
            ops::channel_decl(&mut b, &format!("ar_L2toL1{sfx}"), &[cfg.herd_cols, cfg.n_cascade], None);
            let cascade_attrs = "channel_type = \"npu_cascade\"";
            ops::channel_decl(
                &mut b,
                &format!("chan_cascade{sfx}"),
                &[cfg.herd_cols, cfg.n_cascade - 1],
                Some(cascade_attrs),
            );
        }
        let arg_types = [cfg.l3_a.clone(), cfg.l3_rms.clone(), cfg.l3_d.clone()];
        ops::func(&mut b, "matvec_swiglu_rms", &arg_types, |b, args| {
            for copy in 0..self.launches {
                launch(b, &cfg, args, &arg_types, &copy_suffix(copy), self.m);
            }
        });
        Ok(b.finish())
    }
}

impl MatvecSwigluRms {
    fn cfg(&self) -> Result<Cfg, GenError> {
        let MatvecSwigluRms { m, k, tile_m, m_input, herd_cols, n_cascade, launches } = *self;
        let name = "matvec-swiglu-rms";
        let options = [
            ("--m", m),
            ("--k", k),
            ("--tile-m", tile_m),
            ("--m-input", m_input),
            ("--herd-cols", herd_cols),
            ("--n-cascade", n_cascade),
        ];
        ensure_positive(name, &options)?;
        ensure(launches >= 1, || format!("{name}: --launches must be at least 1"))?;
        ensure(n_cascade >= 2, || format!("{name}: --n-cascade ({n_cascade}) must be at least 2 for a cascade"))?;
        ensure(herd_cols <= 8 && n_cascade <= 4, || {
            format!("{name}: herd {herd_cols} x {n_cascade} does not fit the NPU2 core array (8 x 4)")
        })?;
        ensure_divides(name, "--m", m, "--tile-m * --herd-cols", tile_m * herd_cols)?;
        ensure_divides(name, "--tile-m", tile_m, "--m-input", m_input)?;
        ensure(m_input.is_multiple_of(2), || {
            format!("{name}: --m-input ({m_input}) must be even (gate/up row pairs)")
        })?;
        ensure(tile_m / 2 >= VEC && (tile_m / 2).is_multiple_of(VEC), || {
            format!("{name}: --tile-m / 2 ({}) must be a positive multiple of {VEC}", tile_m / 2)
        })?;
        ensure_divides(name, "--k", k, "--n-cascade", n_cascade)?;
        let k_chunk = k / n_cascade;
        ensure(k_chunk.is_multiple_of(64), || {
            format!("{name}: K / n_cascade ({k_chunk}) must be a multiple of 64 (vector width)")
        })?;
        let scratch = tile_m.max(CASCADE_WIDTH).div_ceil(CASCADE_WIDTH) * CASCADE_WIDTH;
        let bf = "bf16";
        Ok(Cfg {
            k,
            tile_m,
            m_input,
            herd_cols,
            n_cascade,
            k_chunk,
            k_literal: types::float_literal(k as f64, "f32")?,
            l3_a: types::memref(&[m, k], bf),
            l3_rms: types::memref(&[2, k], bf),
            l3_d: types::memref(&[m / 2], bf),
            l2_a: types::memref_in(&[tile_m, k], bf, L2),
            l2_d: types::memref_in(&[herd_cols, tile_m / 2], bf, L2),
            l1_a: types::memref_in(&[tile_m, k_chunk], bf, L1),
            l1_b: types::memref_in(&[k], bf, L1),
            l1_rms: types::memref_in(&[2, k], bf, L1),
            l1_d: types::memref_in(&[tile_m / 2], bf, L1),
            l1_scratch: types::memref_in(&[scratch], "f32", L1),
        })
    }
}

fn launch(b: &mut Builder, c: &Cfg, args: &[Value], arg_types: &[String], sfx: &str, m: u64) {
    let (l3l2, l2l1) = (format!("ar_L3toL2{sfx}"), format!("ar_L2toL1{sfx}"));
    let cascade = format!("chan_cascade{sfx}");
    let operands = ops::typed(args, arg_types);
    ops::hierarchy(b, Level::Launch, None, &[m / c.tile_m / c.herd_cols, 1], &operands, None, |b, launch| {
        let (a, rms_in, d) = (launch.args[0], launch.args[1], launch.args[2]);
        let offset = ops::affine_apply(b, &ops::scale_map(c.tile_m * c.herd_cols), &[launch.ids[0]]);
        for col in 0..c.herd_cols {
            let col_idx = ops::index(b, col);
            let map = if col == 0 {
                "affine_map<()[s0] -> (s0)>".to_string()
            } else {
                format!("affine_map<()[s0] -> (s0 + {})>", col * c.tile_m)
            };
            let col_offset = ops::affine_apply(b, &map, &[offset]);
            let src = pattern(a, &[col_offset.into(), Ix::Const(0)], &[c.tile_m, c.k], &[c.k, 1]);
            ops::put(b, &l3l2, &[col_idx], &src, &c.l3_a);
        }
        let segment_operands = [(launch.ids[0], "index".to_string()), (rms_in, c.l3_rms.clone()), (d, c.l3_d.clone())];
        let segment = format!("matvec_cascade_swiglu_rms_seg{sfx}");
        ops::hierarchy(b, Level::Segment, Some(&segment), &[], &segment_operands, None, |b, seg| {
            let (ivx, rms_seg, d_seg) = (seg.args[0], seg.args[1], seg.args[2]);
            let a_bufs: Vec<Value> = (0..c.herd_cols).map(|_| ops::alloc(b, &c.l2_a)).collect();
            let d_l2 = ops::alloc(b, &c.l2_d);
            for (col, &a_l2) in a_bufs.iter().enumerate() {
                let col_idx = ops::index(b, col as u64);
                ops::get(
                    b,
                    &l3l2,
                    &[col_idx],
                    &pattern(a_l2, &[Ix::Const(0), Ix::Const(0)], &[c.tile_m, c.k], &[c.k, 1]),
                    &c.l2_a,
                );
                for row in 0..c.n_cascade {
                    let row_idx = ops::index(b, row);
                    let src =
                        pattern(a_l2, &[Ix::Const(0), Ix::Const(row * c.k_chunk)], &[c.tile_m, c.k_chunk], &[c.k, 1]);
                    ops::put(b, &l2l1, &[col_idx, row_idx], &src, &c.l2_a);
                }
            }
            let l1 = [&c.l1_a, &c.l1_b, &c.l1_rms, &c.l1_d, &c.l1_scratch, &c.l1_scratch]
                .map(|ty| (ops::alloc(b, ty), ty.clone()));
            let mut herd_operands: Vec<(Value, String)> = l1.to_vec();
            herd_operands.push((rms_seg, c.l3_rms.clone()));
            herd_operands.push((d_l2, c.l2_d.clone()));
            ops::hierarchy(
                b,
                Level::Herd,
                Some("herd_0"),
                &[c.herd_cols, c.n_cascade],
                &herd_operands,
                None,
                |b, herd| {
                    herd_body(b, c, herd, &l2l1, &cascade);
                },
            );
            let half = c.tile_m / 2;
            let d_offset = ops::affine_apply(b, &ops::scale_map(half * c.herd_cols), &[ivx]);
            let dst = pattern(d_seg, &[d_offset.into()], &[c.herd_cols * half], &[1]);
            let src = pattern(d_l2, &[Ix::Const(0), Ix::Const(0)], &[c.herd_cols, half], &[half, 1]);
            ops::dma(b, &dst, &src, &c.l3_d, &c.l2_d);
            for a_l2 in a_bufs {
                ops::dealloc(b, a_l2, &c.l2_a);
            }
            ops::dealloc(b, d_l2, &c.l2_d);
            for (value, ty) in l1 {
                ops::dealloc(b, value, &ty);
            }
        });
    });
}

/// Vector types and constants shared by the herd's loops.
struct Vecs {
    bf: String,
    f32: String,
    c0: Value,
    zero_bf: Value,
    zero_f32: Value,
    /// `#mapN` = `(d0, d1) -> (d1)`: reads a row of a 1 x 16 view as a vector.
    row_read: String,
}

fn herd_body(b: &mut Builder, c: &Cfg, herd: &ops::Body, l2l1: &str, cascade: &str) {
    let (tx, ty) = (herd.ids[0], herd.ids[1]);
    let [l1_a, l1_b, l1_rms, l1_d, scratch, recv, rms_l3, d_l2] = [0, 1, 2, 3, 4, 5, 6, 7].map(|i| herd.args[i]);
    let c0 = ops::index(b, 0);
    let c1 = ops::index(b, 1);
    let last = ops::index(b, c.n_cascade - 1);
    let k_offset = ops::affine_apply(b, &ops::scale_map(c.k_chunk), &[ty]);
    let rms_src = pattern(rms_l3, &[Ix::Const(0), Ix::Const(0)], &[2, c.k], &[c.k, 1]);
    ops::dma(b, &whole(l1_rms), &rms_src, &c.l1_rms, &c.l3_rms);

    // RMSNorm of row 0 with the weight in row 1, into B.
    let zero_bf = ops::float_lit(b, "0.000000e+00", "bf16");
    let zero_f32 = ops::float_lit(b, "0.000000e+00", "f32");
    let v = Vecs {
        bf: format!("vector<{VEC}xbf16>"),
        f32: format!("vector<{VEC}xf32>"),
        c0,
        zero_bf,
        zero_f32,
        row_read: b.map("affine_map<(d0, d1) -> (d1)>"),
    };
    let acc_ty = types::memref_in(&[VEC], "f32", L1);
    let tmp_ty = types::memref_in(&[VEC], "bf16", L1);
    let rms_row_ty = types::strided_in(&[1, VEC], "bf16", &[c.k, 1], None, L1);
    let vec_view = types::strided_in(&[VEC], "bf16", &[1], None, L1);
    let rms_acc = ops::alloc(b, &acc_ty);
    let rms_tmp = ops::alloc(b, &tmp_ty);
    let zero_vec = ops::broadcast(b, v.zero_f32, "f32", &v.f32);
    ops::write(b, zero_vec, rms_acc, &[c0], &v.f32, &acc_ty);
    let c_k = ops::index(b, c.k);
    let c_vec = ops::index(b, VEC);
    ops::for_values(b, c0, c_k, c_vec, |b, j| {
        let row = ops::subview(b, l1_rms, &[Ix::Const(0), j.into()], &[1, VEC], &[1, 1], &c.l1_rms, &rms_row_ty);
        let x = read_row(b, &v, row, &rms_row_ty);
        let sq = ops::binary(b, "arith.mulf", x, x, &v.bf);
        ops::write(b, sq, rms_tmp, &[c0], &v.bf, &tmp_ty);
        let sq_rd = ops::read(b, rms_tmp, &[c0], v.zero_bf, &tmp_ty, &v.bf);
        let sq_f32 = b.num(&format!("arith.extf $0 : {} to {}", v.bf, v.f32), &[sq_rd]);
        let acc = ops::read(b, rms_acc, &[c0], v.zero_f32, &acc_ty, &v.f32);
        let sum = ops::binary(b, "arith.addf", acc, sq_f32, &v.f32);
        ops::write(b, sum, rms_acc, &[c0], &v.f32, &acc_ty);
    });
    let total_v = ops::read(b, rms_acc, &[c0], v.zero_f32, &acc_ty, &v.f32);
    let total = b.num(&format!("vector.reduction <add>, $0 : {} into f32", v.f32), &[total_v]);
    let k_f = ops::float_lit(b, &c.k_literal, "f32");
    let eps = ops::float_lit(b, "1.000000e-05", "f32");
    let mean = ops::binary(b, "arith.divf", total, k_f, "f32");
    let mean_eps = ops::binary(b, "arith.addf", mean, eps, "f32");
    let rstd_f32 = b.num("math.rsqrt $0 : f32", &[mean_eps]);
    let rstd = b.num("arith.truncf $0 : f32 to bf16", &[rstd_f32]);
    let v_rstd = ops::broadcast(b, rstd, "bf16", &v.bf);
    ops::for_values(b, c0, c_k, c_vec, |b, j| {
        let x_row = ops::subview(b, l1_rms, &[Ix::Const(0), j.into()], &[1, VEC], &[1, 1], &c.l1_rms, &rms_row_ty);
        let w_row = ops::subview(b, l1_rms, &[Ix::Const(1), j.into()], &[1, VEC], &[1, 1], &c.l1_rms, &rms_row_ty);
        let out = ops::subview(b, l1_b, &[j.into()], &[VEC], &[1], &c.l1_b, &vec_view);
        let x = read_row(b, &v, x_row, &rms_row_ty);
        let w = read_row(b, &v, w_row, &rms_row_ty);
        let n = ops::binary(b, "arith.mulf", x, v_rstd, &v.bf);
        let y = ops::binary(b, "arith.mulf", n, w, &v.bf);
        ops::write(b, y, out, &[c0], &v.bf, &vec_view);
    });
    ops::dealloc(b, rms_acc, &acc_ty);
    ops::dealloc(b, rms_tmp, &tmp_ty);

    // The cascade: partial dot products over this core's K chunk.
    let half = c.tile_m / 2;
    let half_ty = types::memref_in(&[half], "bf16", L1);
    let acc_tmp = ops::alloc(b, &acc_ty);
    let gate = ops::alloc(b, &half_ty);
    let up = ops::alloc(b, &half_ty);
    let half_lit = ops::float_lit(b, "5.000000e-01", "bf16");
    let one_lit = ops::float_lit(b, "1.000000e+00", "bf16");
    let v_half = ops::broadcast(b, half_lit, "bf16", &v.bf);
    let v_one = ops::broadcast(b, one_lit, "bf16", &v.bf);
    let b_slice_ty = types::strided_in(&[c.k_chunk], "bf16", &[1], None, L1);
    let b_slice = ops::subview(b, l1_b, &[k_offset.into()], &[c.k_chunk], &[1], &c.l1_b, &b_slice_ty);
    ops::get(b, l2l1, &[tx, ty], &whole(l1_a), &c.l1_a);
    let dot = Dot {
        a: l1_a,
        a_ty: c.l1_a.clone(),
        b: b_slice,
        b_ty: b_slice_ty,
        acc: acc_tmp,
        acc_ty: acc_ty.clone(),
        k_chunk: c.k_chunk,
    };
    let pair_map = "affine_map<()[s0, s1] -> (s0 + s1)>";
    let one_ty = types::strided_in(&[1], "f32", &[1], None, L1);
    ops::for_range(b, 0, c.tile_m / c.m_input, 1, |b, j_m| {
        let j_m_offset = ops::affine_apply(b, &ops::scale_map(c.m_input), &[j_m]);
        let is_head = b.num("arith.cmpi eq, $0, $1 : index", &[ty, last]);
        // Head (last cascade row): partial sums of m_input rows, sent down the cascade.
        let (head, _) = b.build_region(0, |b, _| {
            ops::for_range(b, 0, c.m_input, 1, |b, row| {
                let abs_row = ops::affine_apply(b, pair_map, &[j_m_offset, row]);
                let partial = dot.emit(b, &v, abs_row);
                let slot = ops::subview(b, scratch, &[row.into()], &[1], &[1], &c.l1_scratch, &one_ty);
                b.op0(&format!("memref.store $0, $1[$2] : {one_ty}"), &[partial, slot, c0]);
            });
            let prev = ops::binary(b, "arith.subi", ty, c1, "index");
            ops::put(b, cascade, &[tx, prev], &whole(scratch), &c.l1_scratch);
        });
        let (not_head, _) = b.build_region(0, |b, _| {
            let is_tail = b.num("arith.cmpi eq, $0, $1 : index", &[ty, c0]);
            // Tail (row 0): finish the gate/up sums of this j_m step.
            let (tail, _) = b.build_region(0, |b, _| {
                ops::get(b, cascade, &[tx, ty], &whole(recv), &c.l1_scratch);
                let pair_offset = ops::affine_apply(b, &ops::scale_map(c.m_input / 2), &[j_m]);
                ops::for_range(b, 0, c.m_input / 2, 1, |b, pair| {
                    let g_local = ops::affine_apply(b, "affine_map<()[s0] -> (s0 * 2)>", &[pair]);
                    let u_local = ops::affine_apply(b, "affine_map<()[s0] -> (s0 * 2 + 1)>", &[pair]);
                    let g_row = ops::affine_apply(b, pair_map, &[j_m_offset, g_local]);
                    let u_row = ops::affine_apply(b, pair_map, &[j_m_offset, u_local]);
                    let g_partial = dot.emit(b, &v, g_row);
                    let u_partial = dot.emit(b, &v, u_row);
                    let g_slot = ops::subview(b, recv, &[g_local.into()], &[1], &[1], &c.l1_scratch, &one_ty);
                    let u_slot = ops::subview(b, recv, &[u_local.into()], &[1], &[1], &c.l1_scratch, &one_ty);
                    let g_recv = b.num(&format!("memref.load $0[$1] : {one_ty}"), &[g_slot, c0]);
                    let u_recv = b.num(&format!("memref.load $0[$1] : {one_ty}"), &[u_slot, c0]);
                    let g_total = ops::binary(b, "arith.addf", g_recv, g_partial, "f32");
                    let u_total = ops::binary(b, "arith.addf", u_recv, u_partial, "f32");
                    let g_bf = b.num("arith.truncf $0 : f32 to bf16", &[g_total]);
                    let u_bf = b.num("arith.truncf $0 : f32 to bf16", &[u_total]);
                    let pos = ops::affine_apply(b, pair_map, &[pair_offset, pair]);
                    let one_bf = types::strided_in(&[1], "bf16", &[1], None, L1);
                    let g_out = ops::subview(b, gate, &[pos.into()], &[1], &[1], &half_ty, &one_bf);
                    let u_out = ops::subview(b, up, &[pos.into()], &[1], &[1], &half_ty, &one_bf);
                    b.op0(&format!("memref.store $0, $1[$2] : {one_bf}"), &[g_bf, g_out, c0]);
                    b.op0(&format!("memref.store $0, $1[$2] : {one_bf}"), &[u_bf, u_out, c0]);
                });
            });
            // Middle rows: add this chunk's partial sums and pass them on.
            let (middle, _) = b.build_region(0, |b, _| {
                ops::get(b, cascade, &[tx, ty], &whole(recv), &c.l1_scratch);
                ops::for_range(b, 0, c.m_input, 1, |b, row| {
                    let abs_row = ops::affine_apply(b, pair_map, &[j_m_offset, row]);
                    let partial = dot.emit(b, &v, abs_row);
                    let in_slot = ops::subview(b, recv, &[row.into()], &[1], &[1], &c.l1_scratch, &one_ty);
                    let received = b.num(&format!("memref.load $0[$1] : {one_ty}"), &[in_slot, c0]);
                    let total = ops::binary(b, "arith.addf", received, partial, "f32");
                    let out_slot = ops::subview(b, scratch, &[row.into()], &[1], &[1], &c.l1_scratch, &one_ty);
                    b.op0(&format!("memref.store $0, $1[$2] : {one_ty}"), &[total, out_slot, c0]);
                });
                let prev = ops::binary(b, "arith.subi", ty, c1, "index");
                ops::put(b, cascade, &[tx, prev], &whole(scratch), &c.l1_scratch);
            });
            b.op(&[], "scf.if $0 $r0 else $r1", &[is_tail], &[tail, middle]);
        });
        b.op(&[], "scf.if $0 $r0 else $r1", &[is_head], &[head, not_head]);
    });

    // SiLU(gate) * up on the tail row, then D to L2.
    let is_writer = b.num("arith.cmpi eq, $0, $1 : index", &[ty, c0]);
    let (writer, _) = b.build_region(0, |b, _| {
        let c_half = ops::index(b, half);
        ops::for_values(b, c0, c_half, c_vec, |b, kk| {
            let g_view = ops::subview(b, gate, &[kk.into()], &[VEC], &[1], &half_ty, &vec_view);
            let u_view = ops::subview(b, up, &[kk.into()], &[VEC], &[1], &half_ty, &vec_view);
            let out_view = ops::subview(b, l1_d, &[kk.into()], &[VEC], &[1], &c.l1_d, &vec_view);
            let g = ops::read(b, g_view, &[c0], v.zero_bf, &vec_view, &v.bf);
            let u = ops::read(b, u_view, &[c0], v.zero_bf, &vec_view, &v.bf);
            let half_g = ops::binary(b, "arith.mulf", g, v_half, &v.bf);
            let tanh = b.num(&format!("math.tanh $0 : {}", v.bf), &[half_g]);
            let tanh_p1 = ops::binary(b, "arith.addf", tanh, v_one, &v.bf);
            let sigmoid = ops::binary(b, "arith.mulf", tanh_p1, v_half, &v.bf);
            let silu = ops::binary(b, "arith.mulf", g, sigmoid, &v.bf);
            let out = ops::binary(b, "arith.mulf", silu, u, &v.bf);
            ops::write(b, out, out_view, &[c0], &v.bf, &vec_view);
        });
        let dst = pattern(d_l2, &[tx.into(), Ix::Const(0)], &[1, half], &[half, 1]);
        let src =
            ops::Access { memref: l1_d, offsets: vec![], sizes: vec![Ix::Const(half)], strides: vec![Ix::Const(1)] };
        ops::dma(b, &dst, &src, &c.l2_d, &c.l1_d);
    });
    b.op(&[], "scf.if $0 $r0", &[is_writer], &[writer]);
    ops::dealloc(b, acc_tmp, &acc_ty);
    ops::dealloc(b, gate, &half_ty);
    ops::dealloc(b, up, &half_ty);
}

/// `vector.transfer_read` of a 1 x 16 row view with the `(d0, d1) -> (d1)` permutation.
fn read_row(b: &mut Builder, v: &Vecs, view: Value, view_ty: &str) -> Value {
    let text = format!(
        "vector.transfer_read $0[$1, $1], $2 {{in_bounds = [true], permutation_map = {}}} : {view_ty}, {}",
        v.row_read, v.bf
    );
    b.num(&text, &[view, v.c0, v.zero_bf])
}

/// One row's dot product over the K chunk, accumulated in f32 (upstream's
/// `compute_partial_dot`); returns the f32 sum.
struct Dot {
    a: Value,
    a_ty: String,
    b: Value,
    b_ty: String,
    acc: Value,
    acc_ty: String,
    k_chunk: u64,
}

impl Dot {
    fn emit(&self, b: &mut Builder, v: &Vecs, row: Value) -> Value {
        let zero = ops::broadcast(b, v.zero_f32, "f32", &v.f32);
        ops::write(b, zero, self.acc, &[v.c0], &v.f32, &self.acc_ty);
        let a_row_ty = {
            // The A tile is tile_m x k_chunk; a 1 x 16 view of it has row stride k_chunk.
            types::strided_in(&[1, VEC], "bf16", &[self.k_chunk, 1], None, L1)
        };
        let b_view_ty = types::strided_in(&[VEC], "bf16", &[1], None, L1);
        ops::for_range(b, 0, self.k_chunk, VEC, |b, j| {
            let a_view = ops::subview(b, self.a, &[row.into(), j.into()], &[1, VEC], &[1, 1], &self.a_ty, &a_row_ty);
            let b_view = ops::subview(b, self.b, &[j.into()], &[VEC], &[1], &self.b_ty, &b_view_ty);
            let a_bf = read_row(b, v, a_view, &a_row_ty);
            let b_bf = ops::read(b, b_view, &[v.c0], v.zero_bf, &b_view_ty, &v.bf);
            let a_f32 = b.num(&format!("arith.extf $0 : {} to {}", v.bf, v.f32), &[a_bf]);
            let b_f32 = b.num(&format!("arith.extf $0 : {} to {}", v.bf, v.f32), &[b_bf]);
            let acc = ops::read(b, self.acc, &[v.c0], v.zero_f32, &self.acc_ty, &v.f32);
            let result = b.num(&format!("vector.fma $0, $1, $2 : {}", v.f32), &[a_f32, b_f32, acc]);
            ops::write(b, result, self.acc, &[v.c0], &v.f32, &self.acc_ty);
        });
        let total = ops::read(b, self.acc, &[v.c0], v.zero_f32, &self.acc_ty, &v.f32);
        b.num(&format!("vector.reduction <add>, $0 : {} into f32", v.f32), &[total])
    }
}

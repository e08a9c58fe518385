//! GEMM `C[M x N] = A[M x K] . B[K x N]` in bf16 with an f32 accumulator, calling the `mm.o`
//! externs, with L2 staging over channels.
//!
//! The op structure mirrors the "drain" external-call GEMM of mlir-air
//! (`programming_examples/matrix_multiplication/bf16_in_bf16_out/run.py::build_module(...,
//! emit_external_call=True, sym_suffix, link_with_name)`): `air.launch` over [M/(tile_m*herd_m),
//! N/(tile_n*herd_n)] -> `air.segment @matmul_seg` -> three `air.herd @herd_0` [herd_m, herd_n]
//! (zero the accumulator; multiply inside the K loop; convert to bf16 and drain), all with
//! `link_with = "mm<suffix>.o"`. The L1/L2 buffer shapes and access patterns are the builder's.
//!
//! Known difference: that builder moves data with `air.dma_memcpy_nd`; issue 3 asks for the
//! channel form the AIR lowering (`air-dma-to-channel`) produces, so every transfer here is an
//! `air.channel.put`/`get` pair: L3->L2 put in the launch and got in the segment, L2->L1 put in
//! the segment (A broadcast along herd rows, B along herd columns, as the broadcast
//! specialisation declares them) and got in the compute herd, L1->L2 put by the drain herd and
//! got in the segment, L2->L3 put in the segment and got in the launch after it.
//!
//! The segment-side puts and gets of the per-core channels sit in `scf.parallel` loops over the
//! herd rows / columns, whose variables index the channel bundle: the form `air-dma-to-channel`
//! gives a herd's DMA hoisted out to its segment. AIR's verifier rejects a temporal `scf.for`
//! variable as a bundle index.

use crate::ir::{Builder, Value};
use crate::ops::{self, pattern, whole, Ix, Level};
use crate::types::{self, L1, L2};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// The AIE2P mmul shape (m, k, n) the `mm.o` kernel is built for.
const MMUL: [u64; 3] = [8, 8, 8];

/// Tiled bf16 GEMM with channels and `mm<suffix>.o` externs (3 arguments: A, B, C).
#[derive(clap::Args, Clone, Debug)]
pub struct Gemm {
    /// Rows of A and C.
    #[arg(long, default_value_t = 2048)]
    pub m: u64,
    /// Columns of A, rows of B.
    #[arg(long, default_value_t = 2048)]
    pub k: u64,
    /// Columns of B and C.
    #[arg(long, default_value_t = 2048)]
    pub n: u64,
    /// Rows of C per core.
    #[arg(long, default_value_t = 32)]
    pub tile_m: u64,
    /// K extent staged in L2 per step of the segment's K loop.
    #[arg(long, default_value_t = 256)]
    pub tile_k_l2: u64,
    /// K extent moved to L1 per extern call.
    #[arg(long, default_value_t = 32)]
    pub tile_k_l1: u64,
    /// Columns of C per core.
    #[arg(long, default_value_t = 128)]
    pub tile_n: u64,
    /// Herd rows (x).
    #[arg(long, default_value_t = 8)]
    pub herd_m: u64,
    /// Herd columns (y).
    #[arg(long, default_value_t = 4)]
    pub herd_n: u64,
    /// Suffix of the extern symbols and of the object: `@zero_f32_mn<suffix>` in `mm<suffix>.o`.
    #[arg(long, default_value = "_m32", allow_hyphen_values = true)]
    pub suffix: String,
    /// Launches in the kernel, each with its own segment and channel names.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
}

/// Everything the launch body needs, computed and validated once.
struct Shapes {
    m: u64,
    k: u64,
    n: u64,
    tm: u64,
    tk2: u64,
    tk1: u64,
    tn: u64,
    hm: u64,
    hn: u64,
    l3_a: String,
    l3_b: String,
    l3_c: String,
    l2_a: String,
    l2_b: String,
    l2_c: String,
    l1_a: String,
    l1_b: String,
    l1_acc: String,
    l1_acc_core: String,
    l1_drain: String,
    zero_fn: String,
    matmul_fn: String,
    cast_fn: String,
    object: String,
}

impl Kernel for Gemm {
    fn build(&self) -> Result<String, GenError> {
        let s = self.shapes()?;
        let mut b = Builder::new();
        for copy in 0..self.launches {
            declare_channels(&mut b, &s, &copy_suffix(copy));
        }
        let core = s.l1_acc_core.as_str();
        ops::extern_decl(&mut b, &s.zero_fn, &[core], &s.object);
        ops::extern_decl(&mut b, &s.matmul_fn, &[&s.l1_a, &s.l1_b, core], &s.object);
        ops::extern_decl(&mut b, &s.cast_fn, &[core, &s.l1_drain], &s.object);
        let arg_types = [s.l3_a.clone(), s.l3_b.clone(), s.l3_c.clone()];
        ops::func(&mut b, "matmul_bf16", &arg_types, |b, args| {
            for copy in 0..self.launches {
                launch(b, &s, args, &arg_types, &copy_suffix(copy));
            }
        });
        Ok(b.finish())
    }
}

impl Gemm {
    fn shapes(&self) -> Result<Shapes, GenError> {
        let Gemm { m, k, n, tile_m: tm, tile_k_l2: tk2, tile_k_l1: tk1, tile_n: tn, herd_m: hm, herd_n: hn, .. } =
            *self;
        let options = [
            ("--m", m),
            ("--k", k),
            ("--n", n),
            ("--tile-m", tm),
            ("--tile-k-l2", tk2),
            ("--tile-k-l1", tk1),
            ("--tile-n", tn),
            ("--herd-m", hm),
            ("--herd-n", hn),
        ];
        ensure_positive("gemm", &options)?;
        ensure(self.launches >= 1, || "gemm: --launches must be at least 1".to_string())?;
        ensure_divides("gemm", "--m", m, "--tile-m * --herd-m", tm * hm)?;
        ensure_divides("gemm", "--n", n, "--tile-n * --herd-n", tn * hn)?;
        ensure_divides("gemm", "--k", k, "--tile-k-l2", tk2)?;
        ensure_divides("gemm", "--tile-k-l2", tk2, "--tile-k-l1", tk1)?;
        for (name, value, unit) in [("--tile-m", tm, MMUL[0]), ("--tile-k-l1", tk1, MMUL[1]), ("--tile-n", tn, MMUL[2])]
        {
            ensure(value.is_multiple_of(unit), || {
                format!("gemm: {name} ({value}) must be a multiple of the mmul size {unit}")
            })?;
        }
        ensure(hm <= 8 && hn <= 4, || format!("gemm: herd {hm} x {hn} does not fit the NPU2 core array (8 x 4)"))?;
        let suffix = &self.suffix;
        ensure(suffix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), || {
            format!("gemm: --suffix ({suffix}) may hold only letters, digits and `_`")
        })?;
        let [mm, mk, mn] = MMUL;
        let bf = "bf16";
        let acc_strides = [tm * tn * hn, tm * tn, tm * mn, mm * mn, mn, 1];
        Ok(Shapes {
            m,
            k,
            n,
            tm,
            tk2,
            tk1,
            tn,
            hm,
            hn,
            l3_a: types::memref(&[m, k], bf),
            l3_b: types::memref(&[k, n], bf),
            l3_c: types::memref(&[m, n], bf),
            l2_a: types::memref_in(&[hm, 1, tm, tk2], bf, L2),
            l2_b: types::memref_in(&[1, hn, tk2, tn], bf, L2),
            l2_c: types::memref_in(&[hm, hn, tm, tn], bf, L2),
            l1_a: types::memref_in(&[1, 1, tk1 / mk, tm / mm, mm, mk], bf, L1),
            l1_b: types::memref_in(&[1, 1, tn / mn, tk1 / mk, mk, mn], bf, L1),
            l1_acc: types::memref_in(&[hm, hn, tn / mn, tm / mm, mm, mn], "f32", L1),
            l1_acc_core: types::strided_in(&[1, 1, tn / mn, tm / mm, mm, mn], "f32", &acc_strides, None, L1),
            l1_drain: types::memref_in(&[1, 1, tn / mn, tm / mm, mm, mn], bf, L1),
            zero_fn: format!("zero_f32_mn{suffix}"),
            matmul_fn: format!("op_has_no_registered_library_name{suffix}"),
            cast_fn: format!("f32_to_bf16_mn{suffix}"),
            object: format!("mm{suffix}.o"),
        })
    }
}

/// The channel names of one launch copy.
struct Channels {
    a_l3l2: String,
    b_l3l2: String,
    a_l2l1: String,
    b_l2l1: String,
    c_l1l2: String,
    c_l2l3: String,
}

fn channels(suffix: &str) -> Channels {
    Channels {
        a_l3l2: format!("chan_a_l3l2{suffix}"),
        b_l3l2: format!("chan_b_l3l2{suffix}"),
        a_l2l1: format!("chan_a_l2l1{suffix}"),
        b_l2l1: format!("chan_b_l2l1{suffix}"),
        c_l1l2: format!("chan_c_l1l2{suffix}"),
        c_l2l3: format!("chan_c_l2l3{suffix}"),
    }
}

fn declare_channels(b: &mut Builder, s: &Shapes, suffix: &str) {
    let ch = channels(suffix);
    let broadcast = format!("broadcast_shape = [{}, {}]", s.hm, s.hn);
    ops::channel_decl(b, &ch.a_l3l2, &[1, 1], None);
    ops::channel_decl(b, &ch.b_l3l2, &[1, 1], None);
    // A tile (tx, *) is the same for every herd column, B tile (*, ty) for every herd row.
    ops::channel_decl(b, &ch.a_l2l1, &[s.hm, 1], Some(&broadcast));
    ops::channel_decl(b, &ch.b_l2l1, &[1, s.hn], Some(&broadcast));
    ops::channel_decl(b, &ch.c_l1l2, &[s.hm, s.hn], None);
    ops::channel_decl(b, &ch.c_l2l3, &[1, 1], None);
}

fn launch(b: &mut Builder, s: &Shapes, args: &[Value], arg_types: &[String], suffix: &str) {
    let ch = channels(suffix);
    let operands = ops::typed(args, arg_types);
    let grid = [s.m / (s.tm * s.hm), s.n / (s.tn * s.hn)];
    ops::hierarchy(b, Level::Launch, None, &grid, &operands, None, |b, launch| {
        let (a, bm, c) = (launch.args[0], launch.args[1], launch.args[2]);
        let row_offset = ops::affine_apply(b, &ops::scale_map(s.tm * s.hm), &[launch.ids[0]]);
        let col_offset = ops::affine_apply(b, &ops::scale_map(s.tn * s.hn), &[launch.ids[1]]);
        // L3 -> L2: one A block and one B block per step of the K loop.
        ops::for_range(b, 0, s.k / s.tk2, 1, |b, step| {
            let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk2), &[step]);
            let a_src = pattern(
                a,
                &[Ix::Const(0), Ix::Const(0), row_offset.into(), k_offset.into()],
                &[s.hm, 1, s.tm, s.tk2],
                &[s.k * s.tm, s.tk2, s.k, 1],
            );
            ops::put(b, &ch.a_l3l2, &[], &a_src, &s.l3_a);
            let b_src = pattern(
                bm,
                &[Ix::Const(0), Ix::Const(0), k_offset.into(), col_offset.into()],
                &[1, s.hn, s.tk2, s.tn],
                &[s.n * s.tk2, s.tn, s.n, 1],
            );
            ops::put(b, &ch.b_l3l2, &[], &b_src, &s.l3_b);
        });
        let segment = format!("matmul_seg{suffix}");
        ops::hierarchy(b, Level::Segment, Some(&segment), &[], &[], None, |b, _| segment_body(b, s, &ch));
        // L2 -> L3 after the segment, so program order is producer before consumer.
        let c_dst = pattern(c, &[row_offset.into(), col_offset.into()], &[s.hm * s.tm, s.hn * s.tn], &[s.n, 1]);
        ops::get(b, &ch.c_l2l3, &[], &c_dst, &s.l3_c);
    });
}

fn segment_body(b: &mut Builder, s: &Shapes, ch: &Channels) {
    let [mm, mk, mn] = MMUL;
    let a_l2 = ops::alloc(b, &s.l2_a);
    let b_l2 = ops::alloc(b, &s.l2_b);
    let c_l2 = ops::alloc(b, &s.l2_c);
    let acc = ops::alloc(b, &s.l1_acc);
    let c0 = ops::index(b, 0);
    let c1 = ops::index(b, 1);
    let herd_m = ops::index(b, s.hm);
    let herd_n = ops::index(b, s.hn);
    let attrs = format!("link_with = \"{}\"", s.object);
    let acc_operand = [(acc, s.l1_acc.clone())];
    let core_sizes = [1, 1, s.tn / mn, s.tm / mm, mm, mn];
    let core_view = |b: &mut Builder, acc: Value, tx: Value, ty: Value| {
        let offsets = [tx.into(), ty.into(), Ix::Const(0), Ix::Const(0), Ix::Const(0), Ix::Const(0)];
        ops::subview(b, acc, &offsets, &core_sizes, &[1; 6], &s.l1_acc, &s.l1_acc_core)
    };

    // Zero the accumulator.
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &acc_operand, Some(&attrs), |b, herd| {
        let view = core_view(b, herd.args[0], herd.ids[0], herd.ids[1]);
        ops::call(b, &s.zero_fn, &[view], &[&s.l1_acc_core]);
    });

    // The K loop: stage A and B in L2, hand tiles to the cores, multiply.
    ops::for_range(b, 0, s.k / s.tk2, 1, |b, _| {
        ops::get(b, &ch.a_l3l2, &[], &whole(a_l2), &s.l2_a);
        ops::get(b, &ch.b_l3l2, &[], &whole(b_l2), &s.l2_b);
        ops::for_range(b, 0, s.tk2 / s.tk1, 1, |b, step| {
            let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk1), &[step]);
            ops::parallel_values(b, &[c0], &[herd_m], &[c1], |b, iv| {
                let row = iv[0];
                let offsets = [row.into(), Ix::Const(0), Ix::Const(0), Ix::Const(0), Ix::Const(0), k_offset.into()];
                let sizes = [1, 1, s.tk1 / mk, s.tm / mm, mm, mk];
                let strides = [s.tm * s.tk2, s.tm * s.tk2, mk, s.tk2 * mm, s.tk2, 1];
                ops::put(b, &ch.a_l2l1, &[row, c0], &pattern(a_l2, &offsets, &sizes, &strides), &s.l2_a);
            });
            ops::parallel_values(b, &[c0], &[herd_n], &[c1], |b, iv| {
                let col = iv[0];
                let offsets = [Ix::Const(0), col.into(), Ix::Const(0), Ix::Const(0), k_offset.into(), Ix::Const(0)];
                let sizes = [1, 1, s.tn / mn, s.tk1 / mk, mk, mn];
                let strides = [s.hn * s.tn * s.tk2, s.tn * s.tk2, mn, s.tn * mk, s.tn, 1];
                ops::put(b, &ch.b_l2l1, &[c0, col], &pattern(b_l2, &offsets, &sizes, &strides), &s.l2_b);
            });
        });
        ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &acc_operand, Some(&attrs), |b, herd| {
            let (tx, ty, h_acc) = (herd.ids[0], herd.ids[1], herd.args[0]);
            let a_l1 = ops::alloc(b, &s.l1_a);
            let b_l1 = ops::alloc(b, &s.l1_b);
            ops::for_range(b, 0, s.tk2 / s.tk1, 1, |b, _| {
                ops::get(b, &ch.a_l2l1, &[tx, ty], &whole(a_l1), &s.l1_a);
                ops::get(b, &ch.b_l2l1, &[tx, ty], &whole(b_l1), &s.l1_b);
                let view = core_view(b, h_acc, tx, ty);
                ops::call(b, &s.matmul_fn, &[a_l1, b_l1, view], &[&s.l1_a, &s.l1_b, &s.l1_acc_core]);
            });
            ops::dealloc(b, a_l1, &s.l1_a);
            ops::dealloc(b, b_l1, &s.l1_b);
        });
    });

    // Convert to bf16 and drain each core's tile to L2, row-major.
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &acc_operand, Some(&attrs), |b, herd| {
        let (tx, ty) = (herd.ids[0], herd.ids[1]);
        let view = core_view(b, herd.args[0], tx, ty);
        let drain = ops::alloc(b, &s.l1_drain);
        ops::call(b, &s.cast_fn, &[view, drain], &[&s.l1_acc_core, &s.l1_drain]);
        let src = pattern(
            drain,
            &[Ix::Const(0); 6],
            &[1, 1, s.tm / mm, mm, s.tn / mn, mn],
            &[s.tm * s.tn, s.tm * s.tn, mm * mn, mn, s.tm * mn, 1],
        );
        ops::put(b, &ch.c_l1l2, &[tx, ty], &src, &s.l1_drain);
        ops::dealloc(b, drain, &s.l1_drain);
    });
    ops::parallel_values(b, &[c0, c0], &[herd_m, herd_n], &[c1, c1], |b, iv| {
        let (row, col) = (iv[0], iv[1]);
        let dst = pattern(
            c_l2,
            &[row.into(), col.into(), Ix::Const(0), Ix::Const(0)],
            &[1, 1, s.tm, s.tn],
            &[s.hn * s.tm * s.tn, s.tm * s.tn, s.tn, 1],
        );
        ops::get(b, &ch.c_l1l2, &[row, col], &dst, &s.l2_c);
    });
    let c_src =
        pattern(c_l2, &[Ix::Const(0); 4], &[s.hm, s.tm, s.hn, s.tn], &[s.tm * s.hn * s.tn, s.tn, s.tm * s.tn, 1]);
    ops::put(b, &ch.c_l2l3, &[], &c_src, &s.l2_c);
    ops::dealloc(b, a_l2, &s.l2_a);
    ops::dealloc(b, b_l2, &s.l2_b);
    ops::dealloc(b, c_l2, &s.l2_c);
    ops::dealloc(b, acc, &s.l1_acc);
}

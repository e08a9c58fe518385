//! GEMV `C[M] = A[M x K] . B[K]` calling `@matvec_vectorized_bf16_bf16` and `@linalg_fill_bf16`
//! from `mv.o`, mirroring the raw-bindings
//! `programming_examples/matrix_vector_multiplication/bf16/matvec.py::build_module(m, k, tile_m,
//! m_input, herd_m, bf16, bf16)` the original o_gemv_ffn used: launch [M/(tile_m*herd_m), 1] ->
//! segment with L2 and L1 buffers -> `air.herd @herd_0` [herd_m, 1].
//!
//! The extern types depend on m_input, K and tile_m (`memref<m_input x K>`, `memref<K>`,
//! `memref<tile_m>`), so a K=2048 and a K=8192 GEMV declare the same symbols differently: the
//! multi-K extern conflict a merge must resolve by renaming.

use crate::ir::Builder;
use crate::ops::{self, pattern, whole, Ix, Level};
use crate::types::{self, L1, L2};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// One memtile's capacity, the limit upstream asserts for the L2 A and C buffers.
const L2_CAPACITY: u64 = 512 * 1024;

/// Matrix-vector product on bf16, externs from an object file (default `mv.o`).
#[derive(clap::Args, Clone, Debug)]
pub struct Gemv {
    /// Rows of A and length of C.
    #[arg(long, default_value_t = 2048)]
    pub m: u64,
    /// Columns of A and length of B.
    #[arg(long, default_value_t = 2048)]
    pub k: u64,
    /// Rows of C computed per tile per launch iteration.
    #[arg(long, default_value_t = 8)]
    pub tile_m: u64,
    /// Rows of A per extern call.
    #[arg(long, default_value_t = 4)]
    pub m_input: u64,
    /// Herd width (the herd is herd_m x 1).
    #[arg(long, default_value_t = 8)]
    pub herd_m: u64,
    /// The object file the externs and the herd link with.
    #[arg(long, default_value = "mv.o")]
    pub link_with: String,
    /// Launches in the kernel, each with its own segment name.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
}

impl Kernel for Gemv {
    fn build(&self) -> Result<String, GenError> {
        let Gemv { m, k, tile_m, m_input, herd_m, ref link_with, launches } = *self;
        ensure_positive(
            "gemv",
            &[("--m", m), ("--k", k), ("--tile-m", tile_m), ("--m-input", m_input), ("--herd-m", herd_m)],
        )?;
        ensure(herd_m <= 8, || format!("gemv: --herd-m ({herd_m}) is wider than an NPU2 row (8)"))?;
        ensure(launches >= 1, || "gemv: --launches must be at least 1".to_string())?;
        ensure_divides("gemv", "--m", m, "--tile-m * --herd-m", tile_m * herd_m)?;
        ensure_divides("gemv", "--tile-m", tile_m, "--m-input", m_input)?;
        ensure(k.is_multiple_of(64), || format!("gemv: --k ({k}) must be a multiple of 64 (vector width)"))?;
        let l2_bytes = herd_m * tile_m * k * 2 + herd_m * tile_m * 2;
        ensure(l2_bytes <= L2_CAPACITY, || {
            format!("gemv: L2 buffers need {l2_bytes} bytes, more than a memtile's {L2_CAPACITY}; reduce --herd-m, --tile-m or --k")
        })?;
        ensure(!link_with.is_empty() && !link_with.contains('"'), || {
            "gemv: --link-with must be a plain file name".to_string()
        })?;

        let bf = "bf16";
        let l3_a = types::memref(&[m, k], bf);
        let l3_b = types::memref(&[k], bf);
        let l3_c = types::memref(&[m], bf);
        let l2_a = types::memref_in(&[herd_m, tile_m, k], bf, L2);
        let l2_c = types::memref_in(&[herd_m, tile_m], bf, L2);
        let l1_a = types::memref_in(&[m_input, k], bf, L1);
        let l1_b = types::memref_in(&[k], bf, L1);
        let l1_c = types::memref_in(&[tile_m], bf, L1);
        let launch_map = ops::scale_map(tile_m * herd_m);
        let row_map = ops::scale_map(m_input);
        let matvec_types = ["i32", "i32", "i32", l1_a.as_str(), l1_b.as_str(), l1_c.as_str()];
        let fill_types = [bf, l1_c.as_str()];

        let mut b = Builder::new();
        ops::extern_decl(&mut b, "matvec_vectorized_bf16_bf16", &matvec_types, link_with);
        ops::extern_decl(&mut b, "linalg_fill_bf16", &fill_types, link_with);
        let arg_types = [l3_a.clone(), l3_b.clone(), l3_c.clone()];
        ops::func(&mut b, "matvec_bf16", &arg_types, |b, args| {
            for copy in 0..launches {
                let operands = ops::typed(args, &arg_types);
                ops::hierarchy(b, Level::Launch, None, &[m / tile_m / herd_m, 1], &operands, None, |b, launch| {
                    let segment_operands = [
                        (launch.ids[0], "index".to_string()),
                        (launch.args[0], l3_a.clone()),
                        (launch.args[1], l3_b.clone()),
                        (launch.args[2], l3_c.clone()),
                    ];
                    let segment = format!("matvec_bf16_0{}", copy_suffix(copy));
                    ops::hierarchy(b, Level::Segment, Some(&segment), &[], &segment_operands, None, |b, seg| {
                        let (ivx, a, bvec, c) = (seg.args[0], seg.args[1], seg.args[2], seg.args[3]);
                        let offset_m = ops::affine_apply(b, &launch_map, &[ivx]);
                        let a_l2 = ops::alloc(b, &l2_a);
                        let c_l2 = ops::alloc(b, &l2_c);
                        let a_l1 = ops::alloc(b, &l1_a);
                        let b_l1 = ops::alloc(b, &l1_b);
                        let c_l1 = ops::alloc(b, &l1_c);
                        let src = pattern(
                            a,
                            &[Ix::Const(0), offset_m.into(), Ix::Const(0)],
                            &[herd_m, tile_m, k],
                            &[tile_m * k, k, 1],
                        );
                        ops::dma(b, &whole(a_l2), &src, &l2_a, &l3_a);
                        let herd_operands = [
                            (a_l1, l1_a.clone()),
                            (b_l1, l1_b.clone()),
                            (c_l1, l1_c.clone()),
                            (a_l2, l2_a.clone()),
                            (bvec, l3_b.clone()),
                            (c_l2, l2_c.clone()),
                        ];
                        let attrs = format!("link_with = \"{link_with}\"");
                        ops::hierarchy(
                            b,
                            Level::Herd,
                            Some("herd_0"),
                            &[herd_m, 1],
                            &herd_operands,
                            Some(&attrs),
                            |b, herd| {
                                let tx = herd.ids[0];
                                let [h_a1, h_b1, h_c1, h_a2, h_b3, h_c2] = [0, 1, 2, 3, 4, 5].map(|i| herd.args[i]);
                                let zero = ops::float_lit(b, "0.000000e+00", bf);
                                ops::call(b, "linalg_fill_bf16", &[zero, h_c1], &fill_types);
                                ops::for_range(b, 0, tile_m / m_input, 1, |b, j| {
                                    let row = ops::affine_apply(b, &row_map, &[j]);
                                    // The whole vector B, straight from L3 (upstream's empty-offset form).
                                    let b_src = ops::Access {
                                        memref: h_b3,
                                        offsets: vec![],
                                        sizes: vec![Ix::Const(k)],
                                        strides: vec![Ix::Const(1)],
                                    };
                                    ops::dma(b, &whole(h_b1), &b_src, &l1_b, &l3_b);
                                    let a_src = pattern(
                                        h_a2,
                                        &[tx.into(), row.into(), Ix::Const(0)],
                                        &[1, m_input, k],
                                        &[tile_m * k, k, 1],
                                    );
                                    ops::dma(b, &whole(h_a1), &a_src, &l1_a, &l2_a);
                                    let row_i32 = b.num("arith.index_cast $0 : index to i32", &[row]);
                                    let m_i32 = ops::i32_const(b, m_input);
                                    let k_i32 = ops::i32_const(b, k);
                                    ops::call(
                                        b,
                                        "matvec_vectorized_bf16_bf16",
                                        &[m_i32, k_i32, row_i32, h_a1, h_b1, h_c1],
                                        &matvec_types,
                                    );
                                });
                                let c_dst = pattern(h_c2, &[tx.into(), Ix::Const(0)], &[1, tile_m], &[tile_m, 1]);
                                let c_src = ops::Access {
                                    memref: h_c1,
                                    offsets: vec![],
                                    sizes: vec![Ix::Const(tile_m)],
                                    strides: vec![Ix::Const(1)],
                                };
                                ops::dma(b, &c_dst, &c_src, &l2_c, &l1_c);
                            },
                        );
                        let c_dst = pattern(c, &[offset_m.into()], &[herd_m * tile_m], &[1]);
                        let c_src = pattern(c_l2, &[Ix::Const(0), Ix::Const(0)], &[herd_m, tile_m], &[tile_m, 1]);
                        ops::dma(b, &c_dst, &c_src, &l3_c, &l2_c);
                        ops::dealloc(b, a_l2, &l2_a);
                        ops::dealloc(b, c_l2, &l2_c);
                        ops::dealloc(b, a_l1, &l1_a);
                        ops::dealloc(b, b_l1, &l1_b);
                        ops::dealloc(b, c_l1, &l1_c);
                    });
                });
            }
        });
        Ok(b.finish())
    }
}

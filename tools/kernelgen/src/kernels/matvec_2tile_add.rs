//! `D = A . B + R` with two tiles per column and a cascade, mirroring
//! `programming_examples/matrix_vector_multiplication/bf16_cascade/matvec_2tile_add.py::
//! build_module(M, K, m=8, k=512, n_cores=8)` (stages 1 and 3 of the 3-launch o_gemv_ffn).
//!
//! Every transfer is a channel: per-core A puts and B/R broadcasts in the launch, A re-staged
//! through L2 in the segment, a `matvec_h` herd computing partial sums and passing them down
//! the `npu_cascade` channel to an `addr_h` herd that adds the residual, and per-core D gets in
//! the launch after the segment. Externs `@zero_vectorized_bf16`, `@matvec_vectorized_bf16`,
//! `@partial_plus_r_bf16` from `mv_bf16.o` do not depend on K, so the K=2048 and K=8192 stages
//! declare them identically.

use crate::ir::Builder;
use crate::ops::{self, pattern, whole, Ix, Level};
use crate::types::{self, L1, L2};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// The object holding the three externs.
const OBJECT: &str = "mv_bf16.o";
/// AIE2P cascade payload in bf16 lanes: the partial-sum buffer's length.
const CASCADE_WIDTH: u64 = 32;

/// Matrix-vector product plus residual on two herds of n_cores x 1 linked by a cascade.
#[derive(clap::Args, Clone, Debug)]
pub struct Matvec2TileAdd {
    /// Rows of A; length of R and D.
    #[arg(long, default_value_t = 2048)]
    pub m: u64,
    /// Columns of A; length of B.
    #[arg(long, default_value_t = 2048)]
    pub k: u64,
    /// Rows per matvec micro-tile.
    #[arg(long, default_value_t = 8)]
    pub tile_m: u64,
    /// K chunk per matvec micro-tile.
    #[arg(long, default_value_t = 512)]
    pub k_chunk: u64,
    /// Columns of each herd.
    #[arg(long, default_value_t = 8)]
    pub cores: u64,
    /// Launches in the kernel, each with its own segment and channel names.
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
}

impl Kernel for Matvec2TileAdd {
    fn build(&self) -> Result<String, GenError> {
        let Matvec2TileAdd { m: big_m, k: big_k, tile_m: m, k_chunk: k, cores, launches } = *self;
        ensure_positive(
            "matvec-2tile-add",
            &[("--m", big_m), ("--k", big_k), ("--tile-m", m), ("--k-chunk", k), ("--cores", cores)],
        )?;
        ensure(cores <= 8, || format!("matvec-2tile-add: --cores ({cores}) is wider than an NPU2 row (8)"))?;
        ensure(launches >= 1, || "matvec-2tile-add: --launches must be at least 1".to_string())?;
        ensure_divides("matvec-2tile-add", "--m", big_m, "--tile-m * --cores", m * cores)?;
        ensure_divides("matvec-2tile-add", "--k", big_k, "--k-chunk", k)?;
        ensure(m <= CASCADE_WIDTH, || {
            format!("matvec-2tile-add: --tile-m ({m}) must fit the cascade payload ({CASCADE_WIDTH})")
        })?;
        let m_per_core = big_m / cores;
        let tiles_per_core = m_per_core / m;
        let k_chunks = big_k / k;

        let bf = "bf16";
        let a_l3 = types::memref(&[big_m, big_k], bf);
        let b_l3 = types::memref(&[big_k], bf);
        let r_l3 = types::memref(&[big_m], bf);
        let a_chunk_l2 = types::memref_in(&[m * k], bf, L2);
        let a_chunk_l1 = types::memref_in(&[m * k], bf, L1);
        let b_l1 = types::memref_in(&[k], bf, L1);
        let r_l1 = types::memref_in(&[big_m], bf, L1);
        let partial_l1 = types::memref_in(&[CASCADE_WIDTH], bf, L1);
        let slice_l1 = types::memref_in(&[m], bf, L1);
        let slice_strided = types::strided_in(&[m], bf, &[1], Some(0), L1);

        let mut b = Builder::new();
        for copy in 0..launches {
            let sfx = copy_suffix(copy);
            let broadcast = format!("broadcast_shape = [{cores} : index, 1 : index]");
            ops::channel_decl(&mut b, &format!("memA{sfx}"), &[cores], None);
            ops::channel_decl(&mut b, &format!("inA{sfx}"), &[cores], None);
            ops::channel_decl(&mut b, &format!("inB{sfx}"), &[1, 1], Some(&broadcast));
            ops::channel_decl(&mut b, &format!("inR{sfx}"), &[1, 1], Some(&broadcast));
            ops::channel_decl(&mut b, &format!("partial_cas{sfx}"), &[cores], Some("channel_type = \"npu_cascade\""));
            ops::channel_decl(&mut b, &format!("outD{sfx}"), &[cores], None);
        }
        let slice = slice_l1.as_str();
        ops::extern_decl(&mut b, "zero_vectorized_bf16", &[slice], OBJECT);
        ops::extern_decl(&mut b, "matvec_vectorized_bf16", &[&a_chunk_l1, &b_l1, slice], OBJECT);
        ops::extern_decl(&mut b, "partial_plus_r_bf16", &[slice, &r_l1, "i32", slice], OBJECT);
        let arg_types = [a_l3.clone(), b_l3.clone(), r_l3.clone(), r_l3.clone()];
        ops::func(&mut b, "matvec_2tile_add", &arg_types, |b, args| {
            for copy in 0..launches {
                let sfx = copy_suffix(copy);
                let (mem_a, in_a, in_b, in_r) =
                    (format!("memA{sfx}"), format!("inA{sfx}"), format!("inB{sfx}"), format!("inR{sfx}"));
                let (cascade, out_d) = (format!("partial_cas{sfx}"), format!("outD{sfx}"));
                let operands = ops::typed(args, &arg_types);
                ops::hierarchy(b, Level::Launch, None, &[1, 1], &operands, None, |b, launch| {
                    let (a, bv, r, d) = (launch.args[0], launch.args[1], launch.args[2], launch.args[3]);
                    for core in 0..cores {
                        let col = ops::index(b, core);
                        let src = pattern(
                            a,
                            &[Ix::Const(core * tiles_per_core), Ix::Const(0), Ix::Const(0), Ix::Const(0)],
                            &[tiles_per_core, k_chunks, m, k],
                            &[m * big_k, k, big_k, 1],
                        );
                        ops::put(b, &mem_a, &[col], &src, &a_l3);
                    }
                    let b_src = pattern(bv, &[Ix::Const(0); 3], &[tiles_per_core, k_chunks, k], &[0, k, 1]);
                    ops::put(b, &in_b, &[], &b_src, &b_l3);
                    ops::put(b, &in_r, &[], &pattern(r, &[Ix::Const(0)], &[big_m], &[1]), &r_l3);
                    let segment = format!("seg{sfx}");
                    ops::hierarchy(b, Level::Segment, Some(&segment), &[], &[], None, |b, _| {
                        // Re-stage each core's A stream through L2.
                        for core in 0..cores {
                            let col = ops::index(b, core);
                            ops::for_range(b, 0, tiles_per_core * k_chunks, 1, |b, _| {
                                let buffer = ops::alloc(b, &a_chunk_l2);
                                ops::get(b, &mem_a, &[col], &whole(buffer), &a_chunk_l2);
                                ops::put(b, &in_a, &[col], &whole(buffer), &a_chunk_l2);
                                ops::dealloc(b, buffer, &a_chunk_l2);
                            });
                        }
                        // Pinned north of addr_h: the cascade flows north to south on AIE2P.
                        let attrs = format!("link_with = \"{OBJECT}\", x_loc = 0 : i64, y_loc = 3 : i64");
                        ops::hierarchy(b, Level::Herd, Some("matvec_h"), &[cores, 1], &[], Some(&attrs), |b, herd| {
                            let (tx, ty) = (herd.ids[0], herd.ids[1]);
                            ops::for_range(b, 0, tiles_per_core, 1, |b, _| {
                                let part = b.named(
                                    "alloc",
                                    &format!("memref.alloc() {{air.shrinkage = false}} : {partial_l1}"),
                                    &[],
                                );
                                let strided =
                                    ops::subview(b, part, &[Ix::Const(0)], &[m], &[1], &partial_l1, &slice_strided);
                                let part8 = b.named(
                                    "cast",
                                    &format!("memref.cast $0 : {slice_strided} to {slice_l1}"),
                                    &[strided],
                                );
                                ops::call(b, "zero_vectorized_bf16", &[part8], &[slice]);
                                ops::for_range(b, 0, k_chunks, 1, |b, _| {
                                    let b_buf = ops::alloc(b, &b_l1);
                                    ops::get(b, &in_b, &[tx, ty], &whole(b_buf), &b_l1);
                                    let a_buf = ops::alloc(b, &a_chunk_l1);
                                    ops::get(b, &in_a, &[tx], &whole(a_buf), &a_chunk_l1);
                                    ops::call(
                                        b,
                                        "matvec_vectorized_bf16",
                                        &[a_buf, b_buf, part8],
                                        &[&a_chunk_l1, &b_l1, slice],
                                    );
                                    ops::dealloc(b, a_buf, &a_chunk_l1);
                                    ops::dealloc(b, b_buf, &b_l1);
                                });
                                ops::put(b, &cascade, &[tx], &whole(part), &partial_l1);
                                ops::dealloc(b, part, &partial_l1);
                            });
                        });
                        let attrs = format!("link_with = \"{OBJECT}\", x_loc = 0 : i64, y_loc = 2 : i64");
                        ops::hierarchy(b, Level::Herd, Some("addr_h"), &[cores, 1], &[], Some(&attrs), |b, herd| {
                            let (tx, ty) = (herd.ids[0], herd.ids[1]);
                            let per_core = ops::i32_const(b, m_per_core);
                            let tile = ops::i32_const(b, m);
                            let tx_i32 = b.num("arith.index_cast $0 : index to i32", &[tx]);
                            let core_base = ops::binary(b, "arith.muli", tx_i32, per_core, "i32");
                            let r_buf = ops::alloc(b, &r_l1);
                            ops::get(b, &in_r, &[tx, ty], &whole(r_buf), &r_l1);
                            ops::for_range(b, 0, tiles_per_core, 1, |b, outer| {
                                let part = b.named(
                                    "alloc",
                                    &format!("memref.alloc() {{air.shrinkage = false}} : {partial_l1}"),
                                    &[],
                                );
                                let d_buf = ops::alloc(b, &slice_l1);
                                ops::get(b, &cascade, &[tx], &whole(part), &partial_l1);
                                let strided =
                                    ops::subview(b, part, &[Ix::Const(0)], &[m], &[1], &partial_l1, &slice_strided);
                                let part8 = b.named(
                                    "cast",
                                    &format!("memref.cast $0 : {slice_strided} to {slice_l1}"),
                                    &[strided],
                                );
                                let outer_i32 = b.num("arith.index_cast $0 : index to i32", &[outer]);
                                let iter_off = ops::binary(b, "arith.muli", outer_i32, tile, "i32");
                                let offset = ops::binary(b, "arith.addi", core_base, iter_off, "i32");
                                ops::call(
                                    b,
                                    "partial_plus_r_bf16",
                                    &[part8, r_buf, offset, d_buf],
                                    &[slice, &r_l1, "i32", slice],
                                );
                                ops::put(b, &out_d, &[tx], &whole(d_buf), &slice_l1);
                                ops::dealloc(b, d_buf, &slice_l1);
                                ops::dealloc(b, part, &partial_l1);
                            });
                            ops::dealloc(b, r_buf, &r_l1);
                        });
                    });
                    // Per-core D gets after the segment: program order is producer before consumer.
                    for core in 0..cores {
                        let col = ops::index(b, core);
                        let dst = pattern(d, &[Ix::Const(core * m_per_core)], &[m_per_core], &[1]);
                        ops::get(b, &out_d, &[col], &dst, &r_l3);
                    }
                });
            }
        });
        Ok(b.finish())
    }
}

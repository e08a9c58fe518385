//! The GEMM as upstream's builder emits it (`--form dma`, the default): `air.dma_memcpy_nd`
//! for every transfer, no channels.
//!
//! `air.launch` [M/(tile_m*herd_m), N/(tile_n*herd_n)] passes its ids and A, B, C to
//! `air.segment @matmul_seg`, which holds everything else, in the builder's order: the L2
//! buffers and the f32 accumulator (one L1 allocation of `herd_m * herd_n` per-core shares), the
//! launch offsets, the zero herd, the `scf.for` over K / tile_k_l2 with the A and B L3 -> L2
//! DMAs (4-D source patterns on the 2-D arguments) and the compute herd (its L2 -> L1 DMAs in
//! its own tile_k_l1 loop), the drain herd (f32 -> bf16 and L1 -> L2), then C L2 -> L3: 2-D on
//! the L3 side (`[herd_m*tile_m, herd_n*tile_n]` with strides `[N, 1]` at the launch's offsets),
//! 4-D on the L2 side. The DMAs are synchronous, as the builder writes them; the compiler's
//! `air-dependency` makes them asynchronous.
//!
//! The drain herd receives the L2 A and B buffers too, unused, as upstream passes them.

use super::{convert, multiply, zero_herd, Shapes};
use crate::ir::{Builder, Value};
use crate::ops::{self, whole, Level};

/// One launch and its segment.
pub(super) fn launch(b: &mut Builder, s: &Shapes, args: &[Value], arg_types: &[String], suffix: &str) {
    let operands = ops::typed(args, arg_types);
    ops::hierarchy(b, Level::Launch, None, &s.grid(), &operands, None, |b, launch| {
        let mut segment_operands = vec![(launch.ids[0], "index".to_string()), (launch.ids[1], "index".to_string())];
        segment_operands.extend(ops::typed(&launch.args, arg_types));
        let segment = format!("matmul_seg{suffix}");
        ops::hierarchy(b, Level::Segment, Some(&segment), &[], &segment_operands, None, |b, seg| {
            segment_body(b, s, &seg.args);
        });
    });
}

/// The segment: `args` are the launch ids x and y, then A, B and C.
fn segment_body(b: &mut Builder, s: &Shapes, args: &[Value]) {
    let (ivx, ivy, a, bm, c) = (args[0], args[1], args[2], args[3], args[4]);
    let a_l2 = ops::alloc(b, &s.l2_a);
    let b_l2 = ops::alloc(b, &s.l2_b);
    let c_l2 = ops::alloc(b, &s.l2_c);
    let acc = ops::alloc(b, &s.l1_acc);
    let row_offset = ops::affine_apply(b, &ops::scale_map(s.tm * s.hm), &[ivx]);
    let col_offset = ops::affine_apply(b, &ops::scale_map(s.tn * s.hn), &[ivy]);

    zero_herd(b, s, acc);

    // The K loop: stage one A and one B block in L2, then multiply them in the herd.
    ops::for_range(b, 0, s.k / s.tk2, 1, |b, step| {
        let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk2), &[step]);
        ops::dma(b, &whole(a_l2), &s.a_l3_block(a, row_offset, k_offset), &s.l2_a, &s.l3_a);
        ops::dma(b, &whole(b_l2), &s.b_l3_block(bm, k_offset, col_offset), &s.l2_b, &s.l3_b);
        compute_herd(b, s, acc, a_l2, b_l2);
    });

    drain_herd(b, s, [acc, a_l2, b_l2, c_l2]);
    ops::dma(b, &s.c_l3_block(c, row_offset, col_offset), &s.c_l2_rows(c_l2), &s.l3_c, &s.l2_c);
    ops::dealloc(b, a_l2, &s.l2_a);
    ops::dealloc(b, b_l2, &s.l2_b);
    ops::dealloc(b, c_l2, &s.l2_c);
    ops::dealloc(b, acc, &s.l1_acc);
}

/// Per core: A and B tiles L2 -> L1 per tile_k_l1 step, then the extern multiply.
fn compute_herd(b: &mut Builder, s: &Shapes, acc: Value, a_l2: Value, b_l2: Value) {
    let operands = [(acc, s.l1_acc.clone()), (a_l2, s.l2_a.clone()), (b_l2, s.l2_b.clone())];
    let attrs = s.herd_attrs();
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &operands, Some(&attrs), |b, herd| {
        let (tx, ty) = (herd.ids[0], herd.ids[1]);
        let (h_acc, h_a2, h_b2) = (herd.args[0], herd.args[1], herd.args[2]);
        let a_l1 = ops::alloc(b, &s.l1_a);
        let b_l1 = ops::alloc(b, &s.l1_b);
        ops::for_range(b, 0, s.tk2 / s.tk1, 1, |b, step| {
            let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk1), &[step]);
            ops::dma(b, &whole(a_l1), &s.a_l2_tile(h_a2, tx, k_offset), &s.l1_a, &s.l2_a);
            ops::dma(b, &whole(b_l1), &s.b_l2_tile(h_b2, ty, k_offset), &s.l1_b, &s.l2_b);
            multiply(b, s, a_l1, b_l1, h_acc, tx, ty);
        });
        ops::dealloc(b, a_l1, &s.l1_a);
        ops::dealloc(b, b_l1, &s.l1_b);
    });
}

/// Per core: convert the accumulator share to bf16 (unless C is f32) and DMA it to its tile of
/// L2 C.
/// `buffers` are the accumulator and the L2 A, B and C buffers.
fn drain_herd(b: &mut Builder, s: &Shapes, buffers: [Value; 4]) {
    let types = [&s.l1_acc, &s.l2_a, &s.l2_b, &s.l2_c];
    let operands: Vec<(Value, String)> = buffers.iter().zip(types).map(|(&v, ty)| (v, ty.clone())).collect();
    // An f32 C needs no extern: the accumulator share goes to L2 as it is.
    let attrs = (!s.out_f32).then(|| s.herd_attrs());
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &operands, attrs.as_deref(), |b, herd| {
        let (tx, ty) = (herd.ids[0], herd.ids[1]);
        let (h_acc, h_c2) = (herd.args[0], herd.args[3]);
        if s.out_f32 {
            ops::dma(b, &s.c_l2_tile(h_c2, tx, ty), &s.acc_rows(h_acc, tx, ty), &s.l2_c, &s.l1_acc);
            return;
        }
        let drain = convert(b, s, h_acc, tx, ty);
        ops::dma(b, &s.c_l2_tile(h_c2, tx, ty), &s.drain_rows(drain), &s.l2_c, &s.l1_drain);
        ops::dealloc(b, drain, &s.l1_drain);
    });
}

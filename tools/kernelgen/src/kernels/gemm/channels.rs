//! The GEMM with every transfer as an `air.channel.put`/`get` pair (`--form channels`), in the
//! form the AIR lowering (`air-dma-to-channel`) produces from upstream's DMAs (issue 3):
//! L3->L2 put in the launch and got in the segment, L2->L1 put in the segment (A broadcast along
//! herd rows, B along herd columns, as the broadcast specialisation declares them) and got in
//! the compute herd, L1->L2 put by the drain herd and got in the segment, L2->L3 put in the
//! segment and got in the launch after it.
//!
//! The segment-side puts and gets of the per-core channels sit in `scf.parallel` loops over the
//! herd rows / columns, whose variables index the channel bundle: the form `air-dma-to-channel`
//! gives a herd's DMA hoisted out to its segment. AIR's verifier rejects a temporal `scf.for`
//! variable as a bundle index.
//!
//! The AIR compiler rejects this form when the C readback needs more than four BD dimensions
//! (`air-opt-shim-dma-bds` leaves it in a loop nest with two runtime offsets, which
//! `airrt-to-npu` refuses): kept as a test case of a compiler rejection.

use super::{convert, multiply, zero_herd, Shapes};
use crate::ir::{Builder, Value};
use crate::ops::{self, whole, Level};

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

/// The module-level channels of one launch copy.
pub(super) fn declare_channels(b: &mut Builder, s: &Shapes, suffix: &str) {
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

/// One launch: the L3 -> L2 puts in a K loop, the segment, the C get after it.
pub(super) fn launch(b: &mut Builder, s: &Shapes, args: &[Value], arg_types: &[String], suffix: &str) {
    let ch = channels(suffix);
    let operands = ops::typed(args, arg_types);
    ops::hierarchy(b, Level::Launch, None, &s.grid(), &operands, None, |b, launch| {
        let (a, bm, c) = (launch.args[0], launch.args[1], launch.args[2]);
        let row_offset = ops::affine_apply(b, &ops::scale_map(s.tm * s.hm), &[launch.ids[0]]);
        let col_offset = ops::affine_apply(b, &ops::scale_map(s.tn * s.hn), &[launch.ids[1]]);
        // L3 -> L2: one A block and one B block per step of the K loop.
        ops::for_range(b, 0, s.k / s.tk2, 1, |b, step| {
            let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk2), &[step]);
            ops::put(b, &ch.a_l3l2, &[], &s.a_l3_block(a, row_offset, k_offset), &s.l3_a);
            ops::put(b, &ch.b_l3l2, &[], &s.b_l3_block(bm, k_offset, col_offset), &s.l3_b);
        });
        let segment = format!("matmul_seg{suffix}");
        ops::hierarchy(b, Level::Segment, Some(&segment), &[], &[], None, |b, _| segment_body(b, s, &ch));
        // L2 -> L3 after the segment, so program order is producer before consumer.
        ops::get(b, &ch.c_l2l3, &[], &s.c_l3_block(c, row_offset, col_offset), &s.l3_c);
    });
}

/// The segment: it reads nothing from L3 directly, so it has no operands.
fn segment_body(b: &mut Builder, s: &Shapes, ch: &Channels) {
    let a_l2 = ops::alloc(b, &s.l2_a);
    let b_l2 = ops::alloc(b, &s.l2_b);
    let c_l2 = ops::alloc(b, &s.l2_c);
    let acc = ops::alloc(b, &s.l1_acc);
    let c0 = ops::index(b, 0);
    let c1 = ops::index(b, 1);
    let herd_m = ops::index(b, s.hm);
    let herd_n = ops::index(b, s.hn);

    zero_herd(b, s, acc);

    // The K loop: stage A and B in L2, hand tiles to the cores, multiply.
    ops::for_range(b, 0, s.k / s.tk2, 1, |b, _| {
        ops::get(b, &ch.a_l3l2, &[], &whole(a_l2), &s.l2_a);
        ops::get(b, &ch.b_l3l2, &[], &whole(b_l2), &s.l2_b);
        ops::for_range(b, 0, s.tk2 / s.tk1, 1, |b, step| {
            let k_offset = ops::affine_apply(b, &ops::scale_map(s.tk1), &[step]);
            ops::parallel_values(b, &[c0], &[herd_m], &[c1], |b, iv| {
                ops::put(b, &ch.a_l2l1, &[iv[0], c0], &s.a_l2_tile(a_l2, iv[0], k_offset), &s.l2_a);
            });
            ops::parallel_values(b, &[c0], &[herd_n], &[c1], |b, iv| {
                ops::put(b, &ch.b_l2l1, &[c0, iv[0]], &s.b_l2_tile(b_l2, iv[0], k_offset), &s.l2_b);
            });
        });
        compute_herd(b, s, ch, acc);
    });

    drain_herd(b, s, ch, acc);
    ops::parallel_values(b, &[c0, c0], &[herd_m, herd_n], &[c1, c1], |b, iv| {
        let (row, col) = (iv[0], iv[1]);
        ops::get(b, &ch.c_l1l2, &[row, col], &s.c_l2_tile(c_l2, row, col), &s.l2_c);
    });
    ops::put(b, &ch.c_l2l3, &[], &s.c_l2_rows(c_l2), &s.l2_c);
    ops::dealloc(b, a_l2, &s.l2_a);
    ops::dealloc(b, b_l2, &s.l2_b);
    ops::dealloc(b, c_l2, &s.l2_c);
    ops::dealloc(b, acc, &s.l1_acc);
}

/// Per core: A and B tiles from the L2 -> L1 channels per tile_k_l1 step, then the multiply.
fn compute_herd(b: &mut Builder, s: &Shapes, ch: &Channels, acc: Value) {
    let operands = [(acc, s.l1_acc.clone())];
    let attrs = s.herd_attrs();
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &operands, Some(&attrs), |b, herd| {
        let (tx, ty, h_acc) = (herd.ids[0], herd.ids[1], herd.args[0]);
        let a_l1 = ops::alloc(b, &s.l1_a);
        let b_l1 = ops::alloc(b, &s.l1_b);
        ops::for_range(b, 0, s.tk2 / s.tk1, 1, |b, _| {
            ops::get(b, &ch.a_l2l1, &[tx, ty], &whole(a_l1), &s.l1_a);
            ops::get(b, &ch.b_l2l1, &[tx, ty], &whole(b_l1), &s.l1_b);
            multiply(b, s, a_l1, b_l1, h_acc, tx, ty);
        });
        ops::dealloc(b, a_l1, &s.l1_a);
        ops::dealloc(b, b_l1, &s.l1_b);
    });
}

/// Per core: convert to bf16 and put the tile, row-major, on the L1 -> L2 channel.
fn drain_herd(b: &mut Builder, s: &Shapes, ch: &Channels, acc: Value) {
    let operands = [(acc, s.l1_acc.clone())];
    let attrs = s.herd_attrs();
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &operands, Some(&attrs), |b, herd| {
        let (tx, ty) = (herd.ids[0], herd.ids[1]);
        let drain = convert(b, s, herd.args[0], tx, ty);
        ops::put(b, &ch.c_l1l2, &[tx, ty], &s.drain_rows(drain), &s.l1_drain);
        ops::dealloc(b, drain, &s.l1_drain);
    });
}

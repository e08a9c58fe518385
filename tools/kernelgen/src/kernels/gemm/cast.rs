//! The cast launch of the fused-cast method (`--method fused-cast`): the f32 C scratch the GEMM
//! launch wrote, converted to the bf16 output by a vectorised `arith.truncf` in L1, mirroring
//! mlir-air's `matrix_multiplication/bf16_in_bf16_out/run.py::_build_cast_module(m, n, f32,
//! tile_n=2048)`: `air.launch` over both 2-D arguments, each collapsed to 1-D, `air.segment
//! @cast_seg`, and an 8 x 1 `air.herd @herd_0` whose cores each convert one contiguous chunk,
//! `tile_n` elements per step (one 1-D DMA in and one out), 16 lanes per vector.

use crate::ir::{Builder, Value};
use crate::ops::{self, pattern, whole, Level};
use crate::types::{self, L1};

/// Cores of the cast herd (8 x 1) and the vector width, as upstream's defaults.
pub(super) const HERD_X: u64 = 8;
const LANES: u64 = 16;

/// The cast of `m x n` elements, `tile_n` per DMA.
pub(super) struct Cast {
    pub m: u64,
    pub n: u64,
    pub tile_n: u64,
}

impl Cast {
    /// Why the cast cannot be built, if it cannot: each core's chunk must be whole `tile_n`
    /// steps of whole vectors.
    pub fn check(&self) -> Result<(), String> {
        let (elems, tile_n) = (self.m * self.n, self.tile_n);
        if tile_n == 0 || !tile_n.is_multiple_of(LANES) {
            return Err(format!("gemm: the cast's --cast-tile-n ({tile_n}) must be a positive multiple of {LANES}"));
        }
        if !elems.is_multiple_of(HERD_X * tile_n) {
            return Err(format!(
                "gemm: --m * --n ({elems}) must be a multiple of {HERD_X} cores * --cast-tile-n ({tile_n}) for the cast launch"
            ));
        }
        Ok(())
    }

    /// `air.launch` converting `args[0]` (f32, 2-D) into `args[1]` (bf16, 2-D).
    pub fn launch(&self, b: &mut Builder, args: [Value; 2], segment: &str) {
        let elems = self.m * self.n;
        let two_d = [types::memref(&[self.m, self.n], "f32"), types::memref(&[self.m, self.n], "bf16")];
        let flat = [types::memref(&[elems], "f32"), types::memref(&[elems], "bf16")];
        let operands = ops::typed(&args, &two_d);
        ops::hierarchy(b, Level::Launch, None, &[], &operands, None, |b, launch| {
            let mut collapsed = Vec::new();
            for ((&value, from), to) in launch.args.iter().zip(&two_d).zip(&flat) {
                let text = format!("memref.collapse_shape $0 [[0, 1]] : {from} into {to}");
                collapsed.push((b.named("collapse_shape", &text, &[value]), to.clone()));
            }
            ops::hierarchy(b, Level::Segment, Some(segment), &[], &collapsed, None, |b, seg| {
                let operands = ops::typed(&seg.args, &flat);
                ops::hierarchy(b, Level::Herd, Some("herd_0"), &[HERD_X, 1], &operands, None, |b, herd| {
                    self.herd_body(b, [herd.ids[0], herd.ids[1]], [herd.args[0], herd.args[1]], &flat);
                });
            });
        });
    }

    fn herd_body(&self, b: &mut Builder, ids: [Value; 2], args: [Value; 2], flat: &[String; 2]) {
        let (tile_n, chunk) = (self.tile_n, self.m * self.n / HERD_X);
        let l1 = [types::memref_in(&[tile_n], "f32", L1), types::memref_in(&[tile_n], "bf16", L1)];
        let sub =
            [types::strided_in(&[LANES], "f32", &[1], None, L1), types::strided_in(&[LANES], "bf16", &[1], None, L1)];
        let vec = [format!("vector<{LANES}xf32>"), format!("vector<{LANES}xbf16>")];
        // The herd is 8 x 1, so `tx * herd_y + ty` is `s1 + s2`.
        let offset_map = format!("affine_map<()[s0, s1, s2] -> (s0 + {})>", ops::times("s1 + s2", chunk));
        let l1_in = ops::alloc(b, &l1[0]);
        let l1_out = ops::alloc(b, &l1[1]);
        let c0 = ops::index(b, 0);
        let pad = ops::float_lit(b, "0.000000e+00", "f32");
        ops::for_range(b, 0, chunk, tile_n, |b, iv| {
            let offset = ops::affine_apply(b, &offset_map, &[iv, ids[0], ids[1]]);
            ops::dma(b, &whole(l1_in), &pattern(args[0], &[offset.into()], &[tile_n], &[1]), &l1[0], &flat[0]);
            ops::for_range(b, 0, tile_n, LANES, |b, j| {
                let sub_in = ops::subview(b, l1_in, &[j.into()], &[LANES], &[1], &l1[0], &sub[0]);
                let sub_out = ops::subview(b, l1_out, &[j.into()], &[LANES], &[1], &l1[1], &sub[1]);
                let wide = ops::read(b, sub_in, &[c0], pad, &sub[0], &vec[0]);
                let text = format!("arith.truncf $0 : {} to {}", vec[0], vec[1]);
                let narrow = b.num(&text, &[wide]);
                ops::write(b, narrow, sub_out, &[c0], &vec[1], &sub[1]);
            });
            ops::dma(b, &pattern(args[1], &[offset.into()], &[tile_n], &[1]), &whole(l1_out), &flat[1], &l1[1]);
        });
        ops::dealloc(b, l1_in, &l1[0]);
        ops::dealloc(b, l1_out, &l1[1]);
    }
}

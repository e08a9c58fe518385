//! The kernels, one file each, and the launch scaffolding several of them share.

pub mod add;
pub mod gemm;
pub mod gemv;
pub mod matvec_2tile_add;
pub mod matvec_swiglu_rms;
pub mod rmsnorm;
pub mod rope;
pub mod row_add;
pub mod silu_mul;

use crate::ir::{Builder, Value};
use crate::ops::{self, Level};

/// `air.launch () in () args(...)` over the function arguments; inside it, the arguments whose
/// `flatten` entry is set are collapsed to `flat_ty` with `memref.collapse_shape [[0, 1]]`, and
/// an `air.segment @segment` receives the (collapsed) values. `body` builds the segment body
/// from the segment's block arguments. This is the shape of upstream's `_build_add_2d_to_2d`,
/// `silu_and_mul.build_module_2d` and `_build_rope_2d`.
pub(crate) fn launch_flatten_segment(
    b: &mut Builder,
    args: &[Value],
    arg_types: &[String],
    flatten: &[bool],
    flat_ty: &str,
    segment: &str,
    body: impl FnOnce(&mut Builder, &[Value]),
) {
    let operands = ops::typed(args, arg_types);
    ops::hierarchy(b, Level::Launch, None, &[], &operands, None, |b, launch| {
        let mut segment_operands = Vec::new();
        for (i, (&value, ty)) in launch.args.iter().zip(arg_types).enumerate() {
            if flatten.get(i).copied().unwrap_or(false) {
                let collapse = format!("memref.collapse_shape $0 [[0, 1]] : {ty} into {flat_ty}");
                let flat = b.named("collapse_shape", &collapse, &[value]);
                segment_operands.push((flat, flat_ty.to_string()));
            } else {
                segment_operands.push((value, ty.clone()));
            }
        }
        ops::hierarchy(b, Level::Segment, Some(segment), &[], &segment_operands, None, |b, seg| body(b, &seg.args));
    });
}

/// `memref.collapse_shape` of the flagged arguments in the function body; returns the herd
/// operands. The `--bare` forms of `add --2d` and `rope` use it.
pub(crate) fn flatten_in_body(
    b: &mut Builder,
    args: &[Value],
    arg_types: &[String],
    flatten: &[bool],
    flat_ty: &str,
) -> Vec<(Value, String)> {
    let mut operands = Vec::new();
    for ((&value, ty), &flag) in args.iter().zip(arg_types).zip(flatten) {
        if flag {
            let collapse = format!("memref.collapse_shape $0 [[0, 1]] : {ty} into {flat_ty}");
            operands.push((b.named("collapse_shape", &collapse, &[value]), flat_ty.to_string()));
        } else {
            operands.push((value, ty.clone()));
        }
    }
    operands
}

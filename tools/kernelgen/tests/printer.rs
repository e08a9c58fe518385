//! The builder names values and aliases exactly as MLIR's printer does: a module built with it
//! from core-dialect ops (no AIR) must come back unchanged from `mlir-opt-22`, which parses,
//! verifies and re-prints it. Skipped when mlir-opt-22 is not installed, except under CI=true.

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_kernelgen::ir::Builder;
use air_kernelgen::ops::{self, Ix};
use air_kernelgen::types::{self, L1};
use std::process::Command;

/// Everything the kernels rely on for naming: function and loop arguments, index/i32/float
/// constants with conflicts, numbered results continuing into nested regions, sibling loops and
/// `scf.if` branches reusing names, subviews and casts, aliases numbered in order of first use,
/// `scf.parallel` with the terminator the printer writes (`scf.reduce `).
fn sample_module() -> String {
    let bf = "bf16";
    let row = types::memref_in(&[64], bf, L1);
    let view = types::strided_in(&[16], bf, &[1], None, L1);
    let one = types::strided_in(&[1], "f32", &[1], None, L1);
    let acc_ty = types::memref_in(&[4], "f32", L1);
    let vec = "vector<16xbf16>";
    let mut b = Builder::new();
    ops::extern_decl(&mut b, "kernel", &[&row, "i32"], "k.o");
    let arg_types = [types::memref(&[4, 64], bf), "index".to_string()];
    ops::func(&mut b, "sample", &arg_types, |b, args| {
        let a = ops::alloc(b, &row);
        let out = ops::alloc(b, &row);
        let acc = ops::alloc(b, &acc_ty);
        let c0 = ops::index(b, 0);
        let c1 = ops::index(b, 1);
        let cst = ops::float_lit(b, "0.000000e+00", bf);
        let zero_f32 = ops::float_lit(b, "0.000000e+00", "f32");
        let n = ops::i32_const(b, 64);
        let start = ops::affine_apply(b, &ops::scale_map(64), &[args[1]]);
        ops::call(b, "kernel", &[a, n], &[&row, "i32"]);
        ops::for_range(b, 0, 4, 1, |b, i| {
            let offset = ops::affine_apply(b, "affine_map<()[s0, s1] -> (s0 + s1)>", &[i, start]);
            let is_first = b.num("arith.cmpi eq, $0, $1 : index", &[i, c0]);
            let (then_region, _) = b.build_region(0, |b, _| {
                ops::for_range(b, 0, 64, 16, |b, j| {
                    let sub = ops::subview(b, a, &[j.into()], &[16], &[1], &row, &view);
                    let v = ops::read(b, sub, &[c0], cst, &view, vec);
                    let sq = ops::binary(b, "arith.mulf", v, v, vec);
                    let sub_out = ops::subview(b, out, &[j.into()], &[16], &[1], &row, &view);
                    ops::write(b, sq, sub_out, &[c0], vec, &view);
                });
            });
            let (else_region, _) = b.build_region(0, |b, _| {
                let slot = ops::subview(b, acc, &[i.into()], &[1], &[1], &acc_ty, &one);
                let x = b.num(&format!("memref.load $0[$1] : {one}"), &[slot, c0]);
                let y = ops::binary(b, "arith.addf", x, zero_f32, "f32");
                b.op0(&format!("memref.store $0, $1[$2] : {one}"), &[y, slot, c0]);
            });
            b.op(&[], "scf.if $0 $r0 else $r1", &[is_first], &[then_region, else_region]);
            let idx = b.num("arith.index_cast $0 : index to i32", &[offset]);
            let _ = ops::binary(b, "arith.addi", idx, n, "i32");
        });
        ops::for_values(b, c0, c1, c1, |b, _| {
            let sub = ops::subview(
                b,
                a,
                &[Ix::Const(0)],
                &[16],
                &[1],
                &row,
                &types::strided_in(&[16], bf, &[1], Some(0), L1),
            );
            let cast = b.named(
                "cast",
                &format!(
                    "memref.cast $0 : {} to {}",
                    types::strided_in(&[16], bf, &[1], Some(0), L1),
                    types::memref_in(&[16], bf, L1)
                ),
                &[sub],
            );
            ops::dealloc(b, cast, &types::memref_in(&[16], bf, L1));
            ops::dealloc(b, a, &row);
        });
        ops::parallel_values(b, &[c0], &[c1], &[c1], |b, iv| {
            b.op0(&format!("memref.store $0, $1[$2] : {acc_ty}"), &[zero_f32, acc, iv[0]]);
        });
        ops::parallel_values(b, &[c0, c0], &[c1, c1], &[c1, c1], |b, iv| {
            let sum = b.num("arith.addi $0, $1 : index", &[iv[0], iv[1]]);
            b.op0(&format!("memref.store $0, $1[$2] : {acc_ty}"), &[zero_f32, acc, sum]);
        });
        ops::dealloc(b, out, &row);
        ops::dealloc(b, acc, &acc_ty);
    });
    b.finish()
}

#[test]
fn builder_names_values_exactly_as_mlir_opt_prints_them() {
    let Some(mlir_opt) = air_testkit::mlir_opt() else { return };
    let module = sample_module();
    let output = air_testkit::run_with_stdin(&mut Command::new(mlir_opt), module.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "mlir-opt rejected the module:\n{stderr}\n{module}");
    let reprinted = String::from_utf8(output.stdout).unwrap();
    // mlir-opt ends its output with one more newline than the module text.
    assert_eq!(reprinted.trim_end(), module.trim_end(), "mlir-opt prints the module differently");
}

//! The code inside every herd of every fixture kernel is valid MLIR: each herd body becomes a
//! `func.func` (its block arguments as function arguments, AIR data movement dropped, since the
//! AIR dialect is not registered in upstream MLIR) and `mlir-opt-22` must parse and verify the
//! result: types, vector/memref/arith/scf op forms, aliases and extern calls. Skipped when
//! mlir-opt-22 is not installed, except under CI=true.

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_kernelgen::testdata::fixtures;
use air_syntax::views::{all_ops, FuncOp, Hierarchy, HierarchyKind};
use std::process::Command;

/// The module of herd functions for one kernel.
fn herds_as_functions(kernel: &str) -> String {
    let parse = air_syntax::parse(kernel);
    let root = parse.tree.root();
    let mut out = String::new();
    // Attribute aliases are the lines before `module {`.
    for line in kernel.lines().take_while(|l| l.starts_with('#')) {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("module {\n");
    for op in all_ops(root) {
        if let Some(func) = FuncOp::cast(op).filter(FuncOp::is_declaration) {
            out.push_str(&format!("  {}\n", func.op().node().text().trim()));
        }
    }
    let herds = all_ops(root).filter_map(Hierarchy::cast).filter(|h| h.kind == HierarchyKind::Herd);
    for (n, herd) in herds.enumerate() {
        let mut args: Vec<String> = herd.ids().iter().map(|id| format!("{}: index", id.text().trim())).collect();
        args.extend(herd.sizes().iter().map(|size| format!("{}: index", size.inner.text().trim())));
        for arg in herd.kernel_args() {
            let ty = arg.ty.map(|t| t.text().trim().to_string()).unwrap_or_default();
            args.push(format!("{}: {ty}", arg.inner.text().trim()));
        }
        out.push_str(&format!("  func.func @herd{n}({}) {{\n", args.join(", ")));
        let body = herd.body().map(|b| b.text()).unwrap_or_default();
        let inner = body.trim().trim_start_matches('{').trim_end_matches('}');
        for line in inner.lines() {
            let op = line.trim_start();
            if op.is_empty() || op.starts_with("air.dma_memcpy_nd") || op.starts_with("air.channel.") {
                continue;
            }
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("    return\n  }\n");
    }
    out.push_str("}\n");
    out
}

#[test]
fn herd_bodies_of_every_fixture_verify_in_mlir() {
    let Some(mlir_opt) = air_testkit::mlir_opt() else { return };
    for fixture in fixtures() {
        let module = herds_as_functions(&fixture.generate().unwrap());
        assert!(module.contains("func.func @herd0"), "{}: no herd found", fixture.file);
        let output = air_testkit::run_with_stdin(&mut Command::new(&mlir_opt), module.as_bytes());
        assert!(
            output.status.success(),
            "{}: mlir-opt rejected the herd code:\n{}\n{module}",
            fixture.file,
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

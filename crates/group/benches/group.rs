//! Planning a 16-kernel layer with `group`: the shipped prefill layer
//! (testdata/layers/llama32_1b_prefill.toml, 15 kernels) plus a final RMSNorm, every candidate
//! merged and checked by check-bd in memory. Kernel files are parsed once, outside the loop
//! (`group` parses each once too); a second figure includes that parse, a third is the layer's
//! roles and their replay on the planned groups.
#![allow(clippy::expect_used)]

use air_diagnostics::FileId;
use air_group::{calls::layer_calls, check_kernels, parse_layer, plan_groups, KernelInput};
use air_merge::slice::ParsedSlice;
use criterion::{criterion_group, criterion_main, Criterion};
use std::collections::BTreeMap;

const LAYER: &str = include_str!("../../../testdata/layers/llama32_1b_prefill.toml");

/// The kernel files the layer names, by their path in it.
fn kernel_texts() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        ("../kernels/rmsnorm_2048x2048.mlir", include_str!("../../../testdata/kernels/rmsnorm_2048x2048.mlir")),
        ("../kernels/gemm_2048x2048x2048.mlir", include_str!("../../../testdata/kernels/gemm_2048x2048x2048.mlir")),
        ("../kernels/gemm_2048x2048x512.mlir", include_str!("../../../testdata/kernels/gemm_2048x2048x512.mlir")),
        ("../kernels/gemm_2048x2048x8192.mlir", include_str!("../../../testdata/kernels/gemm_2048x2048x8192.mlir")),
        ("../kernels/gemm_2048x8192x2048.mlir", include_str!("../../../testdata/kernels/gemm_2048x8192x2048.mlir")),
        ("../kernels/rope_2048x2048.mlir", include_str!("../../../testdata/kernels/rope_2048x2048.mlir")),
        ("../kernels/rope_2048x512.mlir", include_str!("../../../testdata/kernels/rope_2048x512.mlir")),
        ("../kernels/add_2d_2048x2048.mlir", include_str!("../../../testdata/kernels/add_2d_2048x2048.mlir")),
        (
            "../kernels/add_2d_2048x2048_out_1d.mlir",
            include_str!("../../../testdata/kernels/add_2d_2048x2048_out_1d.mlir"),
        ),
        ("../kernels/silu_mul_2d_2048x8192.mlir", include_str!("../../../testdata/kernels/silu_mul_2d_2048x8192.mlir")),
    ])
}

/// The prefill layer with a 16th kernel: the next block's RMSNorm of the residual.
fn layer_text() -> String {
    format!(
        "{LAYER}\n[[buffer]]\nname = \"normed_next\"\ntype = \"memref<2048x2048xbf16>\"\n\n[[kernel]]\nname = \"rn\"\nfile = \"../kernels/rmsnorm_2048x2048.mlir\"\nargs = [\"res1\", \"norm_w\", \"normed_next\"]\n"
    )
}

fn parse_kernels(layer: &air_group::layer::Layer) -> Vec<KernelInput> {
    let texts = kernel_texts();
    layer
        .kernels
        .iter()
        .enumerate()
        .map(|(idx, k)| KernelInput {
            slice: k.file.as_deref().map(|f| ParsedSlice::new(FileId(idx as u32 + 1), f, texts[f])),
        })
        .collect()
}

fn bench_group(c: &mut Criterion) {
    let text = layer_text();
    let layer = parse_layer(&text, FileId(0)).expect("layer");
    assert_eq!(layer.kernels.len(), 16);
    let inputs = parse_kernels(&layer);
    assert!(check_kernels(&layer, &inputs).is_empty());
    let grouping = plan_groups(&layer, &inputs);
    assert_eq!(grouping.groups.len(), 3, "6 + attention + 9");
    let mut group = c.benchmark_group("group_16_kernels");
    group.sample_size(10);
    group.bench_function("plan", |b| b.iter(|| plan_groups(&layer, &inputs)));
    // The layer's roles (each group's dataflow, the cross-call facts) and the two-invocation
    // replay, on the planned groups: what every `group` run adds to planning.
    assert!(layer_calls(&layer, &grouping).stale.is_empty());
    group.bench_function("layer_calls", |b| b.iter(|| layer_calls(&layer, &grouping).stale.len()));
    group.bench_function("parse_and_plan", |b| {
        b.iter(|| {
            let layer = parse_layer(&text, FileId(0)).expect("layer");
            let inputs = parse_kernels(&layer);
            plan_groups(&layer, &inputs)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_group);
criterion_main!(benches);

//! Merge throughput and scaling: parse, pipeline, assembly, and the internal re-parse and
//! equivalence checks, on 3 synthetic slices of 0.1 to 6.4 MB in total.
#![allow(clippy::expect_used)]

use air_diagnostics::FileId;
use air_merge::merge::merge;
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::slice::ParsedSlice;
use air_testkit::synthetic::synthetic_slice;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn bench_merge(c: &mut Criterion) {
    let mut group = c.benchmark_group("merge_3_slices");
    group.sample_size(10);
    for launches_per_slice in [15usize, 60, 240, 960] {
        let texts: Vec<String> = (0..3).map(|_| synthetic_slice(launches_per_slice)).collect();
        let total: usize = texts.iter().map(String::len).sum();
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{:.1}MB", total as f64 / 1e6)),
            &texts,
            |b, texts| {
                b.iter(|| {
                    let slices: Vec<ParsedSlice> = texts
                        .iter()
                        .enumerate()
                        .map(|(idx, text)| ParsedSlice::new(FileId(idx as u32), format!("s{idx}.mlir"), text))
                        .collect();
                    let plan = zero_config_plan("fused", &slices, &[], &Default::default()).expect("plan");
                    merge(&plan, slices).expect("merge")
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_merge);
criterion_main!(benches);

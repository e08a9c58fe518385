//! Each phase of a merge on its own, on the two shapes of issue 16: three large slices (the
//! synthetic GEMM kernels, 1.6 MB) and many small ones (real upstream test files that merge
//! together, `common::corpus_slices`, 0.8 and 1.6 MB). The earlier phases run in each
//! benchmark's set-up, untimed. Reading and writing files are the CLI's: docs/performance.md
//! times them end to end (`tools/merge-vs-stitch-elf.py`).
#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

mod common;

use air_diagnostics::FileId;
use air_merge::merge::{merge, phases};
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::plan::MergePlan;
use air_merge::slice::ParsedSlice;
use air_testkit::synthetic::synthetic_slice;
use common::corpus_slices;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

type Input = Vec<(String, String)>;

fn few_large() -> Input {
    (0..3).map(|idx| (format!("s{idx}.mlir"), synthetic_slice(240))).collect()
}

/// The valid corpus files (the pinned upstream corpus; the benchmark needs it).
fn corpus_candidates() -> Input {
    let dir = air_testkit::corpus_dir().expect("the upstream corpus (see README: fetch-corpus)");
    air_testkit::corpus_files(&dir)
        .into_iter()
        .filter(|file| file.valid && !file.split)
        .filter_map(|file| {
            let text = std::fs::read_to_string(&file.path).ok()?;
            Some((file.relpath, text))
        })
        .collect()
}

fn parse_all(input: &Input) -> Vec<ParsedSlice> {
    input
        .iter()
        .enumerate()
        .map(|(idx, (name, text))| ParsedSlice::new(FileId(idx as u32), name.clone(), text))
        .collect()
}

fn plan_of(slices: &[ParsedSlice]) -> MergePlan {
    zero_config_plan("fused", slices, &[], &Default::default()).expect("plan")
}

fn bench_shape(c: &mut Criterion, name: &str, input: &Input) {
    let bytes: usize = input.iter().map(|(_, text)| text.len()).sum();
    let slices = parse_all(input);
    let plan = plan_of(&slices);
    assert!(merge(&plan, parse_all(input)).is_ok(), "{name}: the input must merge");
    let mut group = c.benchmark_group(format!("{name}_{}slices_{:.1}MB", input.len(), bytes as f64 / 1e6));
    group.sample_size(10).throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("parse", |b| b.iter(|| parse_all(input)));
    group.bench_function("plan", |b| b.iter(|| plan_of(&slices)));
    group.bench_function("check", |b| b.iter(|| phases::check(&plan, &slices).ok().is_some()));
    group.bench_function("passes", |b| {
        b.iter_batched(
            || phases::check(&plan, &slices).ok().unwrap(),
            |mut checked| phases::passes(&plan, &mut checked).ok().is_some(),
            BatchSize::LargeInput,
        )
    });
    let mut checked = phases::check(&plan, &slices).ok().unwrap();
    let shared = phases::passes(&plan, &mut checked).ok().unwrap();
    group.bench_function("assembly", |b| b.iter(|| phases::assembly(&plan, &checked).text.len()));
    let assembled = phases::assembly(&plan, &checked);
    for threads in [1, 2] {
        group.bench_function(format!("equivalence_{threads}thread"), |b| {
            b.iter(|| phases::equivalence(&checked, &assembled, &shared, threads).len())
        });
    }
    group.bench_function("final_parse", |b| {
        b.iter_batched(
            || {
                (
                    phases::assembly(&plan, &checked),
                    phases::passes(&plan, &mut phases::check(&plan, &slices).ok().unwrap()).ok().unwrap(),
                )
            },
            |(assembled, shared)| phases::final_parse(assembled, shared).ok().is_some(),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("whole_merge", |b| {
        b.iter_batched(|| parse_all(input), |slices| merge(&plan, slices).is_ok(), BatchSize::LargeInput)
    });
    group.finish();
}

fn bench_phases(c: &mut Criterion) {
    bench_shape(c, "few_large", &few_large());
    let candidates = corpus_candidates();
    for target in [800_000, 1_600_000] {
        bench_shape(c, "many_small", &corpus_slices(&candidates, target));
    }
}

criterion_group!(benches, bench_phases);
criterion_main!(benches);

//! check-merge's host-side cost on the reference plan o_gemv_ffn (15 arguments, 104 MiB of
//! inputs): seeding the inputs, binding them, and a whole run through the recording backend (a
//! test double: its kernels copy nothing but their outputs, so the figure is the
//! orchestration's own work — allocation, writes, reads back, the comparisons).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use air_check_merge::{Artifacts, RunOptions};
use air_device::recording::RecordingBackend;
use air_device::Artifact;
use air_diagnostics::FileId;
use air_merge::plan::parse_plan;
use air_merge::slice::ParsedSlice;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

fn layout() -> air_check_merge::Layout {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/plans");
    let plan = parse_plan(&std::fs::read_to_string(root.join("o_gemv_ffn.toml")).unwrap(), FileId(0)).unwrap();
    let slices: Vec<ParsedSlice> = plan
        .slices
        .iter()
        .enumerate()
        .map(|(i, s)| {
            ParsedSlice::new(FileId(i as u32 + 1), &s.file, &std::fs::read_to_string(root.join(&s.file)).unwrap())
        })
        .collect();
    let merged = air_merge::merge::finish(air_merge::merge::stitch(&plan, &slices).unwrap()).unwrap();
    air_check_merge::prepare(&plan, &slices, &merged, FileId(9)).unwrap()
}

fn artifact(name: &str) -> Artifact {
    Artifact::Elf { elf: name.as_bytes().to_vec(), kernel_name: format!("main:{name}") }
}

fn bench(c: &mut Criterion) {
    let layout = layout();
    let mut group = c.benchmark_group("check_merge_o_gemv_ffn");
    group.sample_size(10);
    group.bench_function("generate_inputs", |b| b.iter(|| air_check_merge::generate_inputs(&layout, 0)));
    let members: Vec<(String, Vec<u8>)> =
        air_check_merge::generate_inputs(&layout, 0).into_iter().map(|g| (g.member, g.npy)).collect();
    group.bench_function("bind_inputs", |b| b.iter(|| air_check_merge::bind_inputs(&layout, &members).unwrap()));
    let (inputs, _) = air_check_merge::bind_inputs(&layout, &members).unwrap();
    // Each kernel fills what it writes with one byte pattern, the same merged and unmerged.
    let outputs: [(&str, &[usize]); 3] = [("s1", &[3]), ("s2", &[2]), ("s3", &[3])];
    group.bench_function("run_recording_backend", |b| {
        b.iter(|| {
            let mut backend = RecordingBackend::new();
            for (name, outs) in outputs {
                let outs = outs.to_vec();
                backend.kernel(artifact(name), name, Duration::from_micros(100), move |args| {
                    outs.iter().for_each(|&o| args[o].fill(0x3f));
                    Ok(())
                });
            }
            backend.kernel(artifact("merged"), "merged", Duration::from_micros(200), |args| {
                for o in [6usize, 11, 14] {
                    // %arg6: only its row 0 (the alias s1 writes).
                    let end = if o == 6 { 4096 } else { args[o].len() };
                    args[o][..end].fill(0x3f);
                }
                Ok(())
            });
            let artifacts = Artifacts { merged: artifact("merged"), slices: ["s1", "s2", "s3"].map(artifact).to_vec() };
            let options = RunOptions { compare: Default::default(), iterations: 1, warmup: 0 };
            air_check_merge::run(&layout, &inputs, &artifacts, &mut backend, &options).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

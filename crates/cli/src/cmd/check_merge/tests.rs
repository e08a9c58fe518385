//! check-merge's text and JSON reports, rendered from the library's report of a run through the
//! recording backend (a test double: no NPU exists here) on the shipped small case
//! (`testdata/check-merge/silu_add.toml`). Its kernels are Rust functions: SiLU-and-mul and an
//! add on bf16, and the merged kernel both of them through the plan's alias (the first 2048
//! elements of argument 2). Snapshotted under `snapshots/check-merge/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::render;
use crate::load::merged as load;
use air_arrays::compare::Options;
use air_check_merge::{bf16_bits, Artifacts, CheckMergeReport, Layout, RunOptions};
use air_device::recording::RecordingBackend;
use air_device::Artifact;
use air_diagnostics::SourceMap;
use std::time::Duration;

fn bf16(bytes: &[u8], j: usize) -> f32 {
    f32::from_bits(u32::from(u16::from_le_bytes([bytes[2 * j], bytes[2 * j + 1]])) << 16)
}

fn put(bytes: &mut [u8], j: usize, x: f32) {
    bytes[2 * j..2 * j + 2].copy_from_slice(&bf16_bits(x).to_le_bytes());
}

fn silu_mul(args: &mut [Vec<u8>]) {
    for j in 0..args[2].len() / 2 {
        let (g, u) = (bf16(&args[0], j), bf16(&args[1], j));
        put(&mut args[2], j, g / (1.0 + (-g).exp()) * u);
    }
}

fn add(a: &[u8], b: &[u8], out: &mut [u8], stale: bool) {
    for j in 0..out.len() / 2 {
        // A stale kernel adds what the output buffer held before.
        let old = if stale { bf16(out, j) } else { 0.0 };
        put(out, j, bf16(a, j) + bf16(b, j) + old);
    }
}

fn artifact(name: &str) -> Artifact {
    Artifact::Xclbin { xclbin: name.as_bytes().to_vec(), insts: vec![3], kernel_name: "MLIR_AIE".to_string() }
}

/// A run of the small case; `broken`: the merged SiLU negates its output and the merged add
/// reads its output buffer before writing it.
fn report(broken: bool) -> (CheckMergeReport, Layout) {
    let mut sources = SourceMap::new();
    let plan = air_testkit::repo_root().join("testdata/check-merge/silu_add.toml");
    let loaded = load::load(&plan, &mut sources).unwrap_or_else(|_| panic!("the small case loads"));
    let bytes = std::fs::read(air_testkit::repo_root().join("testdata/check-merge/inputs.npz")).unwrap();
    let members: Vec<(String, Vec<u8>)> = air_arrays::formats::npz_members(&bytes)
        .unwrap()
        .into_iter()
        .map(|m| {
            let npy = air_arrays::formats::npz_member(&bytes, &m).unwrap().into_owned();
            (m, npy)
        })
        .collect();
    let (inputs, _) = air_check_merge::bind_inputs(&loaded.layout, &members).unwrap();
    let mut backend = RecordingBackend::new();
    backend.kernel(artifact("sm"), "sm", Duration::from_micros(120), |args| {
        silu_mul(args);
        Ok(())
    });
    backend.kernel(artifact("ad"), "ad", Duration::from_micros(80), |args| {
        let (a, rest) = args.split_at_mut(1);
        let (b, out) = rest.split_at_mut(1);
        add(&a[0], &b[0], &mut out[0], false);
        Ok(())
    });
    backend.kernel(artifact("merged"), "merged", Duration::from_micros(150), move |args| {
        silu_mul(args);
        if broken {
            args[2].chunks_exact_mut(2).for_each(|c| c[1] ^= 0x80);
        }
        let head = args[2][..4096].to_vec();
        let residual = args[3].clone();
        add(&head, &residual, &mut args[4], broken);
        Ok(())
    });
    let artifacts = Artifacts { merged: artifact("merged"), slices: vec![artifact("sm"), artifact("ad")] };
    let options = RunOptions { compare: Options::default(), iterations: 3, warmup: 1 };
    let report = air_check_merge::run(&loaded.layout, &inputs, &artifacts, &mut backend, &options).unwrap();
    (report, loaded.layout)
}

fn rendered(report: &CheckMergeReport, layout: &Layout) -> String {
    let fields: serde_json::Map<String, serde_json::Value> = render::document(report, layout).into_iter().collect();
    let diagnostics: Vec<String> = report
        .diagnostics()
        .iter()
        .map(|d| {
            format!(
                "{} {}: {}\n  help: {}",
                format!("{:?}", d.severity).to_lowercase(),
                d.code,
                d.message,
                d.help.as_deref().unwrap_or("-")
            )
        })
        .collect();
    format!(
        "--- text (standard output)\n{}--- diagnostics\n{}\n--- closing line\n{}\n--- JSON fields\n{}\n",
        render::text(report, layout),
        diagnostics.join("\n"),
        render::closing_line(report, layout),
        serde_json::to_string_pretty(&serde_json::Value::Object(fields)).unwrap()
    )
}

fn snapshot(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../../../../../snapshots/check-merge", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn a_passing_run_renders_its_gate_bisect_stale_check_and_times() {
    let (report, layout) = report(false);
    assert!(report.pass());
    snapshot("render-pass", rendered(&report, &layout));
}

#[test]
fn a_failing_run_names_the_divergent_slice_and_the_stale_output() {
    let (report, layout) = report(true);
    assert!(!report.pass());
    assert_eq!(report.divergence.as_ref().map(|d| d.prefix.as_str()), Some("sm"));
    assert!(!report.stale_clean());
    snapshot("render-fail", rendered(&report, &layout));
}

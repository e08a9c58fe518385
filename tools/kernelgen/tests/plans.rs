//! The reference merge plans (testdata/plans/) run through the real merge: each succeeds, gives
//! the launch and argument counts of its upstream reference, and its output parses cleanly.
//! The extern summary and report of each merge are snapshotted (the renames of the 2-K GEMV).

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_diagnostics::{render_all, FileId, RenderOptions, SourceMap};
use air_merge::merge::merge;
use air_merge::passes::externs::{report_json, summary_line};
use air_merge::plan::parse_plan;
use air_merge::slice::ParsedSlice;
use std::collections::BTreeMap;

/// Plan file -> (launches, arguments) of the upstream merge it reproduces.
fn expected() -> BTreeMap<&'static str, (usize, usize)> {
    BTreeMap::from([
        ("gemv_2k.toml", (3, 7)),
        ("gemv_2k_mv_k8192.toml", (3, 7)),
        ("o_ffn.toml", (8, 15)),
        ("o_gemv_ffn.toml", (3, 15)),
        ("rms_gemms_rope.toml", (6, 13)),
    ])
}

#[test]
fn every_reference_plan_merges_with_its_launch_and_argument_counts() {
    let dir = air_testkit::repo_root().join("testdata/plans");
    // Only the reference plans: other plans (error cases of the merge checks, say) belong to
    // the merge's own tests.
    let expected = expected();
    let plans: Vec<String> = expected.keys().map(|k| k.to_string()).collect();
    for name in plans {
        let mut sources = SourceMap::new();
        let plan_text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let plan_file = sources.add(name.clone(), plan_text.clone());
        let render = |errors: &[air_diagnostics::Diagnostic], sources: &SourceMap| {
            render_all(errors, sources, RenderOptions { color: false })
        };
        let plan = parse_plan(&plan_text, plan_file).unwrap_or_else(|e| panic!("{name}:\n{}", render(&e, &sources)));
        let mut slices = Vec::new();
        for slice in &plan.slices {
            let text = std::fs::read_to_string(dir.join(&slice.file)).unwrap();
            let file: FileId = sources.add(slice.file.clone(), text.clone());
            slices.push(ParsedSlice::new(file, slice.file.clone(), &text));
        }
        let merged = merge(&plan, slices).unwrap_or_else(|e| panic!("{name}:\n{}", render(&e, &sources)));
        assert!(merged.warnings.is_empty(), "{name}:\n{}", render(&merged.warnings, &sources));
        if let Err(problems) = common::parse_clean(merged.text()) {
            panic!("{name}: merged output does not parse cleanly:\n{problems}");
        }
        let (launches, args) = expected[name.as_str()];
        assert_eq!(merged.launches, launches, "{name}: launches");
        assert_eq!(common::count_ops(merged.text(), "air.launch"), launches, "{name}: air.launch ops in the output");
        assert_eq!(plan.args.len(), args, "{name}: combined arguments");

        let report = serde_json::to_string_pretty(&report_json(&merged.externs)).unwrap();
        let summary = format!("launches: {launches}\narguments: {args}\n{}\n{report}\n", summary_line(&merged.externs));
        insta::with_settings!({
            snapshot_path => "../../../snapshots/kernelgen",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("plan_{}", name.trim_end_matches(".toml")), summary);
        });
    }
}

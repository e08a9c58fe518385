//! `air-stitch check-bd` end to end: every fixture under `testdata/check-bd/` (adding a file adds a
//! test) is run with the flags of its `// check-bd:` header line; its text output (diagnostics
//! plus the `--report` table) and its JSON output are snapshotted under `snapshots/check-bd/`,
//! and its `// expect:` lines are checked against the JSON: each names a finding (severity,
//! code, line of the primary label) that must be present. Fixtures named `ok_*` (documented
//! working configurations) must produce no error and exit 0.
//!
//! Every fixture is valid AIR (AIR's own verifier accepts it: `tests/air_accepts.rs`) unless it
//! is invalid on purpose and says so: in its name (`bad_*`, `*_invalid*`) or with the header line
//! `// expect: invalid-air` (`air_testkit::marked_invalid_air`). A check-bd finding on valid AIR
//! is a finding about code the compiler would accept, which is what the F-cases claim.
#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use harness::Snapshot;
use serde_json::Value;
use std::path::Path;

/// Runs the binary in `dir`; returns (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[String]) -> (i32, String, String) {
    let output = harness::air_stitch(args).in_dir(dir).env_remove("NO_COLOR").output();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// One `// expect:` line.
#[derive(Debug)]
enum Expect {
    Finding {
        severity: String,
        code: String,
        line: u64,
    },
    Exit(i32),
    /// `// expect: invalid-air`: AIR's verifier must reject the fixture (checked by
    /// `tests/air_accepts.rs`; check-bd's own expectations are the other lines).
    InvalidAir,
}

struct Header {
    flags: Vec<String>,
    expects: Vec<Expect>,
}

fn header(text: &str) -> Header {
    let mut flags = Vec::new();
    let mut expects = Vec::new();
    for line in text.lines().take_while(|l| l.starts_with("//")) {
        if let Some(rest) = line.strip_prefix("// check-bd:") {
            flags.extend(rest.split_whitespace().map(str::to_string));
        } else if let Some(rest) = line.strip_prefix("// expect:") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                ["exit", code] => expects.push(Expect::Exit(code.parse().expect("exit code"))),
                ["invalid-air"] => expects.push(Expect::InvalidAir),
                [severity, code, "line", line] => expects.push(Expect::Finding {
                    severity: severity.to_string(),
                    code: code.to_string(),
                    line: line.parse().expect("line number"),
                }),
                _ => panic!("malformed expect line: {line}"),
            }
        }
    }
    Header { flags, expects }
}

fn check_expectations(name: &str, code: i32, json: &Value, header: &Header) -> Vec<String> {
    let mut failures = Vec::new();
    let diagnostics = json["diagnostics"].as_array().cloned().unwrap_or_default();
    let errors = json["summary"]["errors"].as_u64().unwrap_or(0);
    for expect in &header.expects {
        match expect {
            Expect::Exit(want) if *want != code => failures.push(format!("{name}: exit {code}, expected {want}")),
            Expect::Exit(_) | Expect::InvalidAir => {}
            Expect::Finding { severity, code: want_code, line } => {
                let found = diagnostics.iter().any(|d| {
                    d["severity"] == severity.as_str()
                        && d["code"] == want_code.as_str()
                        && d["primary"]["line"].as_u64() == Some(*line)
                });
                if !found {
                    failures.push(format!("{name}: no {severity} {want_code} at line {line}"));
                }
            }
        }
    }
    if name.starts_with("ok_") && (errors > 0 || code != 0) {
        failures.push(format!("{name}: a documented working configuration gave {errors} error(s), exit {code}"));
    }
    if !name.starts_with("ok_") && header.expects.iter().all(|e| matches!(e, Expect::InvalidAir)) {
        failures.push(format!("{name}: a failure fixture needs `// expect:` lines"));
    }
    let has_error_expect =
        header.expects.iter().any(|e| matches!(e, Expect::Finding { severity, .. } if severity == "error"));
    if has_error_expect && code != 1 {
        failures.push(format!("{name}: expected errors but exit {code}"));
    }
    failures
}

#[test]
fn fixtures_give_their_documented_findings_and_stable_output() {
    let root = repo_root();
    let mut failures = Vec::new();
    for (path, file_name) in harness::files("testdata/check-bd", "mlir") {
        let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
        let header = header(&text);
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("fixture").to_string();
        let relative = format!("testdata/check-bd/{name}.mlir");
        let mut args: Vec<String> = vec!["check-bd".into(), "--color".into(), "never".into(), "--report".into()];
        args.extend(header.flags.iter().cloned());
        args.push(relative.clone());
        let (code, stdout, stderr) = run_in(&root, &args);
        let shown: String = header.flags.iter().map(|f| format!("{f} ")).collect();
        Snapshot::new("check-bd", "text").suffix(&file_name).input_file(&path).assert(&format!(
            "$ air-stitch check-bd --report {shown}{relative}\nexit: {code}\n--- stdout ---\n{stdout}--- stderr ---\n{stderr}"
        ));
        let mut json_args: Vec<String> = vec!["check-bd".into(), "--format".into(), "json".into()];
        json_args.extend(header.flags.iter().cloned());
        json_args.push(relative);
        let (json_code, json_out, json_err) = run_in(&root, &json_args);
        assert_eq!(json_code, code, "{name}: text and JSON runs disagree on the exit code");
        assert!(json_err.is_empty(), "{name}: JSON mode wrote to stderr: {json_err}");
        let json: Value = serde_json::from_str(&json_out).expect("check-bd --format json prints one JSON document");
        Snapshot::new("check-bd", "json").suffix(&file_name).input_file(&path).assert(&json_out);
        failures.extend(check_expectations(&name, code, &json, &header));
    }
    assert!(failures.is_empty(), "{} expectation(s) not met:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn usage_and_io_errors_exit_with_status_2() {
    let root = repo_root();
    let (code, _, stderr) = run_in(&root, &["check-bd".into(), "testdata/check-bd/no_such_file.mlir".into()]);
    assert_eq!(
        (code, stderr.trim()),
        (2, "error[AS0002]: cannot read testdata/check-bd/no_such_file.mlir: No such file or directory (os error 2)\n --> <command line>:1:21\n  |\n1 | air-stitch check-bd testdata/check-bd/no_such_file.mlir\n  |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ named here\n  |\n  = help: inputs are read as given (relative to the current directory)")
    );
    let (code, _, _) = run_in(&root, &["check-bd".into(), "--device".into(), "npu3".into(), "x.mlir".into()]);
    assert_eq!(code, 2);
    let (code, _, stderr) = run_in(
        &root,
        &[
            "check-bd".into(),
            "--air-runtime-loop-tiling-sizes=-1".into(),
            "testdata/check-bd/ok_rope_8x1_prefill_q.mlir".into(),
        ],
    );
    assert_eq!(
        (code, stderr.trim()),
        (
            2,
            "error: invalid value '-1' for '--air-runtime-loop-tiling-sizes <N,N>': `-1` is not a tile size: tile sizes are positive integers\n\nFor more information, try '--help'."
        )
    );
}

/// Upstream files whose check-bd output is snapshotted: multi-launch NPU lowering, a launch-level
/// channel matmul, per-launch shim DMA tiling attributes, async tokens and `air.execute`, an
/// AIE2 GEMM, named body-less launches, `air.rank` hierarchies, and twelve herds in one segment.
const CORPUS_SELECTION: &[&str] = &[
    "mlir/test/Conversion/AIRLowering/air_multi_launch_npu.mlir",
    "mlir/test/Transform/AIRSplitLaunchForPadding/split_launch_for_padding.mlir",
    "mlir/test/Transform/AIRDependencyScheduleOpt/opt_shim_dma_bds_per_launch_attr.mlir",
    "test/airhost/46_air_mmult_2x2_tokens/air.mlir",
    "mlir/test/Conversion/AIRToAIE/async_gemm_to_locks_aie2.mlir",
    "mlir/test/Dialect/AIR/air_launch.mlir",
    "test/gpu/multi_gpu/air_hierarchy/cacheline.mlir",
    "mlir/test/Transform/AIRHerdPlacement/matmul_gelu.mlir",
];

#[test]
fn corpus_selection_reports_are_stable() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    for relpath in CORPUS_SELECTION {
        let args: Vec<String> = ["check-bd", "--color", "never", "--report", "--split-input-file", relpath]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (code, stdout, stderr) = run_in(&dir, &args);
        assert!(code == 0 || code == 1, "{relpath}: exit {code}: {stderr}");
        let name = relpath.replace('/', "__").trim_end_matches(".mlir").to_string();
        harness::snapshot(
            "check-bd/corpus",
            &name,
            &format!("$ air-stitch check-bd --report --split-input-file {relpath}\nexit: {code}\n--- stdout ---\n{stdout}--- stderr ---\n{stderr}"),
        );
    }
}

/// Kernels upstream compiles with more than the tiling: the K=8192 GEMV without ping-pong
/// (mlir-air `programming_examples/llms/shared/infra/backend_presets.py`, `OGF_BACKEND`: "L1 is
/// too tight to hold both buffers for that K"; with ping-pong the compiler kit rejects it, and so
/// does check-bd, AS0404).
const KERNEL_FLAGS: &[(&str, &[&str])] = &[("gemv_k8192", &["--omit-ping-pong-transform"])];

/// The project's generated kernels (`testdata/kernels/`, tools/kernelgen) model the builders of
/// the documented working configurations (model doc §6): with the GEMM builders' runtime loop
/// tiling ([2, 2]) and upstream's options none of them may give an error. Data-driven: a new
/// kernel is checked too.
#[test]
fn project_kernels_have_no_errors_with_runtime_loop_tiling() {
    let root = repo_root();
    let kernels = air_testkit::sorted_files(&root.join("testdata/kernels"), "mlir");
    let mut failures = Vec::new();
    for path in &kernels {
        let relative = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().into_owned();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let extra = KERNEL_FLAGS.iter().find(|(name, _)| *name == stem).map_or(&[][..], |(_, flags)| *flags);
        let mut args: Vec<String> = ["check-bd", "--format", "json", "--air-runtime-loop-tiling-sizes", "2,2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push(relative.clone());
        let (code, stdout, _) = run_in(&root, &args);
        let json: Value = serde_json::from_str(&stdout).expect("JSON output");
        if code != 0 || json["summary"]["errors"].as_u64() != Some(0) {
            failures.push(format!("{relative}: exit {code}, {}", json["summary"]));
        }
    }
    assert!(failures.is_empty(), "kernels with errors:\n{}", failures.join("\n"));
}

//! AIR's own parser and verifier (`air-opt`, or `air-mini-opt` through `$AIR_OPT`; found by
//! `air_testkit::air_opt`) accepts every AIR file the project ships and every module it makes
//! from them: the kernels of `testdata/kernels/`, the merged module of every reference plan
//! (`testdata/plans/`), the inputs of every merge case under `testdata/merge/` and the output of
//! every case that merges, every check-bd fixture (`testdata/check-bd/`), every dataflow fixture
//! (`testdata/dataflow/`), and the synthetic
//! benchmark slices. Data-driven: adding a file adds a case.
//!
//! A file that is invalid AIR on purpose says so in its name (`bad_*`, `*_invalid*`) or in a
//! `// expect: invalid-air` header line (`air_testkit::marked_invalid_air`); AIR must reject
//! those, so a stale mark fails too. An air-opt exit status of 124 or above is a crash of the
//! tool and reported as such, never taken as a verdict. Skipped when no AIR verifier is found,
//! except under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::{repo_root, AirVerdict};
use std::path::{Path, PathBuf};

/// Judges one text: `None` when AIR's verdict is the expected one, else the failure line.
fn judge(air_opt: &Path, name: &str, text: &str, invalid_on_purpose: bool) -> Option<String> {
    match (air_testkit::run_air_opt(air_opt, text.as_bytes(), false), invalid_on_purpose) {
        (AirVerdict::Accepted, false) | (AirVerdict::Rejected(_), true) => None,
        (AirVerdict::Accepted, true) => Some(format!("{name}: marked invalid AIR, but AIR accepts it")),
        (AirVerdict::Rejected(stderr), false) => Some(format!("{name}: rejected by AIR:\n{stderr}")),
        (AirVerdict::Crashed(message), _) => Some(format!("{name}: {message}")),
    }
}

/// Judges a shipped file: accepted, or rejected when it is marked invalid on purpose.
fn judge_file(air_opt: &Path, path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(repo_root()).unwrap_or(path).display().to_string();
    judge(air_opt, &name, &text, air_testkit::marked_invalid_air(path, &text))
}

fn report(failures: &[String]) {
    assert!(failures.is_empty(), "{} file(s) judged wrongly by AIR:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn air_accepts_every_kernel() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let kernels = air_testkit::sorted_files(&repo_root().join("testdata/kernels"), "mlir");
    assert!(kernels.len() >= 10, "expected the kernels of testdata/kernels/");
    let failures: Vec<String> = kernels.iter().filter_map(|path| judge_file(&air_opt, path)).collect();
    report(&failures);
}

#[test]
fn air_accepts_every_check_bd_fixture_not_marked_invalid() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let fixtures = air_testkit::sorted_files(&repo_root().join("testdata/check-bd"), "mlir");
    assert!(fixtures.len() >= 40, "expected the check-bd fixtures");
    let failures: Vec<String> = fixtures.iter().filter_map(|path| judge_file(&air_opt, path)).collect();
    report(&failures);
}

#[test]
fn air_accepts_every_dataflow_fixture() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let fixtures = air_testkit::sorted_files(&repo_root().join("testdata/dataflow"), "mlir");
    assert!(fixtures.len() >= 12, "expected the dataflow fixtures of testdata/dataflow/");
    let failures: Vec<String> = fixtures.iter().filter_map(|path| judge_file(&air_opt, path)).collect();
    report(&failures);
}

#[test]
fn air_accepts_the_merged_modules_of_triage() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let modules = air_testkit::sorted_files(&repo_root().join("testdata/triage"), "mlir");
    assert!(!modules.is_empty(), "expected the merged module of testdata/triage/");
    let failures: Vec<String> = modules.iter().filter_map(|path| judge_file(&air_opt, path)).collect();
    report(&failures);
}

#[test]
fn air_accepts_every_reference_merge() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let root = repo_root();
    let plans = air_testkit::sorted_files(&root.join("testdata/plans"), "toml");
    assert!(plans.len() >= 4, "expected the reference plans");
    let mut failures = Vec::new();
    for plan in &plans {
        let relative = plan.strip_prefix(&root).unwrap();
        let output = harness::air_stitch(["merge", "--color", "never", "-o", "-", "--plan"])
            .in_dir(&root)
            .arg(relative)
            .output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{}: {stderr}", relative.display());
        let merged = String::from_utf8(output.stdout).unwrap();
        failures.extend(judge(&air_opt, &format!("merge --plan {}", relative.display()), &merged, false));
    }
    report(&failures);
}

/// The merge-case directories, sorted.
fn merge_cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo_root().join("testdata/merge"))
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.join("args").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// Runs a merge case's `args` with its `-o -` turned into `-o OUT`, so that the merged module
/// can be judged from a file. Returns the exit status. A case without `-o -` runs as it is: it
/// is a refused output (merge_cases.rs fails one that writes a file), and must not exit 0.
fn merge_into(dir: &Path, out: &Path) -> Option<i32> {
    let words: Vec<String> =
        std::fs::read_to_string(dir.join("args")).unwrap().split_whitespace().map(str::to_string).collect();
    let position = words.windows(2).position(|pair| pair[0] == "-o" && pair[1] == "-");
    let mut args: Vec<String> = vec!["merge".into(), "--color".into(), "never".into()];
    for (i, word) in words.iter().enumerate() {
        args.push(if Some(i) == position.map(|p| p + 1) { out.display().to_string() } else { word.clone() });
    }
    if position.is_none() {
        let code = harness::air_stitch(&args).in_dir(dir).output();
        assert_ne!(code.status.code(), Some(0), "{}: args without `-o -` merged", dir.display());
        return code.status.code();
    }
    harness::air_stitch(&args).in_dir(dir).output().status.code()
}

#[test]
fn air_accepts_every_merge_case_input_and_merged_output() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let cases = merge_cases();
    assert!(cases.len() >= 30, "expected the merge cases");
    let scratch = air_testkit::ScratchDir::new("air-accepts");
    let mut failures = Vec::new();
    let mut merged = 0;
    for dir in &cases {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for input in air_testkit::sorted_files(dir, "mlir") {
            failures.extend(judge_file(&air_opt, &input));
        }
        let out = scratch.join(format!("{name}.mlir"));
        match merge_into(dir, &out) {
            Some(0) => {
                merged += 1;
                let text = std::fs::read_to_string(&out).unwrap();
                failures.extend(judge(&air_opt, &format!("{name} (merged)"), &text, false));
            }
            Some(1 | 2) => {}
            code => failures.push(format!("{name}: merge exit status {code:?}")),
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(merged >= 15, "only {merged} merge cases merged");
    report(&failures);
}

#[test]
fn air_accepts_the_synthetic_benchmark_slices() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let slice = air_testkit::synthetic::synthetic_slice(3);
    report(&judge(&air_opt, "synthetic_slice(3)", &slice, false).into_iter().collect::<Vec<_>>());
}

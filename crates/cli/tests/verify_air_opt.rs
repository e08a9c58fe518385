//! `verify --air-opt` and `merge --verify --air-opt` with AIR's real verifier (testkit's
//! `air_opt()`: `$AIR_OPT` or `air-opt` on PATH; skipped when there is none, a failure under
//! `CI=true`): what only AIR finds, what it accepts, split files, a crash of the tool, and the
//! usage errors of a missing one. Every run names its judge explicitly (flag or environment),
//! so no output depends on what the machine has on PATH.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use std::path::{Path, PathBuf};
use std::process::Output;

const MLIR: bool = cfg!(feature = "mlir");

/// One snapshot per build: `NAME@mlir` or `NAME@structural`.
fn snapshot(name: &str, text: String) {
    harness::Snapshot::new("verify", name).suffix(if MLIR { "mlir" } else { "structural" }).assert(&text);
}

/// `air-stitch ARGS --color never` in the repository root, with `$AIR_OPT` unset and PATH
/// only the system directories, so that only the flags choose the judge.
fn command(args: &[&str]) -> harness::Cli {
    harness::air_stitch(args).color_never().in_repo().env_remove("AIR_OPT").env("PATH", "/usr/bin:/bin")
}

fn run(args: &[&str]) -> Output {
    command(args).output()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `--air-opt=PATH` of the machine's AIR verifier; `None` skips the test (outside CI).
fn air_opt_flag() -> Option<String> {
    air_testkit::air_opt().map(|path| format!("--air-opt={}", absolute(&path).display()))
}

/// The verifier's absolute path (`air-opt` found on PATH is looked up there).
fn absolute(path: &Path) -> PathBuf {
    if path.components().count() > 1 {
        return path.to_path_buf();
    }
    let dirs = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&dirs).map(|dir| dir.join(path)).find(|p| p.is_file()).unwrap_or(path.to_path_buf())
}

#[test]
fn verify_with_air_opt_reports_what_only_air_finds() {
    let Some(flag) = air_opt_flag() else { return };
    let output = run(&["verify", &flag, "testdata/verify/air_opt/upstream_op_error.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    if MLIR {
        // MLIR 22 sees the upstream-op error too: AIR's finding folds into it.
        assert!(text.contains("error[AS0530]") && text.contains("= note: AIR agrees: 'arith.addf'"), "{text}");
        assert!(!text.contains("error[AS0550]"), "{text}");
    } else {
        assert_eq!(text.matches("error[AS0550]: 'arith.addf'").count(), 1, "{text}");
    }
    snapshot("cli_air_opt_rejects", text);
}

/// What AIR's verifier rejects in AIR's own rules, the ported structural checks find first:
/// AIR's message becomes a note on ours, never a second error.
#[test]
fn verify_with_air_opt_agrees_with_the_ported_rules() {
    let Some(flag) = air_opt_flag() else { return };
    let output = run(&[
        "verify",
        &flag,
        "testdata/verify/air_opt/l3_alloc_in_segment.mlir",
        "testdata/verify/air_opt/channel_index_is_scf_for_iv.mlir",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(text.contains("error[AS0513]") && text.contains("error[AS0515]"), "{text}");
    assert_eq!(text.matches("= note: AIR agrees:").count(), 2, "{text}");
    assert!(!text.contains("error[AS0550]"), "{text}");
    snapshot("cli_air_opt_agrees", text);
}

#[test]
fn verify_with_air_opt_accepts_what_air_accepts_and_names_its_judges() {
    let Some(flag) = air_opt_flag() else { return };
    let output = run(&["verify", &flag, "testdata/kernels/add_2048.mlir", "testdata/verify/generic/all_ops.mlir"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stderr(&output);
    let judges = if MLIR { "structural checks, AIR (air-opt), MLIR 22" } else { "structural checks, AIR (air-opt)" };
    assert!(text.ends_with(&format!("2 files, 2 sections: verified ({judges})\n")), "{text}");
    snapshot("cli_air_opt_accepts", text);
}

#[test]
fn verify_split_input_file_puts_air_findings_in_their_chunks() {
    let Some(flag) = air_opt_flag() else { return };
    let output = run(&["verify", &flag, "--split-input-file", "testdata/verify/air_opt/split_chunks.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    // Chunk 2: ours (AS0514) at line 15, AIR agreeing; chunk 3: ours (AS0501 and AS0514) at
    // line 23, AIR agreeing on that line once; chunk 1 clean.
    assert!(text.contains("error[AS0514]: `memref.load` inside `air.herd`"), "{text}");
    assert!(text.contains("split_chunks.mlir:15:"), "{text}");
    assert_eq!(text.matches("= note: AIR agrees: 'memref.load' op inside 'air.herd'").count(), 2, "{text}");
    assert!(!text.contains("error[AS0550]"), "{text}");
    snapshot("cli_air_opt_split", text);
}

#[test]
fn a_crash_of_air_opt_is_reported_as_a_crash_never_as_a_verdict() {
    let Some(flag) = air_opt_flag() else { return };
    // A real crash: AIR's herd parser on fewer `args` types than pairs (see the fixture).
    let output = run(&["verify", &flag, "testdata/verify/air_opt/herd_args_fewer_types.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(text.contains("error[AS0553]: AIR's verifier (air-opt) crashed"), "{text}");
    assert!(!text.contains("AS0550"), "a crash is no verdict: {text}");
    assert!(text.contains("AIR (air-opt, crashed on 1 input)"), "{text}");
    snapshot("cli_air_opt_crash", text);
}

#[test]
fn a_missing_air_opt_path_is_a_usage_error() {
    let output = run(&["verify", "--air-opt=testdata/no/such/air-opt", "testdata/kernels/add_2048.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "error: --air-opt=testdata/no/such/air-opt: no such file\n");
    let output = run(&["verify", "--air-opt=no-such-air-opt", "testdata/kernels/add_2048.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "error: --air-opt=no-such-air-opt: no such program on PATH or file here\n");
}

#[test]
fn an_air_opt_path_that_does_not_run_is_a_usage_error() {
    // A file that exists but is no program.
    let output = run(&["verify", "--air-opt=testdata/kernels/add_2048.mlir", "testdata/kernels/add_2048.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: cannot run AIR's verifier testdata/kernels/add_2048.mlir\n  caused by: Permission denied (os error 13)\n"
    );
}

#[test]
fn air_opt_without_a_path_must_find_one() {
    let output = run(&["verify", "--air-opt", "testdata/kernels/add_2048.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: --air-opt: AIR's verifier was not found: $AIR_OPT is not set and there is no `air-opt` on PATH (name it: --air-opt=PATH)\n"
    );
}

#[test]
fn air_opt_in_the_environment_is_a_judge_unless_turned_off() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let air_opt = absolute(&air_opt);
    let kernel = "testdata/kernels/add_2048.mlir";
    let with_env = command(&["verify", kernel]).env("AIR_OPT", &air_opt).output();
    assert_eq!(with_env.status.code(), Some(0));
    assert!(stderr(&with_env).contains("verified (structural checks, AIR (air-opt)"), "{}", stderr(&with_env));
    // Off: even a broken $AIR_OPT is not looked at.
    let off = command(&["verify", "--no-air-opt", kernel]).env("AIR_OPT", "/no/such/air-opt").output();
    assert_eq!(off.status.code(), Some(0));
    let judges = if MLIR { "structural checks, MLIR 22" } else { "structural checks only" };
    assert!(stderr(&off).ends_with(&format!("1 file, 1 section: verified ({judges})\n")), "{}", stderr(&off));
    // Not asked for and not found: verify works as without it.
    let none = run(&["verify", kernel]);
    assert_eq!(none.status.code(), Some(0));
    assert!(stderr(&none).ends_with(&format!("verified ({judges})\n")), "{}", stderr(&none));
    // A configured one that is not there is a usage error.
    let broken = command(&["verify", kernel]).env("AIR_OPT", "/no/such/air-opt").output();
    assert_eq!(broken.status.code(), Some(2));
    assert_eq!(stderr(&broken), "error: $AIR_OPT=/no/such/air-opt: no such file\n");
}

#[test]
fn merge_verify_runs_air_opt_on_the_merged_text_and_writes_nothing_when_it_rejects() {
    let Some(flag) = air_opt_flag() else { return };
    let dir = air_testkit::ScratchDir::new("merge-air-opt");
    let out = dir.join("fused.mlir");
    let out_arg = out.to_string_lossy().into_owned();
    let output = run(&[
        "merge",
        "testdata/kernels/add_2048.mlir",
        "testdata/verify/air_opt/l3_alloc_in_segment.mlir",
        "-o",
        &out_arg,
        "--verify",
        &flag,
    ]);
    let written = out.exists();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(!written, "nothing may be written when AIR rejects the merge");
    let text = stderr(&output).replace(&out_arg, "[OUT]");
    assert!(text.contains("error[AS0513]"), "{text}");
    assert!(text.contains("= note: AIR agrees: 'memref.alloc' op memref.alloc inside air.segment"), "{text}");
    snapshot("cli_air_opt_merge_rejected", text);
}

#[test]
fn merge_verify_with_air_opt_names_its_judges() {
    let Some(flag) = air_opt_flag() else { return };
    let output = run(&["merge", "--plan", "testdata/plans/gemv_2k.toml", "-o", "-", "--verify", &flag]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let judges = if MLIR { "structural checks, AIR (air-opt), MLIR 22" } else { "structural checks, AIR (air-opt)" };
    let text = stderr(&output);
    assert!(text.contains(&format!("3 launches, 7 arguments; verified ({judges})\n")), "{text}");
}

#[test]
fn merge_air_opt_flags_need_verify() {
    let output = run(&["merge", "--plan", "testdata/plans/gemv_2k.toml", "-o", "-", "--no-air-opt"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "error: --air-opt and --no-air-opt choose a judge of --verify: add --verify\n");
}

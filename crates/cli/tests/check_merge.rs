//! `air-stitch check-merge` and `air-stitch inputs` as a user runs them: whole outputs (exit
//! status, standard output, standard error) snapshotted under `snapshots/check-merge/`. This
//! build has no device backend (no NPU exists here), so check-merge's runs end at the
//! no-device stop (exit 2) or at the checks made before any device work; the report of a run
//! is tested from the library's report (`src/cmd/check_merge/tests.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_arrays::formats;
use air_testkit::repo_root;
use std::process::Output;

const CASE: &str = "testdata/check-merge";

fn air_stitch(args: &[&str]) -> Output {
    harness::air_stitch(args)
        .color_never()
        .in_repo()
        .env_remove("AIRCC")
        .env_remove("XILINX_XRT")
        .env("PATH", "/usr/bin:/bin")
        .output()
}

fn transcript(args: &[&str]) -> String {
    let output = air_stitch(args);
    format!(
        "$ air-stitch {}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("check-merge", name, &text);
}

/// A scratch file under `target/` (relative to the repository, so the outputs name it the
/// same way on every run).
fn scratch(name: &str) -> String {
    let dir = repo_root().join("target/check-merge-cli");
    std::fs::create_dir_all(&dir).unwrap();
    format!("target/check-merge-cli/{name}")
}

fn check_merge(inputs: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "check-merge",
        "--plan",
        &format!("{CASE}/silu_add.toml"),
        "--merged",
        &format!("{CASE}/build"),
        "--slices",
        &format!("{CASE}/build/slices"),
        "--inputs",
        inputs,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn run(args: &[String]) -> String {
    transcript(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn without_a_device_the_run_stops_after_every_check_with_exit_2() {
    let inputs = format!("{CASE}/inputs.npz");
    // What is missing depends on the build: the `xrt` feature itself (AS0930), or, with it,
    // a device (AS0932 from Debian's XRT 2.13, `XILINX_XRT` unset).
    let build = if cfg!(feature = "xrt") { "-xrt" } else { "" };
    snapshot(&format!("cli-no-device{build}"), run(&check_merge(&inputs, &[])));
    snapshot(
        &format!("cli-no-device-json{build}"),
        run(&check_merge(&inputs, &["--format", "json", "--gate", "cosine"])),
    );
}

#[test]
fn compile_stops_with_compiles_missing_aircc_message() {
    let inputs = format!("{CASE}/inputs.npz");
    let mut args = check_merge(&inputs, &["--compile"]);
    args[4] = scratch("merged-out");
    args[6] = scratch("slices-out");
    snapshot("cli-compile-without-aircc", run(&args));
    // Nothing was written before aircc was looked for.
    assert!(!repo_root().join("target/check-merge-cli/merged-out/silu_add.mlir").exists());
}

#[test]
fn a_kernel_not_compiled_is_named_with_how_to_compile_it() {
    let inputs = format!("{CASE}/inputs.npz");
    let mut args = check_merge(&inputs, &[]);
    args[6] = CASE.to_string();
    snapshot("cli-slice-not-compiled", run(&args));
}

#[test]
fn missing_mismatched_and_unknown_members_are_reported_before_the_device() {
    let members = formats::npz_members(&std::fs::read(repo_root().join(CASE).join("inputs.npz")).unwrap()).unwrap();
    assert_eq!(members, ["arg0", "arg1", "arg3"]);
    let bytes = std::fs::read(repo_root().join(CASE).join("inputs.npz")).unwrap();
    let arg1 = formats::npz_member(&bytes, "arg1").unwrap().into_owned();
    let f32s = formats::write_npy("<f4", &[8192], false, &vec![0u8; 8192 * 4]);
    let npz = formats::write_npz(&[("arg0", &f32s), ("arg1", &arg1), ("args3", &arg1)]);
    let path = scratch("bad-members.npz");
    std::fs::write(repo_root().join(&path), npz).unwrap();
    snapshot("cli-bad-members", run(&check_merge(&path, &[])));
    snapshot("cli-bad-members-json", run(&check_merge(&path, &["--format", "json"])));
}

#[test]
fn an_inputs_file_that_is_missing_or_not_an_npz_stops_before_the_device() {
    let path = scratch("not-a-zip.npz");
    std::fs::write(repo_root().join(&path), "not a zip archive\n").unwrap();
    let mut transcript = run(&check_merge(&path, &[]));
    transcript.push_str(&run(&check_merge("target/check-merge-cli/nothere.npz", &[])));
    snapshot("cli-inputs-unreadable", transcript);
}

#[test]
fn inputs_are_seeded_deterministic_and_read_back_by_compare() {
    let plan = format!("{CASE}/silu_add.toml");
    let (a, b, c) = (scratch("a.npz"), scratch("b.npz"), scratch("c.npz"));
    snapshot("cli-inputs", transcript(&["inputs", "--plan", &plan, "-o", &a]));
    snapshot("cli-inputs-json", transcript(&["inputs", "--plan", &plan, "-o", &b, "--format", "json"]));
    assert_eq!(air_stitch(&["inputs", "--plan", &plan, "-o", &c, "--seed", "1"]).status.code(), Some(0));
    let read = |p: &str| std::fs::read(repo_root().join(p)).unwrap();
    assert_eq!(read(&a), read(&b), "the same seed gives the same bytes");
    assert_ne!(read(&a), read(&c));
    // The shipped inputs are this command's (seed 0).
    assert_eq!(read(&a), read(&format!("{CASE}/inputs.npz")));
    // compare reads them back: bf16 stored as <u2.
    let member = format!("{a}:arg0");
    snapshot("cli-inputs-compare", transcript(&["compare", &member, &member, "--dtype", "bf16"]));
}

#[test]
fn inputs_never_overwrites_the_plan() {
    let plan = format!("{CASE}/silu_add.toml");
    let before = std::fs::read(repo_root().join(&plan)).unwrap();
    let output = air_stitch(&["inputs", "--plan", &plan, "-o", &plan]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read(repo_root().join(&plan)).unwrap(), before);
}

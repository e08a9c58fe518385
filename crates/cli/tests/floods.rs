//! Inputs that flood the report: a text that is not MLIR gives an error per stray character,
//! the same bad slice given many times gives the same error many times. The text report prints
//! at most `--max-errors` diagnostics per file and severity and counts the rest in its closing
//! line; a diagnostic repeated word for word is printed once, with the places of its repeats;
//! JSON keeps every one. check-bd on a module without AIR hierarchy says that it checked nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::{repo_root, ScratchDir};
use std::process::Output;

fn run_in(dir: &std::path::Path, args: &[&str]) -> Output {
    harness::air_stitch(args).in_dir(dir).output()
}

/// Exit status and standard error, as snapshotted.
fn transcript(args: &[&str], output: &Output) -> String {
    format!(
        "$ air-stitch {}\nexit: {}\n--- stderr ---\n{}",
        args.join(" "),
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("floods", name, &text);
}

/// 120 lines of stray `&`s, each run one longer: 120 different errors.
fn not_mlir() -> String {
    (1..=120).map(|n| format!("{}\n", "&".repeat(n))).collect()
}

#[test]
fn a_flood_of_errors_is_capped_per_file_and_the_rest_counted_in_the_closing_line() {
    let dir = ScratchDir::new("floods-cap");
    std::fs::write(dir.join("notes.txt"), not_mlir()).unwrap();
    let args = ["parse", "notes.txt", "--max-errors", "3", "--color", "never"];
    let output = run_in(&dir, &args);
    assert_eq!(output.status.code(), Some(1));
    snapshot("capped", transcript(&args, &output));
    // The default cap is 50: 70 more are counted, none printed.
    let output = run_in(&dir, &["parse", "notes.txt", "--color", "never"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("error[AS0101]").count(), 50);
    assert!(stderr
        .trim_end()
        .ends_with("; 70 more not shown (at most 50 per file and severity: --max-errors 0 shows all)"));
    // 0 prints every one; JSON keeps every one.
    let output = run_in(&dir, &["parse", "notes.txt", "--max-errors", "0", "--color", "never"]);
    assert_eq!(String::from_utf8_lossy(&output.stderr).matches("error[AS0101]").count(), 120);
    let output = run_in(&dir, &["parse", "notes.txt", "--max-errors", "3", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["diagnostics"].as_array().unwrap().len(), 120);
}

#[test]
fn the_same_error_many_times_is_printed_once_with_its_places() {
    let dir = repo_root().join("testdata/merge/e08-unparseable-slice");
    let mut args = vec!["merge"];
    args.extend(std::iter::repeat_n("bad_launch_header.mlir", 300));
    args.extend(["-o", "-", "--color", "never"]);
    let output = run_in(&dir, &args);
    assert_eq!(output.status.code(), Some(1));
    let shown = ["merge", "bad_launch_header.mlir", "(× 300)", "-o", "-", "--color", "never"];
    snapshot("repeated", transcript(&shown, &output));
}

#[test]
fn check_bd_says_when_a_module_has_nothing_to_check() {
    let dir = ScratchDir::new("floods-nothing");
    std::fs::write(dir.join("empty.mlir"), "").unwrap();
    std::fs::write(dir.join("host.mlir"), "func.func @host(%arg0: memref<64xbf16>) {\n  return\n}\n").unwrap();
    let args = ["check-bd", "empty.mlir", "host.mlir", "--color", "never"];
    let output = run_in(&dir, &args);
    assert_eq!(output.status.code(), Some(0), "a warning, not an error");
    snapshot("nothing_to_check", transcript(&args, &output));
    // The rule is a lint: `-A nothing-to-check` quiets it where an empty module is expected.
    let output = run_in(&dir, &["check-bd", "empty.mlir", "-A", "nothing-to-check", "--color", "never"]);
    assert!(!String::from_utf8_lossy(&output.stderr).contains("AS0441"));
}

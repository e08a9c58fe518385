//! The `air-stitch verify` and `air-stitch print --generic` commands, end to end: exit codes,
//! rendered diagnostics (text and JSON), the generic form on stdout, and that form accepted
//! by `mlir-opt-22`. Outputs that depend on feature `mlir` have one snapshot per build. AIR's
//! verifier is turned off here (`--no-air-opt`, so no output depends on the machine); its
//! tests are `verify_air_opt.rs`.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use std::process::{Command, Output};

/// Runs the binary in the repository root (so file names in messages are repo-relative).
fn air_stitch(args: &[&str]) -> Output {
    harness::air_stitch(args).color_never().in_repo().output()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const MLIR: bool = cfg!(feature = "mlir");

/// One snapshot per build: `NAME@mlir` or `NAME@structural`.
fn snapshot(name: &str, text: String) {
    harness::Snapshot::new("verify", name).suffix(if MLIR { "mlir" } else { "structural" }).assert(&text);
}

#[test]
fn verify_reports_the_wiring_bug_and_exits_1() {
    let output = air_stitch(&["verify", "--no-air-opt", "testdata/verify/errors/launch_arg_type_mismatch.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    snapshot("cli_verify_wiring_bug", stderr(&output));
}

#[test]
fn verify_writes_json_to_stdout() {
    let output =
        air_stitch(&["verify", "--no-air-opt", "--format", "json", "testdata/verify/errors/void_func_return.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("valid JSON");
    assert_eq!(value["schema"], "air-stitch/diagnostics/1");
    let first = &value["diagnostics"][0];
    assert_eq!(first["code"], "AS0510");
    assert_eq!(first["primary"]["line"], 7);
    snapshot("cli_verify_json", stdout(&output));
}

#[test]
fn verify_accepts_a_clean_file_with_exit_0() {
    let output = air_stitch(&["verify", "--no-air-opt", "testdata/verify/generic/all_ops.mlir"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    snapshot("cli_verify_clean", stderr(&output));
}

#[test]
fn verify_split_input_file_reports_positions_in_the_whole_file() {
    let dir = air_testkit::ScratchDir::new("verify-split");
    let path = dir.join("two_chunks.mlir");
    std::fs::write(
        &path,
        "func.func @ok() {\n  return\n}\n// -----\nfunc.func @bad(%a: memref<8xi32>) {\n  %c1 = arith.constant 1 : index\n  air.herd tile (%x) in (%n=%c1) {\n    %v = memref.load %a[%c1] : memref<8xi32>\n  }\n  return\n}\n",
    )
    .unwrap();
    let output =
        harness::air_stitch(["verify", "--no-air-opt", "--split-input-file", "--color", "never", "two_chunks.mlir"])
            .in_dir(&dir)
            .output();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(1));
    snapshot("cli_verify_split", stderr(&output));
}

#[test]
fn verify_of_a_missing_file_is_an_io_error_with_exit_2() {
    let output = air_stitch(&["verify", "--no-air-opt", "testdata/verify/no_such_file.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error[AS0002]: cannot read testdata/verify/no_such_file.mlir: No such file or directory (os error 2)\n --> <command line>:1:32\n  |\n1 | air-stitch verify --no-air-opt testdata/verify/no_such_file.mlir --color never\n  |                                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ named here\n  |\n  = help: inputs are read as given (relative to the current directory)\n\n"
    );
}

#[test]
fn print_generic_writes_the_generic_form_to_stdout() {
    let output = air_stitch(&["print", "--generic", "--split-input-file", "testdata/verify/generic/split_chunks.mlir"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    harness::snapshot("verify", "cli_print_generic_split", &stdout(&output));
}

#[test]
fn print_generic_reports_ops_it_cannot_convert_and_exits_1() {
    let output = air_stitch(&["print", "--generic", "testdata/verify/generic/cannot_convert.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    // The unconvertible ops are kept as written (stdout), and reported (stderr).
    let both = format!("==== stdout ====\n{}==== stderr ====\n{}", stdout(&output), stderr(&output));
    harness::snapshot("verify", "cli_print_generic_cannot_convert", &both);
}

#[test]
fn print_without_generic_is_still_the_identity() {
    let path = "testdata/verify/generic/all_ops.mlir";
    let output = air_stitch(&["print", path]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), std::fs::read_to_string(repo_root().join(path)).unwrap());
}

#[test]
fn print_generic_output_round_trips_through_mlir_opt() {
    let Some(mlir_opt) = air_testkit::mlir_opt() else { return };
    for (file, split) in
        [("testdata/verify/generic/all_ops.mlir", false), ("testdata/verify/generic/split_chunks.mlir", true)]
    {
        let mut args = vec!["print", "--generic"];
        if split {
            args.push("--split-input-file");
        }
        args.push(file);
        let generic = air_stitch(&args);
        assert_eq!(generic.status.code(), Some(0));
        let mut command = Command::new(&mlir_opt);
        command.args(["--allow-unregistered-dialect", "--mlir-print-op-generic"]);
        if split {
            command.arg("--split-input-file");
        }
        let result = air_testkit::run_with_stdin(command.arg("-"), &generic.stdout);
        assert!(result.status.success(), "{file}: {}", String::from_utf8_lossy(&result.stderr));
        if !split {
            // MLIR's own generic printing of our text: every AIR op with its operands,
            // properties, block arguments and terminator, as MLIR understood them.
            harness::snapshot("verify", "cli_mlir_opt_reprints_all_ops", &String::from_utf8_lossy(&result.stdout));
        }
    }
}

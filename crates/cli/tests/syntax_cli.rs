//! The `parse` and `print` subcommands end to end, through the real binary: every malformed
//! input in `testdata/bad/` gets located diagnostics (`file:line:col`) and exit status 1, never
//! a panic, and still prints back byte for byte; an empty file is an empty module; a missing
//! file is exit status 2; the summary line, JSON output, split mode and stdin work.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use harness::Snapshot;
use std::process::Output;

/// Runs `air-stitch ARGS` in the workspace root (so paths in messages are relative).
fn run(args: &[&str]) -> Output {
    harness::air_stitch(args).in_repo().env_remove("NO_COLOR").output()
}

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    harness::air_stitch(args).in_repo().stdin(stdin).output()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status and stderr, as snapshotted.
fn transcript(output: &Output) -> String {
    format!("exit: {}\n--- stderr ---\n{}", output.status.code().unwrap_or(-1), text(&output.stderr))
}

/// A fresh empty directory for files a test writes.
fn scratch_dir(name: &str) -> air_testkit::ScratchDir {
    air_testkit::ScratchDir::new(&format!("syntax-cli-{name}"))
}

#[test]
fn bad_inputs_get_located_diagnostics_and_exit_status_1() {
    for (path, name) in harness::files("testdata/bad", "mlir") {
        let relative = format!("testdata/bad/{name}");
        let bytes = std::fs::read(&path).unwrap();
        let split = String::from_utf8_lossy(&bytes).contains("// -----");
        let mut args = vec!["parse", "--color", "never"];
        if split {
            args.push("--split-input-file");
        }
        args.push(&relative);
        let output = run(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{relative}: {stderr}");
        assert!(output.stdout.is_empty(), "{relative}: text output goes to stderr");
        assert!(!stderr.contains("panicked"), "{relative}: {stderr}");
        // Every diagnostic points at file:line:col.
        let headers = stderr.lines().filter(|l| l.starts_with("error[")).count();
        let locations = stderr.lines().filter(|l| l.trim_start().starts_with(&format!("--> {relative}:"))).count();
        assert!(headers > 0 && headers == locations, "{relative}: {stderr}");
        Snapshot::new("diagnostics", "bad_inputs_get_located_diagnostics_and_exit_status_1")
            .suffix(&name)
            .input_file(&path)
            .assert(&transcript(&output));
    }
}

#[test]
fn bad_inputs_print_back_byte_for_byte() {
    for (path, _) in harness::files("testdata/bad", "mlir") {
        let bytes = std::fs::read(&path).unwrap();
        let output = run(&["print", "--color", "never", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        if std::str::from_utf8(&bytes).is_ok() {
            assert!(output.stdout == bytes, "{} does not print back", path.display());
        } else {
            // Not UTF-8: no tree, so nothing is printed; the diagnostic says why.
            assert!(output.stdout.is_empty());
            assert!(text(&output.stderr).contains("error[AS0100]"));
        }
    }
}

#[test]
fn an_empty_file_is_an_empty_module() {
    let dir = scratch_dir("empty");
    let file = dir.join("empty.mlir");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    let parse = run(&["parse", "--color", "never", file]);
    assert_eq!(transcript(&parse), "exit: 0\n--- stderr ---\nparse: 1 file, 1 section: all parse\n");
    let print = run(&["print", "--color", "never", file]);
    assert_eq!((print.status.code(), print.stdout.len()), (Some(0), 0));
    let outline = run(&["outline", "--color", "never", file]);
    assert_eq!((outline.status.code(), text(&outline.stdout)), (Some(0), "(empty module)\n".to_string()));
}

#[test]
fn a_missing_file_exits_with_status_2() {
    for subcommand in ["parse", "print", "outline"] {
        let output = run(&[subcommand, "--color", "never", "testdata/bad/no_such_file.mlir"]);
        // AS0002 at the argument, as merge reports its inputs.
        let line = format!("air-stitch {subcommand} --color never testdata/bad/no_such_file.mlir");
        let col = line.find("testdata").unwrap() + 1;
        let expected = format!(
            "exit: 2\n--- stderr ---\nerror[AS0002]: cannot read testdata/bad/no_such_file.mlir: No such file or directory (os error 2)\n --> <command line>:1:{col}\n  |\n1 | {line}\n  | {}{} named here\n  |\n  = help: inputs are read as given (relative to the current directory)\n\n",
            " ".repeat(col - 1),
            "^".repeat("testdata/bad/no_such_file.mlir".len()),
        );
        assert_eq!(transcript(&output), expected, "{subcommand}");
    }
}

#[test]
fn usage_errors_exit_with_status_2() {
    let output = run(&["parse"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["parse", "--format", "xml", "x.mlir"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_summary_line_counts_files_and_sections() {
    let dir = scratch_dir("summary");
    let a = dir.join("a.mlir");
    let b = dir.join("b.mlir");
    std::fs::write(&a, "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n").unwrap();
    std::fs::write(&b, "air.channel @c [1, 1]\n").unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let output = run(&["parse", "--split-input-file", "--roundtrip", a, b]);
    assert_eq!(transcript(&output), "exit: 0\n--- stderr ---\nparse: 2 files, 3 sections: all parse and round-trip\n");
    let output = run(&["parse", a, b]);
    assert_eq!(transcript(&output), "exit: 0\n--- stderr ---\nparse: 2 files, 2 sections: all parse\n");
    let output =
        run(&["parse", "--color", "never", a, "testdata/bad/redefinition.mlir", "testdata/bad/stray_close_brace.mlir"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr.lines().last(), Some("parse: 3 files, 3 sections: 2 files with problems (2 errors)"));
}

#[test]
fn split_mode_reports_positions_in_the_whole_file() {
    // The error is in the second chunk; its line number counts from the top of the file.
    let output = run(&["parse", "--color", "never", "--split-input-file", "testdata/bad/split_chunk_with_error.mlir"]);
    let stderr = text(&output.stderr);
    assert!(stderr.contains(" --> testdata/bad/split_chunk_with_error.mlir:8:19\n"), "{stderr}");
    assert_eq!(stderr.lines().last(), Some("parse: 1 file, 2 sections: 1 file with problems (2 errors)"));
}

#[test]
fn json_format_lists_every_diagnostic_with_its_position() {
    let output = run(&["parse", "--format", "json", "testdata/bad/result_index_out_of_range.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    harness::snapshot("diagnostics", "json_result_index_out_of_range", &text(&output.stdout));
    let clean = run(&["parse", "--format", "json", "crates/syntax/tests/parser/scf_for_with_iter_args.mlir"]);
    assert_eq!(clean.status.code(), Some(0));
    let document: serde_json::Value = serde_json::from_str(&text(&clean.stdout)).unwrap();
    assert_eq!(document["diagnostics"], serde_json::json!([]));
    assert_eq!(document["summary"]["line"], "parse: 1 file, 1 section: all parse");
    // JSON mode says nothing on stderr: the document has it all.
    assert_eq!(text(&clean.stderr), "");
}

#[test]
fn standard_input_is_read_for_a_dash() {
    let output = run_with_stdin(&["parse", "--color", "never", "-"], b"%0 = : i32\n");
    harness::snapshot("diagnostics", "stdin_op_without_name", &transcript(&output));
    let output = run_with_stdin(&["print", "-"], b"func.func @f() {\n  return\n}\n");
    assert_eq!((output.status.code(), text(&output.stdout)), (Some(0), "func.func @f() {\n  return\n}\n".to_string()));
}

#[test]
fn colour_is_used_only_when_asked() {
    let always = run(&["parse", "--color", "always", "testdata/bad/redefinition.mlir"]);
    assert!(text(&always.stderr).contains("\u{1b}["));
    // Tests capture stderr, so `auto` sees no terminal.
    let auto = run(&["parse", "testdata/bad/redefinition.mlir"]);
    assert!(!text(&auto.stderr).contains('\u{1b}'));
}

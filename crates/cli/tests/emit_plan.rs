//! `merge --emit-plan FILE` as a user runs it (docs/merge.md#the-plan-of-a-zero-config-merge):
//! the plan a zero-config merge made, which `merge --plan` turns into the same module and which
//! `inputs` and `check-merge` take. Every zero-config case of `testdata/merge` that merges is
//! merged again from its emitted plan; whole outputs are snapshots under `snapshots/emit-plan/`.
//! These tests write files, so they live here and not among the merge cases (whose runner
//! refuses a case that leaves a file behind); they write under `target/test-emit-plan/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh directory `target/test-emit-plan/<tag>`, relative to the repository root (so the
/// outputs name it the same way on every machine).
fn scratch(tag: &str) -> String {
    let dir = format!("target/test-emit-plan/{tag}");
    let _ = std::fs::remove_dir_all(repo_root().join(&dir));
    std::fs::create_dir_all(repo_root().join(&dir)).unwrap();
    dir
}

/// `air-stitch ARGS --color never` in `dir`, without a device, aircc or air-opt around.
fn air_stitch_in(dir: &Path, args: &[&str]) -> Output {
    harness::air_stitch(args)
        .color_never()
        .in_dir(dir)
        .env_remove("AIRCC")
        .env_remove("XILINX_XRT")
        .env("PATH", "/usr/bin:/bin")
        .output()
}

/// The run as the user sees it.
fn transcript(args: &[&str], output: &Output) -> String {
    format!(
        "$ air-stitch {}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Runs `args` in the repository root and gives its transcript.
fn run(args: &[&str]) -> (String, Option<i32>) {
    let output = air_stitch_in(&repo_root(), args);
    (transcript(args, &output), output.status.code())
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("emit-plan", name, &text);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The module without its `// slice` comments, which name each slice's file as it was given
/// (on the command line, or in the plan relative to it).
fn without_slice_comments(module: &[u8]) -> String {
    let text = String::from_utf8_lossy(module);
    text.lines().filter(|line| air_syntax::slice_origin::parse(line).is_none()).collect::<Vec<_>>().join("\n")
}

/// The round-trip property: every zero-config case of `testdata/merge` that merges, merged
/// again from the plan `--emit-plan` wrote, gives the same module byte for byte (the plan in
/// the directory the inputs are named from), and but for the `// slice` comments' file names
/// with the plan in another directory (its files relative to it).
#[test]
fn every_zero_config_merge_case_merges_again_from_its_emitted_plan() {
    let root = scratch("cases");
    let cases = repo_root().join(&root);
    copy_dir(&repo_root().join("testdata/merge"), &cases);
    let mut dirs: Vec<PathBuf> =
        std::fs::read_dir(&cases).unwrap().flatten().map(|e| e.path()).filter(|p| p.join("args").is_file()).collect();
    dirs.sort();
    let mut checked = Vec::new();
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let args_text = std::fs::read_to_string(dir.join("args")).unwrap();
        let mut args: Vec<&str> = vec!["merge"];
        args.extend(args_text.split_whitespace());
        // A plan names files: not standard input.
        let stdin = args.iter().enumerate().any(|(idx, arg)| *arg == "-" && args[idx - 1] != "-o");
        if args.contains(&"--plan") || stdin {
            continue;
        }
        let zero = air_stitch_in(dir, &args);
        if zero.status.code() != Some(0) {
            continue;
        }
        std::fs::create_dir_all(dir.join("plans")).unwrap();
        for (plan, same_comments) in [("p.toml", true), ("plans/p.toml", false)] {
            let mut emit = args.clone();
            emit.extend(["--emit-plan", plan]);
            let emitted = air_stitch_in(dir, &emit);
            if emitted.status.code() != Some(0) || emitted.stdout != zero.stdout {
                failures.push(format!("{name}: with --emit-plan {plan}:\n{}", transcript(&emit, &emitted)));
                continue;
            }
            let again_args = ["merge", "--plan", plan, "-o", "-"];
            let again = air_stitch_in(dir, &again_args);
            let same = if same_comments {
                again.stdout == zero.stdout
            } else {
                without_slice_comments(&again.stdout) == without_slice_comments(&zero.stdout)
            };
            if again.status.code() != Some(0) || !same {
                let plan_text = std::fs::read_to_string(dir.join(plan)).unwrap_or_default();
                failures.push(format!(
                    "{name}: the plan's merge differs:\n{plan_text}\n{}\n--- the zero-config merge\n{}",
                    transcript(&again_args, &again),
                    String::from_utf8_lossy(&zero.stdout)
                ));
            }
        }
        checked.push(name);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The cases cover binds, repeated stems, chosen prefixes, tile sizes, sections and names.
    for case in ["25-repeated-stems-numbered", "26-prefix-chosen", "29-tile-sizes-zero-config", "31-sections-picked"] {
        assert!(checked.iter().any(|c| c == case), "{case} not checked: {checked:?}");
    }
    assert!(checked.len() >= 20, "{checked:?}");
}

/// What the plan holds: the function's name, each argument's type with the slice arguments it
/// feeds (a --bind shows as two), each slice's file relative to the plan, its section, prefix,
/// wiring and tile sizes; the closing lines name the plan.
#[test]
fn the_emitted_plan_names_files_relative_to_itself() {
    let dir = scratch("relative");
    std::fs::create_dir_all(repo_root().join(&dir).join("plans")).unwrap();
    let plan = format!("{dir}/plans/fused.toml");
    let merged = format!("{dir}/fused.mlir");
    let args = [
        "merge",
        "testdata/merge/31-sections-picked/tests.mlir#3",
        "testdata/merge/e40-bind-type-mismatch/a.mlir",
        "--bind",
        "a.0=tests.1",
        "--tile-sizes",
        "a=2",
        "-o",
        &merged,
        "--emit-plan",
        &plan,
    ];
    let (mut seen, code) = run(&args);
    assert_eq!(code, Some(0), "{seen}");
    seen.push_str(&format!("--- {plan}\n{}", std::fs::read_to_string(repo_root().join(&plan)).unwrap()));
    snapshot("relative-to-the-plan", seen);
    let again = format!("{dir}/again.mlir");
    let (seen, code) = run(&["merge", "--plan", &plan, "-o", &again]);
    assert_eq!(code, Some(0), "{seen}");
    let read = |path: &str| std::fs::read(repo_root().join(path)).unwrap();
    assert_eq!(without_slice_comments(&read(&again)), without_slice_comments(&read(&merged)));
}

/// What a user does with the plan: `inputs` writes the arrays the device reads, and
/// `check-merge` takes the plan and its inputs, as far as the device, which this machine does
/// not have (its no-device stop, exit status 2, after every check of the plan).
#[test]
fn inputs_and_check_merge_take_the_emitted_plan() {
    let dir = scratch("device");
    // The kernels of testdata/check-merge, named as its placeholder kernels are: the merged
    // function `silu_add` (the output's stem), the slices `sm` and `ad`.
    let (plan, merged, inputs) =
        (format!("{dir}/silu_add.toml"), format!("{dir}/silu_add.mlir"), format!("{dir}/inputs.npz"));
    let merge = [
        "merge",
        "testdata/kernels/silu_mul_8192.mlir",
        "testdata/kernels/add_2048.mlir",
        "--prefix",
        "silu_mul_8192=sm",
        "--prefix",
        "add_2048=ad",
        "-o",
        &merged,
        "--emit-plan",
        &plan,
    ];
    let (mut seen, code) = run(&merge);
    assert_eq!(code, Some(0), "{seen}");
    let (inputs_seen, code) = run(&["inputs", "--plan", &plan, "-o", &inputs]);
    assert_eq!(code, Some(0), "{inputs_seen}");
    seen.push_str(&inputs_seen);
    let check = [
        "check-merge",
        "--plan",
        &plan,
        "--merged",
        "testdata/check-merge/build",
        "--slices",
        "testdata/check-merge/build/slices",
        "--inputs",
        &inputs,
    ];
    let (check_seen, code) = run(&check);
    assert_eq!(code, Some(2), "{check_seen}");
    seen.push_str(&check_seen);
    // What is missing depends on the build: the `xrt` feature itself (AS0930), or a device.
    let build = if cfg!(feature = "xrt") { "-xrt" } else { "" };
    snapshot(&format!("inputs-and-check-merge{build}"), seen);
}

/// A plan is an output like `-o`: refused with --plan, when it is another output or an input
/// (exit status 2, before any work), and for an input read from standard input; nothing is
/// written when the merge fails.
#[test]
fn emit_plan_usage_errors_write_nothing() {
    let dir = scratch("refused");
    let a = "testdata/merge/e40-bind-type-mismatch/a.mlir";
    let b = "testdata/merge/e40-bind-type-mismatch/b.mlir";
    let plan = format!("{dir}/p.toml");
    let out = format!("{dir}/out.mlir");
    let runs: Vec<Vec<&str>> = vec![
        vec!["merge", "--plan", "testdata/check-merge/silu_add.toml", "-o", &out, "--emit-plan", &plan],
        vec!["merge", a, "-o", &out, "--emit-plan", &out],
        vec!["merge", a, "-o", &out, "--emit-plan", a],
        vec!["merge", a, "-o", &out, "--emit-plan", &plan, "--roles", &plan],
        vec!["merge", a, "-", "-o", &out, "--emit-plan", &plan],
        vec!["merge", a, "-o", &out, "--emit-plan", "-", "--format", "json"],
        vec!["merge", a, b, "--bind", "b.0=a.1", "-o", &out, "--emit-plan", &plan],
    ];
    let mut seen = String::new();
    for args in &runs {
        let (text, code) = run(args);
        assert_ne!(code, Some(0), "{text}");
        seen.push_str(&text);
        seen.push('\n');
    }
    snapshot("refused", seen);
    let left: Vec<_> = std::fs::read_dir(repo_root().join(&dir)).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(left.is_empty(), "{left:?}");
    // The input named as the plan is intact.
    assert!(std::fs::read_to_string(repo_root().join(a)).unwrap().starts_with("module {"));
}

/// `--emit-plan -` writes the plan to standard output (its files relative to the current
/// directory), and the JSON report names the plan.
#[test]
fn the_plan_on_standard_output_and_in_the_json_report() {
    let dir = scratch("streams");
    let out = format!("{dir}/out.mlir");
    let plan = format!("{dir}/p.toml");
    let a = "testdata/merge/e40-bind-type-mismatch/a.mlir";
    let (mut seen, code) = run(&["merge", a, "-o", &out, "--emit-plan", "-"]);
    assert_eq!(code, Some(0), "{seen}");
    let (json, code) = run(&["merge", a, "-o", &out, "--emit-plan", &plan, "--format", "json"]);
    assert_eq!(code, Some(0), "{json}");
    seen.push_str(&json);
    snapshot("streams", seen);
}

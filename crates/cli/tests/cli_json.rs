//! The conventions every subcommand shares, end to end: `--format json` gives one document in
//! the schema of docs/diagnostics-json.md (snapshotted per subcommand under `snapshots/cli/`),
//! the module goes to `-o` while the report goes to stdout, a closed stdout ends the run quietly
//! with status 0, and check-bd's options take aircc's names and values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use serde_json::Value;
use std::io::Read;
use std::path::Path;
use std::process::{Output, Stdio};

/// Runs `air-stitch ARGS` in `dir` without AIR's verifier (no output depends on the machine).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    harness::air_stitch(args).in_dir(dir).env_remove("AIR_OPT").env("PATH", "/nonexistent").output()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch_dir(name: &str) -> air_testkit::ScratchDir {
    let dir = air_testkit::ScratchDir::new(&format!("cli-json-{name}"));
    std::os::unix::fs::symlink(repo_root().join("testdata"), dir.join("testdata")).unwrap();
    dir
}

/// The document's envelope, as docs/diagnostics-json.md promises it.
fn check_envelope(document: &Value, command: &str, schema: &str) {
    assert_eq!(document["schema"], schema, "{document}");
    assert_eq!(document["command"], command, "{document}");
    let diagnostics = document["diagnostics"].as_array().expect("`diagnostics` is an array");
    for diagnostic in diagnostics {
        for key in ["severity", "code", "message", "primary", "secondary", "help", "notes"] {
            assert!(diagnostic.get(key).is_some(), "a diagnostic without `{key}`: {diagnostic}");
        }
    }
    let summary = &document["summary"];
    assert!(summary["line"].is_string(), "{document}");
    let count = |severity: &str| diagnostics.iter().filter(|d| d["severity"] == severity).count() as u64;
    assert_eq!(summary["errors"].as_u64(), Some(count("error")), "{document}");
    assert_eq!(summary["warnings"].as_u64(), Some(count("warning")), "{document}");
    assert_eq!(summary["notes"].as_u64(), Some(count("note")), "{document}");
}

/// (snapshot name, subcommand, arguments, exit status, schema).
const JSON_CASES: &[(&str, &str, &[&str], i32, &str)] = &[
    ("parse", "parse", &["testdata/bad/redefinition.mlir"], 1, "air-stitch/diagnostics/1"),
    (
        "print",
        "print",
        &["testdata/verify/generic/cannot_convert.mlir", "--generic", "-o", "out.mlir"],
        1,
        "air-stitch/diagnostics/1",
    ),
    ("outline", "outline", &["testdata/kernels/gemv_k2048.mlir"], 0, "air-stitch/diagnostics/1"),
    ("merge", "merge", &["--plan", "testdata/plans/gemv_2k.toml", "-o", "fused.mlir"], 0, "air-stitch/diagnostics/1"),
    (
        "merge-failed",
        "merge",
        &["--plan", "testdata/merge/e03-duplicate-prefix/plan.toml", "-o", "fused.mlir"],
        1,
        "air-stitch/diagnostics/1",
    ),
    (
        "pass",
        "pass",
        &["externs", "--prefix", "q", "testdata/kernels/gemv_k2048.mlir", "-o", "out.mlir"],
        0,
        "air-stitch/diagnostics/1",
    ),
    (
        "check-bd",
        "check-bd",
        &["testdata/check-bd/bad_unparseable.mlir", "testdata/kernels/rope_2048x512.mlir"],
        1,
        "air-stitch/check-bd/1",
    ),
    (
        "verify",
        "verify",
        &["--no-air-opt", "testdata/verify/errors/void_func_return.mlir"],
        1,
        "air-stitch/diagnostics/1",
    ),
];

#[test]
fn every_reporting_subcommand_writes_one_json_document() {
    let dir = scratch_dir("documents");
    for (name, command, args, exit, schema) in JSON_CASES {
        let mut all = vec![*command, "--format", "json"];
        all.extend(*args);
        let output = run_in(&dir, &all);
        assert_eq!(output.status.code(), Some(*exit), "{name}: {}", text(&output.stderr));
        // JSON mode says everything in the document: stderr stays empty.
        assert_eq!(text(&output.stderr), "", "{name}");
        let document: Value = serde_json::from_str(&text(&output.stdout)).expect("one JSON document");
        check_envelope(&document, command, schema);
        let suffix = if *command == "verify" && cfg!(feature = "mlir") { "-mlir" } else { "" };
        harness::snapshot("cli", &format!("json-{name}{suffix}"), &serde_json::to_string_pretty(&document).unwrap());
    }
    // With -o the module went to the file, the report to stdout.
    let merged = std::fs::read_to_string(dir.join("fused.mlir")).unwrap();
    assert!(merged.contains("\nmodule {") && air_syntax::parse(&merged).errors.is_empty());
    // The same module as the text mode prints.
    let text_mode = run_in(&dir, &["pass", "externs", "--prefix", "q", "testdata/kernels/gemv_k2048.mlir"]);
    assert_eq!(std::fs::read(dir.join("out.mlir")).unwrap(), text_mode.stdout);
}

#[test]
fn json_reports_need_the_module_on_a_file() {
    let dir = scratch_dir("stdout-taken");
    for args in [
        &["print", "--format", "json", "testdata/kernels/gemv_k2048.mlir"][..],
        &["pass", "prefix-ssa", "--prefix", "q", "--format", "json", "testdata/kernels/gemv_k2048.mlir"],
        &["merge", "--plan", "testdata/plans/gemv_2k.toml", "-o", "-", "--format", "json"],
        &[
            "merge",
            "--plan",
            "testdata/plans/gemv_2k.toml",
            "-o",
            "x.mlir",
            "--externs-report",
            "-",
            "--format",
            "json",
        ],
    ] {
        let output = run_in(&dir, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(output.stdout, b"", "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with("error: --format json writes its report to standard output"), "{stderr}");
    }
    assert!(!dir.join("x.mlir").exists(), "a usage error writes nothing");
}

#[test]
fn errors_name_the_path_the_user_gave_once() {
    let dir = scratch_dir("paths");
    let output = run_in(&dir, &["merge", "testdata/kernels/gemv_k2048.mlir", "-o", "/nonexistent/dir/o.mlir"]);
    assert_eq!(
        (output.status.code(), text(&output.stderr)),
        (Some(2), "error: cannot write /nonexistent/dir/o.mlir: there is no directory /nonexistent/dir\n".to_string())
    );
    // A slice the plan names that cannot be read: the coded diagnostic, then the closing line.
    let output = run_in(
        &dir,
        &["merge", "--color", "never", "--plan", "testdata/merge/e07-missing-slice-file/plan.toml", "-o", "x.mlir"],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr.matches("cannot read").count(), 1, "{stderr}");
    assert!(stderr.ends_with("\nmerge failed: 1 error; nothing written\n"), "{stderr}");
    // Several files checked: the skipped one is named.
    let output = run_in(
        &dir,
        &[
            "check-bd",
            "--color",
            "never",
            "testdata/kernels/rope_2048x512.mlir",
            "testdata/check-bd/bad_unparseable.mlir",
        ],
    );
    let stderr = text(&output.stderr);
    assert!(stderr.contains("note[AS0433]: check-bd skipped testdata/check-bd/bad_unparseable.mlir because it does not parse\n --> testdata/check-bd/bad_unparseable.mlir:1:1"), "{stderr}");
}

/// `copies` chunks of a shipped file: an input whose output is far larger than a pipe's buffer.
fn big_input(dir: &Path, name: &str, source: &str, copies: usize) -> String {
    let text = std::fs::read_to_string(repo_root().join(source)).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, vec![text.as_str(); copies].join("\n// -----\n")).unwrap();
    name.to_string()
}

/// Runs the binary with stdout on a pipe, reads a little of it and closes the pipe, as
/// `| head -1` does.
fn run_into_closed_pipe(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = harness::air_stitch(args)
        .in_dir(dir)
        .env_remove("AIR_OPT")
        .into_command()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Standard error is drained meanwhile, so that a child with much to say there cannot block.
    let mut stderr_pipe = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut stderr = Vec::new();
        let _ = stderr_pipe.read_to_end(&mut stderr);
        stderr
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let code = child.wait().unwrap().code();
    (code, text(&stderr.join().unwrap()))
}

#[test]
fn a_closed_stdout_ends_the_run_quietly_with_status_0() {
    let dir = scratch_dir("pipe");
    let gemm = "testdata/kernels/gemm_2048x2048x2048.mlir";
    let big = big_input(&dir, "big.mlir", gemm, 200);
    let bad = big_input(&dir, "bad.mlir", "testdata/bad/redefinition.mlir", 3000);
    let many_gemms = vec![gemm; 40];
    // Each prints at least 300 kB to stdout, far more than a pipe holds.
    let cases: Vec<Vec<&str>> = vec![
        vec!["print", &big],
        vec!["print", "--split-input-file", "--generic", &big],
        vec!["outline", "--split-input-file", &big],
        vec!["check-bd", "--report", "--split-input-file", &big],
        vec!["parse", "--split-input-file", "--format", "json", &bad],
        [&["merge"][..], &many_gemms, &["-o", "-"]].concat(),
    ];
    for args in cases {
        let (code, stderr) = run_into_closed_pipe(&dir, &args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        // Whatever the run reported before, nothing about the pipe, and no closing line.
        assert!(!stderr.contains("error") || args[0] == "check-bd", "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe") && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// check-bd's JSON document for `args` on a shipped kernel.
fn check_bd_json(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["check-bd", "--format", "json"];
    all.extend(args);
    let output = run_in(dir, &all);
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

#[test]
fn check_bd_takes_aircc_option_names_and_values() {
    let dir = scratch_dir("aircc-options");
    let kernel = "testdata/kernels/gemm_2048x2048x2048.mlir";
    let options = |stdout: &str| -> Value { serde_json::from_str::<Value>(stdout).unwrap()["options"].clone() };
    // aircc's name and the old one are the same option; a level follows `=`.
    let (_, aircc, _) = check_bd_json(&dir, &["--omit-ping-pong-transform", kernel]);
    let (_, old, _) = check_bd_json(&dir, &["--omit-pingpong", kernel]);
    assert_eq!(aircc, old);
    assert_eq!(options(&aircc)["omit_pingpong"], "all");
    let (_, l2, _) = check_bd_json(&dir, &["--omit-ping-pong-transform=L2", kernel]);
    assert_eq!(options(&l2)["omit_pingpong"], "L2");
    let (_, l1, _) = check_bd_json(&dir, &["--omit-pingpong=L1", kernel]);
    assert_eq!(options(&l1)["omit_pingpong"], "L1");
    // `--omit-pingpong L1 f.mlir`: the level is not read as a file.
    let (code, _, stderr) = check_bd_json(&dir, &["--omit-pingpong", "L1", kernel]);
    assert_eq!(
        (code, stderr.as_str()),
        (2, "error: `L1` is not an input file: the level of --omit-ping-pong-transform follows an `=`: --omit-ping-pong-transform=L1\n")
    );
    // Tile sizes: one, two or three positive integers; spaces allowed; repeated as aircc takes it.
    let (_, commas, _) = check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes", "2,2", kernel]);
    let (_, spaced, _) = check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes", "2, 2", kernel]);
    let (_, repeated, _) =
        check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes=2", "--air-runtime-loop-tiling-sizes=2", kernel]);
    assert_eq!(options(&commas)["runtime_loop_tiling_sizes"], serde_json::json!([2, 2]));
    assert_eq!((&commas, &commas), (&spaced, &repeated));
    for sizes in ["4", "2,2", "2,2,1"] {
        let (code, stdout, stderr) = check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes", sizes, kernel]);
        assert!(code == 0 || code == 1, "{sizes}: {stderr}");
        assert_eq!(
            options(&stdout)["runtime_loop_tiling_sizes"].as_array().map(Vec::len),
            Some(sizes.split(',').count())
        );
    }
    let (code, _, stderr) = check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes", "0,0", kernel]);
    assert_eq!(
        (code, stderr.as_str()),
        (2, "error: --air-runtime-loop-tiling-sizes 0,0: tile sizes are positive integers (a single 0 alone turns tiling off, as for aircc)\n")
    );
    let (code, _, stderr) = check_bd_json(&dir, &["--air-runtime-loop-tiling-sizes", "2,x", kernel]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`x` is not a tile size: tile sizes are positive integers"), "{stderr}");
}

/// `air.shim_dma_tile_sizes` on a launch opts it in to tiling; aircc's single `0` turns tiling
/// off for every launch whatever the attribute says, as AIROptimizeShimDMABDs does.
#[test]
fn a_single_zero_tile_size_turns_per_launch_tiling_off() {
    let dir = scratch_dir("tiling-zero");
    let kernel = dir.join("per_launch.mlir");
    let source = std::fs::read_to_string(repo_root().join("testdata/check-bd/f18_gemv_b_vector_rereads.mlir")).unwrap();
    // The same kernel with the launch opting in to tiling by its attribute.
    let with_attr: Vec<String> = source
        .lines()
        .map(|line| match line.trim_start().starts_with("air.launch (") {
            true => line.replace(" {", "").to_string() + " attributes {air.shim_dma_tile_sizes = array<i64: 2, 2>} {",
            false => line.to_string(),
        })
        .collect();
    let with_attr = with_attr.join("\n") + "\n";
    assert_ne!(with_attr, source, "the fixture has a launch");
    std::fs::write(&kernel, &with_attr).unwrap();
    let kernel = kernel.to_str().unwrap();
    let errors = |args: &[&str]| -> u64 {
        let (_, stdout, stderr) = check_bd_json(&dir, args);
        let document: Value = serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("{args:?}: {stderr}"));
        document["summary"]["errors"].as_u64().unwrap()
    };
    let untiled = errors(&["testdata/check-bd/f18_gemv_b_vector_rereads.mlir"]);
    assert!(untiled > 0, "the fixture's launch loop needs tiling (its repeat count)");
    assert_eq!(errors(&[kernel]), 0, "the attribute tiles the launch");
    assert_eq!(errors(&["--air-runtime-loop-tiling-sizes", "0", kernel]), untiled, "`0` turns the attribute off");
}

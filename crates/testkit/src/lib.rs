//! Helpers shared by the workspace's tests, benches and examples (a dev-dependency only): the
//! repository root, sorted test-data listings, the upstream MLIR-AIR corpus with its
//! `MANIFEST.tsv` flags, finding and running `mlir-opt-22` and AIR's own verifier (`air-opt`),
//! and feeding a child process stdin.
//!
//! Skip rules: a missing corpus, `mlir-opt-22` or `air-opt` gives `None` (the caller skips),
//! except under `CI=true`, where it is a failure: CI must run every test.
// A failing helper is a failing test: panicking with the reason is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Whether the tests run under CI (`CI=true`), where nothing may be skipped.
pub fn on_ci() -> bool {
    std::env::var("CI").as_deref() == Ok("true")
}

/// The repository (workspace) root.
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    // This crate lives at `crates/testkit`.
    manifest.ancestors().nth(2).unwrap_or(manifest).to_path_buf()
}

/// The files of `dir` whose names end in `.{extension}`, sorted, so that adding a file adds a
/// test case. Panics when `dir` cannot be read: test data must exist.
pub fn sorted_files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// The upstream corpus (`shared/corpus/mlir-air`): `$AIR_STITCH_CORPUS`, else the nearest
/// `shared/corpus/mlir-air` above the workspace, else `/work/shared/corpus/mlir-air`. `None`
/// when none exists (the caller skips); under `CI=true` a missing corpus is a failure.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("AIR_STITCH_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    let found = repo_root()
        .ancestors()
        .map(|ancestor| ancestor.join("shared/corpus/mlir-air"))
        .chain([PathBuf::from("/work/shared/corpus/mlir-air")])
        .find(|candidate| candidate.is_dir());
    if found.is_none() {
        assert!(!on_ci(), "the mlir-air corpus was not found; set AIR_STITCH_CORPUS");
        eprintln!("corpus not found; skipping (set AIR_STITCH_CORPUS)");
    }
    found
}

/// One corpus file with its manifest expectations.
#[derive(Clone, Debug)]
pub struct CorpusFile {
    /// Path relative to the corpus directory, with `/` separators.
    pub relpath: String,
    pub path: PathBuf,
    /// Split on `// -----` (MANIFEST `split_markers = yes`).
    pub split: bool,
    /// Expected to be valid (MANIFEST `expect_invalid = no`).
    pub valid: bool,
}

/// Every `.mlir` file under the corpus directory, sorted by relative path, with the flags of
/// `MANIFEST.tsv`. A file the manifest does not list counts as valid, and is split when it
/// contains a `// -----` marker.
pub fn corpus_files(dir: &Path) -> Vec<CorpusFile> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    // Columns: relpath, bytes, has_air_ops, split_markers, expect_invalid.
    let mut flags = BTreeMap::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() >= 5 {
            flags.insert(cols[0].to_string(), (cols[3] == "yes", cols[4] == "no"));
        }
    }
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                let relpath = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
                let (split, valid) = flags.get(&relpath).copied().unwrap_or_else(|| {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    (text.contains(air_syntax::SPLIT_MARKER), true)
                });
                files.push(CorpusFile { relpath, path, split, valid });
            }
        }
    }
    files.sort_by(|a, b| a.relpath.cmp(&b.relpath));
    files
}

/// `mlir-opt-22`: on PATH, else `/usr/lib/llvm-22/bin/mlir-opt` or `/usr/bin/mlir-opt-22`,
/// whichever runs first. `None` when none does (the caller skips); under `CI=true` its absence
/// is a failure.
pub fn mlir_opt() -> Option<PathBuf> {
    let found =
        ["mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt", "/usr/bin/mlir-opt-22"].into_iter().find(|candidate| {
            Command::new(candidate)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        });
    if found.is_none() {
        assert!(!on_ci(), "mlir-opt-22 not found (install mlir-22-tools); CI runs the mlir-opt tests");
        eprintln!("mlir-opt-22 not found; skipping");
    }
    found.map(PathBuf::from)
}

/// Runs `mlir-opt --allow-unregistered-dialect [--split-input-file] -o /dev/null -` on `text`:
/// `Ok` when it accepts the text, otherwise its stderr.
pub fn run_mlir_opt(mlir_opt: &Path, text: &[u8], split: bool) -> Result<(), String> {
    let mut command = Command::new(mlir_opt);
    command.arg("--allow-unregistered-dialect");
    if split {
        command.arg("--split-input-file");
    }
    let output = run_with_stdin(command.args(["-o", "/dev/null", "-"]), text);
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// Runs `command` with `input` on its stdin and its stdout and stderr captured. The input is
/// written from another thread, so a child that writes much before reading all of it cannot
/// block on a full pipe.
pub fn run_with_stdin(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawning {:?}: {e}", command.get_program()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let owned = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A child that exits without reading everything closes the pipe: not our failure.
        let _ = stdin.write_all(&owned);
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("running {:?}: {e}", command.get_program()));
    let _ = writer.join();
    output
}

/// AIR's own parser and verifier: `$AIR_OPT`, else `air-opt` on PATH (`tools/test-all.sh`
/// builds `air-mini-opt` with `../shared/air-opt/build.sh` and exports `AIR_OPT`). `None` when
/// neither runs (the caller skips); under `CI=true` its absence is a failure.
pub fn air_opt() -> Option<PathBuf> {
    let from_env = std::env::var_os("AIR_OPT").filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(path) = &from_env {
        assert!(runs(path), "AIR_OPT={} does not run (`{} --version` failed)", path.display(), path.display());
    }
    let found = from_env.or_else(|| Some(PathBuf::from("air-opt")).filter(|p| runs(p)));
    if found.is_none() {
        assert!(
            !on_ci(),
            "AIR's verifier was not found: set AIR_OPT or put air-opt on PATH (tools/test-all.sh builds it)"
        );
        eprintln!("air-opt not found (set AIR_OPT); skipping");
    }
    found
}

fn runs(program: &Path) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// What AIR's verifier said about a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AirVerdict {
    /// Exit status 0.
    Accepted,
    /// A verdict: exit status 1..=123, with its stderr.
    Rejected(String),
    /// Exit status 124 or above, or killed by a signal: the tool crashed, which is no verdict.
    Crashed(String),
}

impl AirVerdict {
    pub fn is_accepted(&self) -> bool {
        matches!(self, AirVerdict::Accepted)
    }
}

/// Runs `air-opt [--split-input-file] ARGS... -` on `text` (stdin); stdout is the caller's
/// through [`run_air_opt_output`], here it is discarded with `-o /dev/null`.
pub fn run_air_opt(air_opt: &Path, text: &[u8], split: bool) -> AirVerdict {
    let (verdict, _) = run_air_opt_output(air_opt, text, split, &["-o", "/dev/null"]);
    verdict
}

/// Runs `air-opt [--split-input-file] ARGS... -` on `text` and returns the verdict and stdout.
pub fn run_air_opt_output(air_opt: &Path, text: &[u8], split: bool, args: &[&str]) -> (AirVerdict, String) {
    let mut command = Command::new(air_opt);
    if split {
        command.arg("--split-input-file");
    }
    let output = run_with_stdin(command.args(args).arg("-"), text);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let verdict = match output.status.code() {
        Some(0) => AirVerdict::Accepted,
        Some(code) if code < 124 => AirVerdict::Rejected(stderr),
        code => AirVerdict::Crashed(format!("air-opt crashed (exit status {code:?}): {stderr}")),
    };
    (verdict, String::from_utf8_lossy(&output.stdout).into_owned())
}

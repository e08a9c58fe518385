//! Helpers shared by the workspace's tests, benches and examples (a dev-dependency only): the
//! repository root, sorted test-data listings, the upstream MLIR-AIR corpus (pinned by
//! `testdata/corpus/mlir-air.tsv`, see [`corpus`]), finding and running `mlir-opt-22` and AIR's
//! own verifier (`air-opt`), feeding a child process stdin, synthetic AIR text
//! ([`synthetic`]), the tools' generated files ([`files`]) and a WebDAV server for the compile
//! cache's shared tier ([`webdav`]).
//!
//! Skip rules: a missing corpus, `mlir-opt-22` or `air-opt` gives `None` (the caller skips),
//! except under `CI=true`, where it is a failure: CI must run every test.
// A failing helper is a failing test: panicking with the reason is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod corpus;
pub mod files;
pub mod lowering;
pub mod synthetic;
pub mod webdav;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

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

/// The upstream corpus folder, found as [`corpus::locate`] says and checked against the
/// manifest (every file present with its pinned git blob id; a corpus that is not the pinned
/// one is a failure everywhere). `None` when it is not found (the caller skips); under
/// `CI=true` that is a failure whose message names every way to give it.
pub fn corpus_dir() -> Option<PathBuf> {
    static FOUND: OnceLock<Result<Option<PathBuf>, String>> = OnceLock::new();
    match FOUND.get_or_init(find_corpus) {
        Ok(Some(dir)) => Some(dir.clone()),
        Ok(None) => {
            eprintln!("corpus not found; skipping (set AIR_STITCH_CORPUS; see testdata/corpus/README.md)");
            None
        }
        Err(message) => panic!("{message}"),
    }
}

/// The repository's corpus manifest ([`corpus::MANIFEST_PATH`]), read once.
pub fn corpus_manifest() -> &'static corpus::Manifest {
    static MANIFEST: OnceLock<corpus::Manifest> = OnceLock::new();
    MANIFEST.get_or_init(|| {
        let path = repo_root().join(corpus::MANIFEST_PATH);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        corpus::parse_manifest(&text).unwrap_or_else(|e| panic!("{e}"))
    })
}

fn find_corpus() -> Result<Option<PathBuf>, String> {
    let manifest = corpus_manifest();
    let root = repo_root();
    let (dir, origin) = match corpus::locate(|name| std::env::var(name).ok(), &root)? {
        corpus::Lookup::Found(dir, origin) => (dir, origin),
        corpus::Lookup::Fetch => (fetch_corpus(&root)?, corpus::Origin::Fetched),
        corpus::Lookup::Missing if on_ci() => return Err(corpus::missing_message(manifest)),
        corpus::Lookup::Missing => return Ok(None),
    };
    corpus::check_files(manifest, &dir, origin, |path| std::fs::read(path).ok())?;
    Ok(Some(dir))
}

/// Runs `tools/fetch-corpus.sh` (its progress on our stderr); the folder is its last line.
fn fetch_corpus(root: &Path) -> Result<PathBuf, String> {
    let script = root.join("tools/fetch-corpus.sh");
    let output = Command::new("bash")
        .arg(&script)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("running {}: {e}", script.display()))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    match stdout.lines().last() {
        Some(dir) if output.status.success() => Ok(PathBuf::from(dir)),
        _ => Err(format!("AIR_STITCH_FETCH=1: {} failed ({}); its message is above", script.display(), output.status)),
    }
}

/// One corpus file with its manifest expectations.
#[derive(Clone, Debug)]
pub struct CorpusFile {
    /// Path relative to the corpus directory, with `/` separators.
    pub relpath: String,
    pub path: PathBuf,
    /// Upstream's test splits it on `// -----` (manifest `split = yes`).
    pub split: bool,
    /// Upstream's test expects it to pass (manifest `expect = valid`).
    pub valid: bool,
    /// The manifest's `expect` column: `valid`, or `invalid:` with the reasons.
    pub expect: String,
}

/// The manifest's files under the corpus directory `dir`, sorted by relative path.
pub fn corpus_files(dir: &Path) -> Vec<CorpusFile> {
    corpus_manifest()
        .entries
        .iter()
        .map(|entry| CorpusFile {
            relpath: entry.path.clone(),
            path: dir.join(&entry.path),
            split: entry.split,
            valid: entry.is_valid(),
            expect: entry.expect(),
        })
        .collect()
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
///
/// A crash is run again, up to [`CRASH_RETRIES`] times, and is the verdict only when it repeats:
/// AIR's parser now and then segfaults while recovering from a chunk it rejects (about 1 run in
/// 50 of the corpus batch; `OpBuilder::create` under `air.herd` after `custom op 'air.pipeline'
/// is unknown`, test/airhost/33_air_pipeline), which says nothing about the chunks it judged.
pub fn run_air_opt_output(air_opt: &Path, text: &[u8], split: bool, args: &[&str]) -> (AirVerdict, String) {
    let mut attempt = 0;
    loop {
        let (verdict, stdout) = run_air_opt_once(air_opt, text, split, args);
        if !matches!(verdict, AirVerdict::Crashed(_)) || attempt == CRASH_RETRIES {
            return (verdict, stdout);
        }
        attempt += 1;
    }
}

/// How often [`run_air_opt_output`] runs a crashed air-opt again.
pub const CRASH_RETRIES: usize = 3;

fn run_air_opt_once(air_opt: &Path, text: &[u8], split: bool, args: &[&str]) -> (AirVerdict, String) {
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

/// The `// expect:` header line that marks a test input as invalid AIR on purpose.
pub const EXPECT_INVALID_AIR: &str = "// expect: invalid-air";

/// Whether a test input is invalid AIR on purpose, so that AIR's verifier must reject it: its
/// file stem says so (`bad_*`, `*_invalid*`), or one of its leading `//` lines is
/// `// expect: invalid-air` ([`EXPECT_INVALID_AIR`]). Every other `.mlir` file the project ships
/// as an input or fixture must be accepted by AIR.
pub fn marked_invalid_air(path: &Path, text: &str) -> bool {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    stem.starts_with("bad_")
        || stem.contains("_invalid")
        || text.lines().take_while(|l| l.starts_with("//")).any(|l| l.trim_end() == EXPECT_INVALID_AIR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_air_is_marked_by_name_or_by_a_header_line() {
        let module = "module {\n}\n";
        assert!(marked_invalid_air(Path::new("d/bad_unparseable.mlir"), module));
        assert!(marked_invalid_air(Path::new("d/ids_invalid_count.mlir"), module));
        assert!(!marked_invalid_air(Path::new("d/ok_gemm.mlir"), module));
        assert!(!marked_invalid_air(Path::new("d/badge.mlir"), module));
        let header = "// check-bd:\n// expect: invalid-air\nmodule {\n}\n";
        assert!(marked_invalid_air(Path::new("d/f99.mlir"), header));
        // Only the leading comment block is the header.
        let late = "// check-bd:\nmodule {\n// expect: invalid-air\n}\n";
        assert!(!marked_invalid_air(Path::new("d/f99.mlir"), late));
    }
}

/// A test's scratch directory, `$TMPDIR/air-stitch-LABEL-PID`, emptied when made and removed
/// with its contents when dropped, so that test runs leave nothing behind in `/tmp`.
#[derive(Debug)]
pub struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    pub fn new(label: &str) -> ScratchDir {
        let path = std::env::temp_dir().join(format!("air-stitch-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("creating {}: {e}", path.display()));
        ScratchDir { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl std::ops::Deref for ScratchDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for ScratchDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

//! Helpers shared by the verify crate's integration tests: the repository's test data, the
//! upstream corpus, `mlir-opt-22`, and rendering diagnostics the way the CLI does.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)]

use air_diagnostics::{render, Diagnostic, FileId, LineIndex, RenderOptions, SourceMap};
use air_syntax::{parse, split_input_file, Parse};
use air_verify::Input;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.mlir` files of a test-data folder, sorted (adding a file adds a test).
pub fn testdata(folder: &str) -> Vec<PathBuf> {
    let dir = repo_root().join("testdata/verify").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    files
}

/// `testdata/verify/errors/x.mlir` for a file under the repository.
pub fn display_name(path: &Path) -> String {
    let root = repo_root().canonicalize().unwrap();
    let path = path.canonicalize().unwrap();
    path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/")
}

/// `name` for snapshots: the file stem.
pub fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// A whole file, parsed as one chunk or split on `// -----`.
pub struct Parsed {
    pub name: String,
    pub text: String,
    pub lines: LineIndex,
    pub chunks: Vec<(u32, Parse)>,
}

impl Parsed {
    pub fn new(name: &str, text: String, split: bool) -> Parsed {
        let chunks = if split {
            split_input_file(&text).into_iter().map(|c| (c.offset, parse(c.text))).collect()
        } else {
            vec![(0, parse(&text))]
        };
        let lines = LineIndex::new(&text);
        Parsed { name: name.to_string(), text, lines, chunks }
    }

    pub fn inputs(&self) -> Vec<Input<'_>> {
        self.chunks
            .iter()
            .map(|(offset, parse)| Input {
                name: &self.name,
                file: FileId(0),
                text: &self.text,
                lines: &self.lines,
                offset: *offset,
                parse,
            })
            .collect()
    }
}

/// Renders diagnostics as the CLI does with `--color never` (file registered as `FileId(0)`).
pub fn render_all(name: &str, text: &str, diagnostics: &[Diagnostic]) -> String {
    let mut sources = SourceMap::new();
    sources.add(name, text);
    diagnostics.iter().map(|d| render(d, &sources, RenderOptions { color: false }) + "\n").collect()
}

/// The upstream corpus, as the syntax crate's tests find it; `None` skips (fails under CI).
pub fn corpus_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("AIR_STITCH_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    for ancestor in Path::new(env!("CARGO_MANIFEST_DIR")).ancestors() {
        let candidate = ancestor.join("shared/corpus/mlir-air");
        if candidate.is_dir() {
            return Some(candidate);
        }
    }
    let fallback = PathBuf::from("/work/shared/corpus/mlir-air");
    if fallback.is_dir() {
        return Some(fallback);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("the mlir-air corpus was not found; set AIR_STITCH_CORPUS");
    }
    None
}

/// One corpus file: path relative to the corpus, whether to split, whether it is valid.
pub struct CorpusFile {
    pub relpath: String,
    pub path: PathBuf,
    pub split: bool,
    pub valid: bool,
}

/// The corpus files listed in `MANIFEST.tsv`, sorted.
pub fn corpus_files(dir: &Path) -> Vec<CorpusFile> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut files: Vec<CorpusFile> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 5).then(|| CorpusFile {
                relpath: cols[0].to_string(),
                path: dir.join(cols[0]),
                split: cols[3] == "yes",
                valid: cols[4] == "no",
            })
        })
        .collect();
    files.sort_by(|a, b| a.relpath.cmp(&b.relpath));
    files
}

/// `mlir-opt-22` on PATH or in /usr/lib/llvm-22/bin. Absent: `None`, or a panic under
/// `CI=true` (CI must run these tests).
pub fn mlir_opt() -> Option<PathBuf> {
    let candidates = [PathBuf::from("mlir-opt-22"), PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt")];
    for candidate in candidates {
        let works = Command::new(&candidate)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if works {
            return Some(candidate);
        }
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("mlir-opt-22 not found (install mlir-22-tools); CI runs the mlir-opt round trip");
    }
    None
}

/// Runs `mlir-opt --allow-unregistered-dialect [--split-input-file] -` on `text`; returns
/// its stderr on failure.
pub fn run_mlir_opt(mlir_opt: &Path, text: &str, split: bool) -> Result<(), String> {
    use std::io::Write;
    let mut command = Command::new(mlir_opt);
    command.arg("--allow-unregistered-dialect");
    if split {
        command.arg("--split-input-file");
    }
    let mut child = command
        .args(["-o", "/dev/null", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawning mlir-opt");
    let mut stdin = child.stdin.take().expect("stdin");
    let owned = text.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(owned.as_bytes());
    });
    let output = child.wait_with_output().expect("running mlir-opt");
    let _ = writer.join();
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// Snapshot settings: `snapshots/verify/`, no module prefix.
#[macro_export]
macro_rules! snapshot_settings {
    ($body:block) => {
        insta::with_settings!({
            snapshot_path => "../../../snapshots/verify",
            prepend_module_to_snapshot => false,
        }, $body)
    };
}

//! Helpers shared by the verify crate's integration tests: the repository's test data, parsed
//! inputs for `air_verify`, and rendering diagnostics the way the CLI does (the corpus and
//! `mlir-opt-22` come from `air_testkit`).
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)]

use air_diagnostics::{render, Diagnostic, FileId, LineIndex, RenderOptions, SourceMap};
use air_syntax::{parse, split_input_file, Parse};
use air_testkit::repo_root;
use air_verify::Input;
use std::path::{Path, PathBuf};

/// The `.mlir` files of a test-data folder, sorted (adding a file adds a test).
pub fn testdata(folder: &str) -> Vec<PathBuf> {
    air_testkit::sorted_files(&repo_root().join("testdata/verify").join(folder), "mlir")
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

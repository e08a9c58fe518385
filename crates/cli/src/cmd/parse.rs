//! `air-stitch parse`: check that files parse without errors or unresolved values.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::report::{count, Report};
use air_diagnostics::{Diagnostic, SourceMap};
use std::path::PathBuf;

/// Parse MLIR/AIR files and report syntax errors and unresolved SSA values.
///
/// Exit status: 0 when every file parses cleanly (and, with --roundtrip, prints back
/// identically), 1 when any has problems, 2 for usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch parse testdata/kernels/gemv_k2048.mlir
  air-stitch parse --split-input-file --roundtrip testdata/verify/generic/split_chunks.mlir
  air-stitch parse --format json testdata/kernels/*.mlir")]
pub struct Opts {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Split each file on `// -----` and parse the sections independently.
    #[arg(long)]
    split_input_file: bool,
    /// Also check that printing the tree gives back the input byte for byte.
    #[arg(long)]
    roundtrip: bool,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        crate::outputs::RunFiles::inputs(&self.files).check()?;
        let mut sources = SourceMap::new();
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut chunk_count = 0usize;
        let mut bad_files = 0usize;
        for path in &self.files {
            let before = diagnostics.len();
            let (file, _) = match load::text(path, &mut sources)? {
                Ok(read) => read,
                Err(diagnostic) => {
                    diagnostics.push(diagnostic);
                    bad_files += 1;
                    continue;
                }
            };
            let text = sources.text(file).to_string();
            for chunk in common::parse_chunks(&text, self.split_input_file) {
                chunk_count += 1;
                diagnostics.extend(chunk.errors(file));
                let chunk_text = &text[chunk.offset as usize..chunk.offset as usize + chunk.parse.tree.text().len()];
                if self.roundtrip && chunk.parse.tree.print() != chunk_text {
                    diagnostics.push(
                        Diagnostic::error(
                            crate::codes::ROUNDTRIP_MISMATCH,
                            "printing the tree does not reproduce the input",
                        )
                        .with_primary(file, air_diagnostics::TextRange::empty(chunk.offset), "this chunk")
                        .with_help("this is a bug in air-stitch's parser: please report it with this file"),
                    );
                }
            }
            if diagnostics.len() > before {
                bad_files += 1;
            }
        }
        let mut report = Report::new("parse", self.format.format, &self.global);
        report.add(&diagnostics, &sources);
        let files = self.files.len();
        report.count("files", files);
        report.count("chunks", chunk_count);
        report.count("files_with_problems", bad_files);
        let what = if self.roundtrip { "parse and round-trip" } else { "parse" };
        let inputs = format!("{}, {}", count(files, "file"), count(chunk_count, "section"));
        let line = if bad_files == 0 {
            format!("parse: {inputs}: all {what}")
        } else {
            let problems = report.tally().errors_and_warnings();
            format!("parse: {inputs}: {} with problems ({problems})", count(bad_files, "file"))
        };
        report.finish(&line)?;
        Ok(Outcome::from_problems(bad_files > 0))
    }
}

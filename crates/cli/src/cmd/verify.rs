//! `air-stitch verify`: AIR's structural checks and, when built with feature `mlir`, MLIR's
//! own parser and verifier on the generic form, with every finding at the original text.

use crate::common::{self, Format, GlobalOpts, Outcome};
use air_diagnostics::{Diagnostic, LineIndex, SourceMap};
use std::path::PathBuf;

/// Verify MLIR/AIR files: syntax, AIR's structural rules (isolated hierarchy bodies, `args`
/// arity and types, ids/sizes, async tokens, terminators, channels, `func.return`), and with
/// the `mlir` feature MLIR 22 itself (SSA values, types, upstream ops) on the generic form.
///
/// Exit status: 0 when no file has errors, 1 when any has, 2 for usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  air-stitch verify fused.mlir\n  air-stitch verify --split-input-file --format json tests/*.mlir"
)]
pub struct Opts {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Split each file on `// -----` and verify the chunks independently.
    #[arg(long)]
    split_input_file: bool,
    /// Output format of the diagnostics (JSON goes to stdout).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut sources = SourceMap::new();
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut chunk_count = 0usize;
        let mut bad_files = 0usize;
        for path in &self.files {
            let raw = common::read_input(path)?;
            let (file, decoded) = common::register(&mut sources, &raw);
            if let Err(diagnostic) = decoded {
                diagnostics.push(diagnostic);
                bad_files += 1;
                continue;
            }
            let text = sources.text(file).to_string();
            let lines = LineIndex::new(&text);
            let mut file_has_errors = false;
            for chunk in common::parse_chunks(&text, self.split_input_file) {
                chunk_count += 1;
                let input = chunk.input(&raw.name, file, &text, &lines);
                let found = air_verify::verify_chunk(&input);
                file_has_errors |= found.iter().any(|d| d.is_error());
                diagnostics.extend(found);
            }
            if file_has_errors {
                bad_files += 1;
            }
        }
        if !air_verify::MLIR_BUILT_IN {
            diagnostics.push(air_verify::mlir_not_built_note());
        }
        common::emit_as(self.format, &diagnostics, &sources, &self.global);
        let files = self.files.len();
        let how = if air_verify::MLIR_BUILT_IN { "structural checks and MLIR 22" } else { "structural checks only" };
        let summary = if bad_files == 0 {
            format!("{files} file{}, {chunk_count} chunk{}: verified ({how})", plural(files), plural(chunk_count))
        } else {
            let errors = air_diagnostics::error_count(&diagnostics);
            format!(
                "{files} file{}, {chunk_count} chunk{}: {bad_files} with errors ({errors} error{}; {how})",
                plural(files),
                plural(chunk_count),
                plural(errors)
            )
        };
        eprintln!("{summary}");
        Ok(Outcome::from_problems(bad_files > 0))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

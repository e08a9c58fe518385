//! `air-stitch outline`: a readable summary of a kernel module.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::report::{count, Report};
use air_diagnostics::{LineIndex, SourceMap};
use serde_json::json;
use std::path::PathBuf;

/// Summarise a kernel module.
///
/// Shows the functions and their arguments, the launch/segment/herd tree with sizes and wiring,
/// channels, externs (`link_with`), and data movements per memory level.
///
/// The outline goes to standard output; with --format json it is in the JSON document, one
/// entry per section (`chunks[].outline`).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch outline testdata/kernels/gemv_k2048.mlir
  air-stitch outline --split-input-file testdata/verify/generic/split_chunks.mlir
  air-stitch outline --format json testdata/kernels/rmsnorm_2048x2048.mlir")]
pub struct Opts {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Outline each `// -----` section separately.
    #[arg(long)]
    split_input_file: bool,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut report = Report::new("outline", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        let (file, _) = match load::text(&self.file, &mut sources)? {
            Ok(read) => read,
            Err(diagnostic) => {
                let shown = common::shown(&self.file);
                return report.stop(&[diagnostic], &sources, |p| format!("outline: {shown}: {p}; nothing to outline"));
            }
        };
        let text = sources.text(file).to_string();
        let lines = LineIndex::new(&text);
        let chunks = common::parse_chunks(&text, self.split_input_file);
        let mut diagnostics = Vec::new();
        let mut out = String::new();
        let mut outlines = Vec::new();
        for (idx, chunk) in chunks.iter().enumerate() {
            let line = lines.line_col(chunk.offset, &text).line;
            let outline = crate::outline::outline(&chunk.parse, chunk.offset, &text, &lines);
            if chunks.len() > 1 {
                out.push_str(&format!("== section {} (line {line}) ==\n", idx + 1));
            }
            out.push_str(&outline);
            outlines.push(json!({"line": line, "outline": outline}));
            diagnostics.extend(chunk.errors(file));
        }
        if !report.is_json() {
            common::write_stdout(out.as_bytes())?;
        }
        report.field("file", common::shown(&self.file));
        report.field("chunks", outlines);
        report.count("chunks", chunks.len());
        report.add(&diagnostics, &sources);
        let inputs = format!("{}, {}", common::shown(&self.file), count(chunks.len(), "section"));
        let line = match diagnostics.is_empty() {
            true => format!("outline: {inputs}: outlined"),
            false => {
                format!("outline: {inputs}: {}; the outline shows what parses", report.tally().errors_and_warnings())
            }
        };
        report.finish(&line)?;
        Ok(Outcome::from_problems(!diagnostics.is_empty()))
    }
}

//! `air-stitch outline`: a readable summary of a kernel module.

use crate::common::{self, GlobalOpts, Outcome};
use air_diagnostics::{LineIndex, SourceMap};
use std::path::PathBuf;

/// Summarise a kernel module: functions and arguments, the launch/segment/herd tree with sizes
/// and wiring, channels, externs (`link_with`), and data movements per memory level.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  air-stitch outline testdata/kernels/gemv_k2048.mlir")]
pub struct Opts {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Outline each `// -----` chunk separately.
    #[arg(long)]
    split_input_file: bool,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut sources = SourceMap::new();
        let Some((_, file)) = common::read_registered(&self.file, &mut sources, &self.global)? else {
            return Ok(Outcome::Problems);
        };
        let text = sources.text(file).to_string();
        let lines = LineIndex::new(&text);
        let chunks = common::parse_chunks(&text, self.split_input_file);
        let mut diagnostics = Vec::new();
        let mut out = String::new();
        for (idx, chunk) in chunks.iter().enumerate() {
            if chunks.len() > 1 {
                let line = lines.line_col(chunk.offset, &text).line;
                out.push_str(&format!("== chunk {} (line {line}) ==\n", idx + 1));
            }
            out.push_str(&crate::outline::outline(&chunk.parse, chunk.offset, &text, &lines));
            diagnostics.extend(chunk.errors(file));
        }
        print!("{out}");
        common::emit(&diagnostics, &sources, &self.global);
        Ok(Outcome::from_problems(!diagnostics.is_empty()))
    }
}

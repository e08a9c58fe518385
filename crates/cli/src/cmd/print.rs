//! `air-stitch print`: print the syntax tree back (identity today; passes build on it).

use crate::common::{self, GlobalOpts, Outcome};
use air_diagnostics::SourceMap;
use std::io::Write;
use std::path::PathBuf;

/// Print a file from its syntax tree.
///
/// The output is the input byte for byte; syntax errors and unresolved or redefined values are
/// reported on stderr (exit 1) but the text is still printed, because the tree keeps every byte.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  air-stitch print kernel.mlir > same.mlir")]
pub struct Opts {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Split on `// -----`, parse each chunk on its own, and join them with the marker.
    #[arg(long)]
    split_input_file: bool,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let raw = common::read_input(&self.file)?;
        let mut sources = SourceMap::new();
        let (file, decoded) = common::register(&mut sources, &raw);
        if let Err(diagnostic) = decoded {
            common::emit(&[diagnostic], &sources, &self.global);
            return Ok(Outcome::Problems);
        }
        let text = sources.text(file).to_string();
        let chunks = common::parse_chunks(&text, self.split_input_file);
        let printed: Vec<String> = chunks.iter().map(|c| c.parse.tree.print()).collect();
        let mut diagnostics = Vec::new();
        for chunk in &chunks {
            diagnostics.extend(chunk.syntax_errors(file));
            diagnostics.extend(chunk.scope_errors(file));
        }
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(printed.join(air_syntax::SPLIT_MARKER).as_bytes())?;
        stdout.flush()?;
        common::emit(&diagnostics, &sources, &self.global);
        Ok(Outcome::from_problems(!diagnostics.is_empty()))
    }
}

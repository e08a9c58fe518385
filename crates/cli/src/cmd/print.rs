//! `air-stitch print`: print the syntax tree back (the input byte for byte), or with
//! `--generic` in MLIR's generic form (every `air.*` and `airrt.*` op converted, everything
//! else kept), with `--for-mlir` in the form MLIR without AIR accepts.

use crate::common::{self, GlobalOpts, Outcome};
use air_diagnostics::{LineIndex, SourceMap};
use air_verify::GenericOptions;
use std::io::Write;
use std::path::PathBuf;

/// Print a file from its syntax tree.
///
/// Without options the output is the input byte for byte; syntax errors and unresolved or
/// redefined values are reported on stderr (exit 1) but the text is still printed, because the
/// tree keeps every byte.
///
/// With --generic every `air.*` and `airrt.*` op is printed in MLIR's generic form (operand
/// segment sizes, properties, entry-block arguments, explicit terminators,
/// `loc("FILE":LINE:COL)` of the original op): AIR's own generic form, which air-opt reads back
/// to the same module as the custom form. Ops of upstream dialects are kept as written; custom
/// syntax of other dialects (aie, transform.air, ...) cannot be converted: it is reported
/// (exit 1) and kept as is.
///
/// MLIR without AIR (`mlir-opt --allow-unregistered-dialect`) needs --for-mlir as well: it
/// gives every AIR op with a region a second, empty region, because MLIR treats an unknown op
/// with one region as a possible symbol table, so a `func.call` inside an `air.herd` would not
/// find the module's function. That form is for MLIR only; AIR's ops have one region.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  air-stitch print kernel.mlir > same.mlir\n  air-stitch print --generic kernel.mlir | air-opt --mlir-print-op-generic\n  air-stitch print --generic --for-mlir kernel.mlir | mlir-opt-22 --allow-unregistered-dialect"
)]
pub struct Opts {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Split on `// -----`, parse each chunk on its own, and join them with the marker.
    #[arg(long)]
    split_input_file: bool,
    /// Print `air.*` and `airrt.*` ops in MLIR's generic form (AIR's generic form).
    #[arg(long)]
    generic: bool,
    /// With --generic: the form MLIR without AIR accepts (a second, empty region on each AIR
    /// op with a region; the chunk wrapped in `module { ... }`), for `mlir-opt-22
    /// --allow-unregistered-dialect`.
    #[arg(long, requires = "generic")]
    for_mlir: bool,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut sources = SourceMap::new();
        let Some((raw, file)) = common::read_registered(&self.file, &mut sources, &self.global)? else {
            return Ok(Outcome::Problems);
        };
        let text = sources.text(file).to_string();
        let lines = LineIndex::new(&text);
        let chunks = common::parse_chunks(&text, self.split_input_file);
        let mut diagnostics = Vec::new();
        let mut printed = Vec::with_capacity(chunks.len());
        for chunk in &chunks {
            diagnostics.extend(chunk.errors(file));
            if self.generic {
                let input = chunk.input(&raw.name, file, &text, &lines);
                let options = if self.for_mlir { GenericOptions::for_mlir_opt() } else { GenericOptions::default() };
                let generic = air_verify::to_generic(&input, options);
                diagnostics.extend(generic.diagnostics);
                printed.push(generic.text);
            } else {
                printed.push(chunk.parse.tree.print());
            }
        }
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(printed.join(air_syntax::SPLIT_MARKER).as_bytes())?;
        stdout.flush()?;
        common::emit(&diagnostics, &sources, &self.global);
        Ok(Outcome::from_problems(diagnostics.iter().any(|d| d.is_error())))
    }
}

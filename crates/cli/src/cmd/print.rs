//! `air-stitch print`: print the syntax tree back (the input byte for byte), or with
//! `--generic` in MLIR's generic form (every `air.*` and `airrt.*` op converted, everything
//! else kept), with `--for-mlir` in the form MLIR without AIR accepts.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::outputs::RunFiles;
use crate::report::{count, Report};
use air_diagnostics::{LineIndex, SourceMap};
use air_verify::GenericOptions;
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
///
/// Quiet when the file has no problems; otherwise the diagnostics end with a closing line.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch print testdata/kernels/gemv_k2048.mlir -o same.mlir
  air-stitch print --generic testdata/kernels/gemv_k2048.mlir -o generic.mlir
  air-stitch print --generic --for-mlir testdata/kernels/rope_2048x512.mlir -o for-mlir.mlir
  air-stitch print --generic testdata/kernels/rope_2048x512.mlir -o generic.mlir --format json")]
pub struct Opts {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Output file (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Split on `// -----`, parse each section on its own, and join them with the marker.
    #[arg(long)]
    split_input_file: bool,
    /// Print `air.*` and `airrt.*` ops in MLIR's generic form (AIR's generic form).
    #[arg(long)]
    generic: bool,
    /// With --generic: the form MLIR without AIR accepts (a second, empty region on each AIR
    /// op with a region; the section wrapped in `module { ... }`), for `mlir-opt-22
    /// --allow-unregistered-dialect`.
    #[arg(long, requires = "generic")]
    for_mlir: bool,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let target = self.output.clone().unwrap_or_else(|| PathBuf::from("-"));
        self.format.check_stdout_free(Some(&target), "-o")?;
        RunFiles::new().input("the input file", &self.file).output("-o", &target).check()?;
        common::check_output(&target, std::slice::from_ref(&self.file))?;
        let mut report = Report::new("print", self.format.format, &self.global);
        report.field("output", common::shown(&target));
        let mut sources = SourceMap::new();
        let (file, name) = match load::text(&self.file, &mut sources)? {
            Ok(read) => read,
            Err(diagnostic) => {
                // Not UTF-8: there is no tree to print.
                report.field("written", false);
                let shown = common::shown(&self.file);
                return report.stop(&[diagnostic], &sources, |p| format!("print: {shown}: {p}; nothing printed"));
            }
        };
        let text = sources.text(file).to_string();
        let lines = LineIndex::new(&text);
        let chunks = common::parse_chunks(&text, self.split_input_file);
        let mut diagnostics = Vec::new();
        let mut printed = Vec::with_capacity(chunks.len());
        for chunk in &chunks {
            diagnostics.extend(chunk.errors(file));
            if self.generic {
                let input = chunk.input(&name, file, &text, &lines);
                let options = if self.for_mlir { GenericOptions::for_mlir_opt() } else { GenericOptions::default() };
                let generic = air_verify::to_generic(&input, options);
                diagnostics.extend(generic.diagnostics);
                printed.push(generic.text);
            } else {
                printed.push(chunk.parse.tree.print());
            }
        }
        // The tree keeps every byte, so the text is printed even when it has problems.
        common::write_output(
            &target,
            printed.join(air_syntax::SPLIT_MARKER).as_bytes(),
            std::slice::from_ref(&self.file),
        )?;
        report.field("written", true);
        report.add(&diagnostics, &sources);
        report.count("chunks", chunks.len());
        let problems = report.tally().errors > 0;
        let inputs = format!("{}, {}", common::shown(&self.file), count(chunks.len(), "section"));
        let line = match problems {
            false => format!("print: {inputs}: printed"),
            true => format!("print: {inputs}: {}; printed anyway", report.tally().errors_and_warnings()),
        };
        if problems || report.is_json() {
            report.finish(&line)?;
        }
        Ok(Outcome::from_problems(problems))
    }
}

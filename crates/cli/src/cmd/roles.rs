//! `air-stitch roles`: what each launch of a fused module reads and writes of every argument,
//! and the argument roles for mlir-air's `KernelCache.load_and_run` (docs/roles.md).

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::report::{count, Report};
use air_dataflow::{analyze, Dataflow, Mode, Options};
use air_diagnostics::SourceMap;
use std::fmt::Write as _;
use std::path::PathBuf;

pub use air_report::roles::{closing_line, fields, SCHEMA};

/// Buffer roles of a fused module for mlir-air's KernelCache.load_and_run.
///
/// For the module's kernel function (the first with an `air.launch`, or --func), lists per
/// argument which launches read and write it and how much of it (whole, part, unknown, none),
/// from the L3-side transfers (`air.channel.put/get`, `air.dma_memcpy_nd`) through views and
/// `args(...)` bindings, and its roles: `intermediate` (host contents never matter),
/// `static_candidate` (host bytes read, never overwritten by the device), `output_candidate`
/// (written, not read by a later launch), and the kind its plan or layer declared (read back
/// from the signature comment `// name (weight)` merge writes). Then the hazards between
/// launches, and the `load_and_run` snippet: only declared weights are static inputs, and the
/// snippet is ready only when every read-only buffer has a declared kind.
///
/// The table goes to standard output, the hazards and the closing line to standard error.
/// Exit status: 0 without errors, 1 when a hazard is an error (an --output written by no
/// launch) or the module has no launch, 2 for usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch roles testdata/dataflow/o_gemv_ffn.mlir
  air-stitch roles --format json testdata/dataflow/o_gemv_ffn.mlir
  air-stitch roles --output 2 testdata/dataflow/output_never_written.mlir")]
pub struct Opts {
    /// Input module (`-` for standard input).
    file: PathBuf,
    /// An argument index the host reads back (repeatable): checked to be written, wholly.
    #[arg(long = "output", value_name = "N")]
    outputs: Vec<usize>,
    /// The function to analyse (default: the first with an `air.launch`).
    #[arg(long, value_name = "NAME")]
    func: Option<String>,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut report = Report::of_its_own(SCHEMA, "roles", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        let shown = common::shown(&self.file);
        let (file, _) = match load::text(&self.file, &mut sources)? {
            Ok(read) => read,
            Err(diagnostic) => {
                return report.stop(&[diagnostic], &sources, |p| format!("roles: {shown}: {p}; nothing analysed"))
            }
        };
        let parse = air_syntax::parse(sources.text(file));
        let options = Options { func: self.func.clone(), outputs: self.outputs.clone(), ..Options::default() };
        let mut flow = match analyze(&parse, file, &options) {
            Ok(flow) => flow,
            Err(errors) => return report.stop(&errors, &sources, |p| format!("roles: {shown}: {p}; nothing analysed")),
        };
        // A module `group` wrote: its roles are the layer's (the groups document beside it).
        load::layer_call::apply(&self.file, &mut flow, file, &mut report);
        if let Some(&bad) = self.outputs.iter().find(|&&o| o >= flow.args.len()) {
            anyhow::bail!(
                "--output {bad}: @{} has {} (indices 0 to {})",
                flow.func,
                count(flow.args.len(), "argument"),
                flow.args.len().saturating_sub(1)
            );
        }
        if !report.is_json() {
            common::write_stdout(table(&flow).as_bytes())?;
        }
        for (key, value) in fields(&flow) {
            report.field(&key, value);
        }
        report.count("launches", flow.launches.len());
        report.count("arguments", flow.args.len());
        report.add(&flow.diagnostics, &sources);
        let line = closing_line(&shown, &flow, &report.tally().all());
        let errors = report.tally().errors > 0;
        report.finish(&line)?;
        Ok(Outcome::from_problems(errors))
    }
}

/// The per-argument table of text mode, then the snippet.
pub fn table(flow: &Dataflow) -> String {
    let list = |v: Vec<usize>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
        }
    };
    let header = ["arg", "name", "type", "reads", "writes", "read", "write", "kind", "roles"];
    let mut rows: Vec<[String; 9]> = vec![header.map(str::to_string)];
    for a in &flow.args {
        let mut name = a.label();
        let mut via: Vec<&str> = a.accesses.iter().filter_map(|x| x.via.as_deref()).collect();
        via.sort_unstable();
        via.dedup();
        if !via.is_empty() {
            let _ = write!(name, " via {}", via.join(", "));
        }
        let roles = a.roles.names();
        rows.push([
            a.index.to_string(),
            name,
            a.ty.clone(),
            list(a.launches(Mode::Read)),
            list(a.launches(Mode::Write)),
            a.coverage(Mode::Read).as_str().to_string(),
            a.coverage(Mode::Write).as_str().to_string(),
            a.kind.map_or("-", |k| k.as_str()).to_string(),
            if roles.is_empty() { "-".to_string() } else { roles.join(", ") },
        ]);
    }
    let widths: Vec<usize> = (0..9).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out =
        format!("@{}: {}, {}\n", flow.func, count(flow.launches.len(), "launch"), count(flow.args.len(), "argument"));
    for launch in &flow.launches {
        let _ = writeln!(out, "  {}", launch.label());
    }
    for row in &rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c == 8 {
                line.push_str(cell);
            } else {
                let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str(&snippet(flow));
    out
}

/// The `load_and_run` line, ready to paste only when every read-only buffer's kind is
/// declared; before it, the read-only buffers nothing declares constant (docs/roles.md).
fn snippet(flow: &Dataflow) -> String {
    let undeclared = flow.undeclared_read_only();
    if undeclared.is_empty() {
        return format!("load_and_run: {}\n", flow.load_and_run());
    }
    let labels: Vec<String> = undeclared.iter().map(|&i| flow.args[i].label()).collect();
    format!(
        "read-only, not declared constant: {}\n  = help: declare each one's kind in the plan or layer (`kind = \"weight\"` \
         when it is the same on every call, `\"activation\"` when it changes), or after its argument in the signature \
         (`// (weight)`); only weights are static inputs\n\
         load_and_run (not ready: {} read-only not declared): {}\n",
        labels.join(", "),
        undeclared.len(),
        flow.load_and_run()
    )
}

//! `air-stitch graph`: the launch/buffer graph of a fused module, as text or Graphviz DOT.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::report::{count, Report};
use air_dataflow::{analyze, graph, Options};
use air_diagnostics::SourceMap;
use std::path::PathBuf;

/// The launch/buffer graph of a fused module.
///
/// Launches are nodes in order; each argument that flows from a producer (a launch, or the
/// host's `inputs`) to a consumer (a launch, or the host's `outputs`, the output candidates
/// read back) is a labelled edge; `(part)` marks an edge that carries only part of its
/// argument. Text or, with --dot, Graphviz DOT (`air-stitch graph --dot f.mlir | dot -Tsvg`),
/// to standard output; deterministic. With --format json the document holds the graph as data
/// (`nodes`: id, label, launch number; `edges`: from, to, argument index, label, partial) and as
/// `text` or `dot`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch graph testdata/dataflow/o_gemv_ffn.mlir
  air-stitch graph --dot testdata/dataflow/o_gemv_ffn.mlir")]
pub struct Opts {
    /// Input module (`-` for standard input).
    file: PathBuf,
    /// Graphviz DOT instead of text.
    #[arg(long)]
    dot: bool,
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
        let mut report = Report::new("graph", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        let shown = common::shown(&self.file);
        let (file, _) = match load::text(&self.file, &mut sources)? {
            Ok(read) => read,
            Err(diagnostic) => {
                return report.stop(&[diagnostic], &sources, |p| format!("graph: {shown}: {p}; no graph"))
            }
        };
        let parse = air_syntax::parse(sources.text(file));
        let options = Options { func: self.func.clone(), ..Options::default() };
        let mut flow = match analyze(&parse, file, &options) {
            Ok(flow) => flow,
            Err(errors) => return report.stop(&errors, &sources, |p| format!("graph: {shown}: {p}; no graph")),
        };
        // A module `group` wrote: its roles are the layer's (the groups document beside it).
        load::layer_call::apply(&self.file, &mut flow, file, &mut report);
        let text = if self.dot { graph::to_dot(&flow) } else { graph::to_text(&flow) };
        if report.is_json() {
            let (nodes, edges) = graph::to_data(&flow);
            let nodes: Vec<serde_json::Value> = nodes
                .into_iter()
                .map(|n| serde_json::json!({"id": n.id, "label": n.label, "launch": n.launch}))
                .collect();
            let edges: Vec<serde_json::Value> = edges
                .into_iter()
                .map(|e| {
                    let mut edge = serde_json::json!({"from": e.from, "to": e.to, "arg": e.arg, "label": e.label, "partial": e.partial});
                    if flow.in_layer {
                        edge["from_calls"] = serde_json::json!(e.from_calls);
                        edge["to_calls"] = serde_json::json!(e.to_calls);
                        edge["layer_output"] = serde_json::json!(e.layer_output);
                    }
                    edge
                })
                .collect();
            report.field("nodes", nodes);
            report.field("edges", edges);
            report.field(if self.dot { "dot" } else { "text" }, text);
            report.field("func", flow.func.clone());
        } else {
            common::write_stdout(text.as_bytes())?;
        }
        report.count("launches", flow.launches.len());
        report.count("arguments", flow.args.len());
        let edges = graph::build(&flow).edge_count();
        report.finish(&format!(
            "graph: {shown}: @{}, {}, {}",
            flow.func,
            count(flow.launches.len(), "launch"),
            count(edges, "edge")
        ))?;
        Ok(Outcome::Success)
    }
}

//! The layer's calls in the groups document and the report: each call's arguments and
//! `load_and_run` sets, the sequence to paste, the replay's verdict, and a stale read as an
//! error at the transfer that made it.

use air_dataflow::replay::{Reader, StaleRead, Version};
use air_dataflow::Mode;
use air_diagnostics::{Diagnostic, FileId};
use air_group::calls::{LayerCalls, INVOCATIONS};
use air_group::layer::Layer;
use air_group::{sequence, Grouping};
use air_merge::codes;
use serde_json::{json, Value};

/// Where the protocol the replay follows is written.
pub const PROTOCOL: &str = "KernelCache.load_and_run (mlir-air programming_examples/llms/shared/infra/cache.py)";

/// The fields a group's entry gets from its call: its arguments by buffer name, and what it
/// does with them (a merged group's `load_and_run` sets and snippet, an external kernel's reads
/// and writes).
pub fn call_fields(layer: &Layer, calls: &LayerCalls, index: usize, entry: &mut Value) {
    let Some(call) = calls.calls.get(index) else { return };
    let name = |b: usize| calls.buffers[b].name.clone();
    entry["args"] = json!(call.args.iter().map(|&b| name(b)).collect::<Vec<_>>());
    if let Some(sets) = &call.sets {
        let key = sequence::call_name(layer, index);
        entry["load_and_run"] = json!({
            "name": key,
            "output_indices": sets.outputs,
            "static_input_indices": sets.static_inputs,
            "intermediate_indices": sets.intermediates,
            "bo_key": format!("{key}_L{{layer}}"),
            "read_back": sets.outputs.iter().map(|&i| name(call.args[i])).collect::<Vec<_>>(),
        });
    }
    if let Some(flow) = &call.flow {
        let crossing: Vec<Value> = flow
            .args
            .iter()
            .filter_map(|a| a.layer.as_ref().filter(|l| l.crosses()).map(|l| (a, l)))
            .map(|(a, l)| {
                json!({"index": a.index, "buffer": name(call.args[a.index]), "from_calls": l.from_calls,
                       "to_calls": l.to_calls, "layer_output": l.layer_output})
            })
            .collect();
        entry["cross_call"] = json!(crossing);
    }
    if let Some(io) = &call.external {
        let names = |idx: &[usize]| idx.iter().map(|&i| name(call.args[i])).collect::<Vec<_>>();
        entry["reads"] = json!(names(&io.reads));
        entry["writes"] = json!(names(&io.writes));
        entry["writes_declared"] = json!(io.declared);
    }
}

/// The document's layer-wide fields: the layer's outputs, the replay's verdict and the sequence.
pub fn layer_fields(layer: &Layer, grouping: &Grouping, calls: &LayerCalls, document: &mut Value) {
    let outputs: Vec<&str> = calls.outputs.iter().map(|&b| calls.buffers[b].name.as_str()).collect();
    document["outputs"] = json!(outputs);
    document["outputs_declared"] = json!(calls.outputs_declared);
    let stale: Vec<Value> = calls
        .stale
        .iter()
        .map(|s| {
            json!({"invocation": s.invocation, "reader": reader(s.reader), "buffer": calls.buffers[s.buffer].name,
                   "elements": [s.elements.0, s.elements.1], "saw": version(s.saw), "want": version(s.want)})
        })
        .collect();
    document["replay"] = json!({
        "protocol": PROTOCOL,
        "invocations": INVOCATIONS,
        "passed": calls.stale.is_empty(),
        "stale_reads": stale,
    });
    document["sequence"] = json!(sequence::python(layer, grouping, calls));
}

/// The closing line of the table: what the replay found.
pub fn replay_line(calls: &LayerCalls) -> String {
    let found = match calls.stale.len() {
        0 => "every read sees its invocation's values".to_string(),
        n => format!("{} (errors above): the snippets are not ready", crate::report::count(n, "stale read")),
    };
    format!(
        "replay: {} through KernelCache.load_and_run's protocol, {INVOCATIONS} invocations: {found}\n",
        crate::report::count(calls.calls.len(), "call")
    )
}

fn reader(reader: Reader) -> String {
    match reader {
        Reader::Launch { call, launch } => format!("call {call} launch {launch}"),
        Reader::External { call } => format!("call {call} (external)"),
        Reader::Consumer => "the layer's consumer".to_string(),
    }
}

/// What a version is, in words.
fn version(version: Version) -> String {
    match version {
        Version::Unset => "nothing written (no call read it back into the host's array)".to_string(),
        Version::Weight => "the weight".to_string(),
        Version::Input { invocation } => format!("the host's input of invocation {invocation}"),
        Version::Written { invocation, call, launch: 0 } => {
            format!("what call {call} (external) wrote in invocation {invocation}")
        }
        Version::Written { invocation, call, launch } => {
            format!("what call {call} launch {launch} wrote in invocation {invocation}")
        }
    }
}

/// Why a stale read happened, from the sets of the calls involved.
fn cause(calls: &LayerCalls, stale: &StaleRead) -> String {
    let buffer = &calls.buffers[stale.buffer].name;
    let reading_call = match stale.reader {
        Reader::Launch { call, .. } | Reader::External { call } => Some(call),
        Reader::Consumer => None,
    };
    if let Version::Written { call: writer, .. } = stale.want {
        if Some(writer) != reading_call {
            let read_back = calls.calls.get(writer - 1).and_then(|c| {
                let sets = c.sets.as_ref()?;
                Some(sets.outputs.iter().any(|&i| c.args[i] == stale.buffer))
            });
            if read_back == Some(false) {
                return format!("call {writer} does not read `{buffer}` back (it is not in its output_indices)");
            }
        }
    }
    if let (Some(call), Some(arg)) = (reading_call, stale.arg) {
        if let Some(sets) = calls.calls.get(call - 1).and_then(|c| c.sets.as_ref()) {
            if sets.intermediates.contains(&arg) {
                return format!("call {call} lists argument {arg} in intermediate_indices: after its first call the host's `{buffer}` is not written");
            }
            if sets.static_inputs.contains(&arg) {
                return format!("call {call} lists argument {arg} in static_input_indices: `{buffer}` is written once, but it changes");
            }
        }
    }
    "the calls' sets disagree on it".to_string()
}

/// Each stale read as an error: at the reading transfer of the call's module (`files`: each
/// call's module, when it has one), else at the kernel or the layer.
pub fn stale_diagnostics(
    layer: &Layer,
    grouping: &Grouping,
    calls: &LayerCalls,
    files: &[Option<FileId>],
) -> Vec<Diagnostic> {
    calls
        .stale
        .iter()
        .map(|s| {
            let buffer = &calls.buffers[s.buffer].name;
            let (lo, hi) = s.elements;
            let mut d = Diagnostic::error(
                codes::STALE_READ,
                format!(
                    "{} reads `{buffer}` (elements [{lo}, {hi})) on invocation {} and sees {}, not {}",
                    reader(s.reader),
                    s.invocation,
                    version(s.saw),
                    version(s.want)
                ),
            )
            .with_note(format!("{}; replayed through {PROTOCOL}", cause(calls, s)))
            .with_help("this is a bug of `group`'s roles: report it with the layer file; until then, correct the call's sets in the sequence by hand");
            match s.reader {
                Reader::Launch { call, launch } => {
                    let at = calls.calls.get(call - 1).and_then(|c| c.flow.as_ref()).and_then(|flow| {
                        let arg = flow.args.get(s.arg?)?;
                        arg.accesses.iter().find(|a| a.launch + 1 == launch && a.mode == Mode::Read).map(|a| a.range)
                    });
                    if let (Some(range), Some(Some(file))) = (at, files.get(call - 1)) {
                        d = d.with_primary(*file, range, "this read");
                    }
                }
                Reader::External { call } => {
                    if let Some(Some((file, range))) = grouping.groups.get(call - 1).map(|g| layer.kernels[g.kernels.start].name_loc) {
                        d = d.with_primary(file, range, "this external kernel");
                    }
                }
                Reader::Consumer => {}
            }
            d
        })
        .collect()
}

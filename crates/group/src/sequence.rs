//! The layer's calls as one Python function to paste: each group through mlir-air's
//! `KernelCache.load_and_run` with its sets and backend, the buffers it must read back put into
//! the host's arrays, each external kernel called in its place. What the replay proved is this
//! sequence, call for call.

use crate::calls::LayerCalls;
use crate::layer::Layer;
use crate::Grouping;
use std::fmt::Write as _;

/// `{1, 3}`, or `set()` for none (`{}` is a dict).
pub fn py_set(items: impl IntoIterator<Item = usize>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if items.is_empty() {
        "set()".to_string()
    } else {
        format!("{{{}}}", items.join(", "))
    }
}

/// `[1, 3]`.
pub fn py_list(items: impl IntoIterator<Item = usize>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A Python string literal of an identifier-like name (layer, buffer and kernel names are
/// identifiers, so no escape is needed).
fn quoted(name: &str) -> String {
    format!("\"{name}\"")
}

/// The module (function) name of group `index` (from 0).
pub fn call_name(layer: &Layer, index: usize) -> String {
    format!("{}_{}", layer.name, index + 1)
}

/// The Python text: `BACKENDS` (each group's `XRTBackend` keyword arguments) and
/// `run_<layer>(cache, bufs, external, layer=0)`.
pub fn python(layer: &Layer, grouping: &Grouping, calls: &LayerCalls) -> String {
    let mut out = String::new();
    let n = grouping.groups.len();
    let _ = writeln!(
        out,
        "# {}: {n} calls in order, as `air-stitch group` planned them ({}.groups.json). Replayed through\n\
         # KernelCache.load_and_run's buffer protocol for two invocations: {}.",
        layer.name,
        layer.name,
        if calls.stale.is_empty() { "every read sees its invocation's values" } else { "STALE READS (see the report)" }
    );
    let _ = writeln!(out, "BACKENDS = {{");
    for (index, group) in grouping.groups.iter().enumerate() {
        let Some(candidate) = group.candidate.as_ref().filter(|_| !group.external) else { continue };
        let name = call_name(layer, index);
        let mut kwargs = vec![format!("\"instance_name\": {}", quoted(&name))];
        kwargs.extend(candidate.backend.xrt_backend_kwargs().into_iter().map(|(k, v)| format!("\"{k}\": {v}")));
        let _ = writeln!(out, "    {}: {{{}}},", quoted(&name), kwargs.join(", "));
    }
    let _ = writeln!(out, "}}\n\n");
    let _ = writeln!(out, "def run_{}(cache, bufs, external, layer=0):", layer.name);
    let _ = writeln!(
        out,
        "    \"\"\"The layer's calls in order. `cache`: mlir-air's KernelCache, each group compiled under its\n    \
         name with BACKENDS[name]; `bufs`: every buffer's host array by name (the calls' results are\n    \
         put back into it); `external`: a function per external kernel, given `bufs`, that puts its\n    \
         results into it; `layer`: the layer's index, which keys its device buffers (bo_key).\"\"\""
    );
    for (index, call) in calls.calls.iter().enumerate() {
        let names: Vec<&str> = call.args.iter().map(|&b| calls.buffers[b].name.as_str()).collect();
        match (&call.sets, &call.external) {
            (Some(sets), _) => {
                let name = call_name(layer, index);
                let inputs: Vec<String> = names.iter().map(|n| format!("bufs[{}]", quoted(n))).collect();
                let _ = writeln!(out, "    res = cache.load_and_run(");
                let _ = writeln!(out, "        {}, BACKENDS[{}],", quoted(&name), quoted(&name));
                let _ = writeln!(out, "        {},", inputs.join(", "));
                let _ = writeln!(out, "        output_indices={},", py_list(sets.outputs.iter().copied()));
                let _ = writeln!(out, "        static_input_indices={},", py_set(sets.static_inputs.iter().copied()));
                let _ = writeln!(out, "        intermediate_indices={},", py_set(sets.intermediates.iter().copied()));
                let _ = writeln!(out, "        bo_key=f\"{name}_L{{layer}}\",");
                let _ = writeln!(out, "    )");
                if !sets.outputs.is_empty() {
                    let targets: Vec<String> =
                        sets.outputs.iter().map(|&i| format!("bufs[{}]", quoted(names[i]))).collect();
                    let values: Vec<String> = sets.outputs.iter().map(|i| format!("res[{i}].copy()")).collect();
                    let _ = writeln!(out, "    {} = {}", targets.join(", "), values.join(", "));
                }
            }
            (None, Some(io)) => {
                let kernel = &layer.kernels[grouping.groups[index].kernels.start].name;
                let list = |idx: &[usize]| idx.iter().map(|&i| names[i]).collect::<Vec<_>>().join(", ");
                let _ = writeln!(
                    out,
                    "    external[{}](bufs)  # reads {}; writes {}",
                    quoted(kernel),
                    if io.reads.is_empty() { "nothing".to_string() } else { list(&io.reads) },
                    if io.writes.is_empty() { "nothing".to_string() } else { list(&io.writes) },
                );
            }
            (None, None) => {}
        }
    }
    let _ = writeln!(out, "    return bufs");
    out
}

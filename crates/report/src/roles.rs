//! The roles document (`air-stitch/roles/2`, docs/roles.md#json): per argument its accesses,
//! roles and declared kind, the launches, the hazards, the `load_and_run` snippet and whether
//! it is ready.

use crate::{count, Document};
use air_dataflow::{Dataflow, Mode};
use air_diagnostics::SourceMap;
use serde_json::{json, Map, Value};

/// The schema of the roles document (`roles`, `merge --roles`).
/// Version 2: `static_input_indices` and the snippet hold the declared weights only, not every
/// static candidate; `read_only_undeclared`, `load_and_run_ready` and each argument's `kind`.
pub const SCHEMA: &str = "air-stitch/roles/2";

/// `roles: k.mlir: @f, 3 launches, 15 arguments: 4 static, 2 read-only not declared, 9
/// intermediate, 1 output candidate; 0 errors, 0 warnings, 0 notes` (no "read-only" part
/// when every read-only buffer is declared).
pub fn closing_line(shown: &str, flow: &Dataflow, tally: &str) -> String {
    let undeclared = match flow.undeclared_read_only().len() {
        0 => String::new(),
        n => format!(", {n} read-only not declared"),
    };
    format!(
        "roles: {shown}: @{}, {}, {}: {} static{undeclared}, {} intermediate, {}; {tally}",
        flow.func,
        count(flow.launches.len(), "launch"),
        count(flow.args.len(), "argument"),
        flow.static_input_indices().len(),
        flow.intermediate_indices().len(),
        count(flow.output_candidates().len(), "output candidate"),
    )
}

/// The document's own fields: everything but the envelope.
pub fn fields(flow: &Dataflow) -> Map<String, Value> {
    let args: Vec<Value> = flow
        .args
        .iter()
        .map(|a| {
            let mut via: Vec<&str> = a.accesses.iter().filter_map(|x| x.via.as_deref()).collect();
            via.sort_unstable();
            via.dedup();
            let mut arg = json!({
                "index": a.index,
                "name": a.name.clone().unwrap_or_else(|| a.ssa.clone()),
                "type": a.ty,
                "reads": a.launches(Mode::Read),
                "writes": a.launches(Mode::Write),
                "read_coverage": a.coverage(Mode::Read).as_str(),
                "write_coverage": a.coverage(Mode::Write).as_str(),
                "roles": a.roles.names(),
                "kind": a.kind.map(|k| k.as_str()),
                "via": via,
            });
            // One call of a layer: what the layer's other calls do with it.
            if let Some(layer) = &a.layer {
                arg["layer"] = json!({
                    "from_calls": layer.from_calls,
                    "to_calls": layer.to_calls,
                    "layer_output": layer.layer_output,
                });
            }
            arg
        })
        .collect();
    let launches: Vec<Value> = flow
        .launches
        .iter()
        .map(|l| {
            let (slice, kernel) = l.slice.clone().map_or((None, None), |(s, k)| (Some(s), Some(k)));
            // The launch's symbol, else its slice's prefix: what merge named it by.
            let name = l.name.clone().or_else(|| slice.clone());
            json!({"number": l.number, "name": name, "slice": slice, "kernel": kernel, "label": l.label()})
        })
        .collect();
    let mut map = Map::new();
    map.insert("func".into(), json!(flow.func));
    map.insert("launches".into(), json!(launches));
    map.insert("args".into(), json!(args));
    map.insert("intermediate_indices".into(), json!(flow.intermediate_indices()));
    map.insert("static_candidates".into(), json!(flow.static_candidates()));
    map.insert("static_input_indices".into(), json!(flow.static_input_indices()));
    map.insert("read_only_undeclared".into(), json!(flow.undeclared_read_only()));
    map.insert("output_candidates".into(), json!(flow.output_candidates()));
    map.insert("outputs".into(), json!(flow.outputs));
    map.insert("load_and_run".into(), json!(flow.load_and_run()));
    map.insert("load_and_run_ready".into(), json!(flow.load_and_run_ready()));
    if flow.in_layer {
        // The outputs are the layer's: what later calls and the layer's consumer read back.
        map.insert("in_layer".into(), json!(true));
    }
    map
}

/// The whole roles document, envelope included, as `roles --format json` prints it for a
/// module shown as `shown` (its diagnostics' labels point into `sources`).
pub fn document(flow: &Dataflow, sources: &SourceMap, shown: &str) -> Value {
    let mut doc = Document::new(SCHEMA, "roles");
    for (key, value) in fields(flow) {
        doc.field(&key, value);
    }
    for diagnostic in &flow.diagnostics {
        doc.add(diagnostic, air_diagnostics::to_json_value(diagnostic, sources));
    }
    doc.count("launches", flow.launches.len());
    doc.count("arguments", flow.args.len());
    let line = closing_line(shown, flow, &doc.tally.all());
    doc.finish(&line)
}

//! A module `group` wrote is one call of a layer: its roles are the layer's, not its own.
//! `roles` and `graph` find that out from the groups document beside the module (a
//! `*.groups.json` of schema 2 listing the file as a group's `merged`) and take each
//! argument's cross-call facts from it, so that they print the snippet `group` proved, not the
//! one the module alone would give.

use crate::common;
use crate::report::Report;
use air_dataflow::{ArgLayer, Dataflow};
use air_diagnostics::FileId;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The call a module is, in its layer.
pub struct LayerCall {
    /// The groups document.
    pub document: PathBuf,
    pub layer: String,
    /// From 1.
    pub call: usize,
    /// Per argument, what the layer's other calls do with it.
    pub args: Vec<ArgLayer>,
}

/// The layer call `module` is, when a groups document beside it lists it with `args` arguments.
pub fn find(module: &Path, args: usize) -> Option<LayerCall> {
    let name = module.file_name()?.to_str()?;
    let dir = module.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut documents: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".groups.json"))
        .collect();
    documents.sort();
    documents.into_iter().find_map(|document| {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&document).ok()?).ok()?;
        if doc["schema"] != "air-stitch/groups/2" {
            return None;
        }
        let groups = doc["groups"].as_array()?;
        let (index, group) = groups.iter().enumerate().find(|(_, g)| g["merged"].as_str() == Some(name))?;
        if group["args"].as_array().map(Vec::len) != Some(args) {
            return None;
        }
        let mut layer = vec![ArgLayer::default(); args];
        for crossing in group["cross_call"].as_array()? {
            let calls = |key: &str| -> Vec<usize> {
                crossing[key]
                    .as_array()
                    .map(|l| l.iter().filter_map(|c| c.as_u64()).map(|c| c as usize).collect())
                    .unwrap_or_default()
            };
            let Some(slot) = crossing["index"].as_u64().and_then(|i| layer.get_mut(i as usize)) else { continue };
            *slot = ArgLayer {
                from_calls: calls("from_calls"),
                to_calls: calls("to_calls"),
                layer_output: crossing["layer_output"] == true,
            };
        }
        Some(LayerCall { document, layer: doc["layer"].as_str()?.to_string(), call: index + 1, args: layer })
    })
}

/// Makes `flow` (of the module at `module`, registered as `file`) the layer's call it is, when a
/// groups document beside it says so, and tells the user (a line, and `layer_call` in JSON).
pub fn apply(module: &Path, flow: &mut Dataflow, file: FileId, report: &mut Report) {
    let Some(call) = find(module, flow.args.len()) else { return };
    let (shown, document) = (common::shown(module), common::shown(&call.document));
    report.info(&format!(
        "{shown}: call {} of layer `{}` ({document}): the roles are the layer's",
        call.call, call.layer
    ));
    report.field("layer_call", serde_json::json!({"groups": document, "call": call.call}));
    flow.apply_layer(call.args, file);
}

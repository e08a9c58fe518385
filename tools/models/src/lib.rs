//! The model sweep (issue 31): for every model upstream mlir-air ships an LLM pipeline for
//! (`programming_examples/llms/`), and Llama-3.1-8B and Qwen2.5-7B at bf16 shapes, the decode and
//! prefill layer files `group` reads and their kernels (kernelgen's), with upstream's own grouping
//! of each layer to compare `group`'s with. Deterministic: the same table prints the same bytes.
//! `models DIR` writes them (docs/models.md); the tests group every layer.

pub mod layer;
pub mod recipes;
pub mod registry;
pub mod table;

pub use layer::LayerFiles;
pub use table::{models, Model, Upstream};

use air_kernelgen::GenError;
use std::collections::BTreeMap;

/// Decode or prefill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    Prefill,
    Decode,
}

impl Phase {
    pub const BOTH: [Phase; 2] = [Phase::Prefill, Phase::Decode];

    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Prefill => "prefill",
            Phase::Decode => "decode",
        }
    }
}

impl Model {
    /// Upstream's grouping of one phase.
    pub fn upstream(&self, phase: Phase) -> &Upstream {
        match phase {
            Phase::Prefill => &self.prefill,
            Phase::Decode => &self.decode,
        }
    }

    /// The layer of one phase.
    pub fn layer(&self, phase: Phase) -> Result<LayerFiles, GenError> {
        match phase {
            Phase::Prefill => recipes::prefill(self),
            Phase::Decode => recipes::decode(self),
        }
        .map_err(|e| GenError::new(format!("{} {}: {e}", self.key, phase.as_str())))
    }
}

/// Every layer of the sweep, and every kernel file they name (one text per file name).
pub struct Sweep {
    pub layers: Vec<(Model, Phase, LayerFiles)>,
    pub kernels: BTreeMap<String, String>,
    /// Layers kernelgen cannot build where upstream has no pipeline either: why.
    pub not_built: Vec<(Model, Phase, String)>,
}

/// Builds every layer; fails when two layers would write different texts under one file name.
pub fn sweep() -> Result<Sweep, GenError> {
    let mut layers = Vec::new();
    let mut kernels: BTreeMap<String, String> = BTreeMap::new();
    let mut not_built = Vec::new();
    for model in models() {
        for phase in Phase::BOTH {
            let files = match model.layer(phase) {
                Ok(files) => files,
                // Upstream has no such layer in bf16 either: say so, don't fail.
                Err(e) if model.upstream(phase).calls.is_empty() => {
                    not_built.push((model.clone(), phase, e.message));
                    continue;
                }
                Err(e) => return Err(e),
            };
            for (name, text) in &files.kernels {
                match kernels.get(name) {
                    Some(known) if known != text => {
                        return Err(GenError::new(format!("{name}: two layers generate it differently")));
                    }
                    Some(_) => {}
                    None => {
                        kernels.insert(name.clone(), text.clone());
                    }
                }
            }
            layers.push((model.clone(), phase, files));
        }
    }
    Ok(Sweep { layers, kernels, not_built })
}

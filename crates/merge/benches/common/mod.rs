//! Inputs of the merge benchmarks shared with `examples/merge_inputs.rs`: many small slices
//! chosen from real files.
#![allow(dead_code)]

use air_diagnostics::FileId;
use air_merge::merge::merge;
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::slice::ParsedSlice;

/// The many-small-slices input of the merge benchmarks: from `candidates` (name, text), in
/// order, those that merge zero-config alone and together with the ones chosen before them
/// (upstream test files repeat channel names and module attributes, so not every pair merges),
/// then that set repeated until its text reaches `target_bytes`. Copies keep their name;
/// zero-config numbers the repeated stems.
pub fn corpus_slices(candidates: &[(String, String)], target_bytes: usize) -> Vec<(String, String)> {
    let merges = |set: &[&(String, String)]| -> bool {
        let slices: Vec<ParsedSlice> = set
            .iter()
            .enumerate()
            .map(|(idx, (name, text))| ParsedSlice::new(FileId(idx as u32), name.clone(), text))
            .collect();
        zero_config_plan("fused", &slices, &[], &Default::default())
            .ok()
            .is_some_and(|plan| merge(&plan, slices).is_ok())
    };
    let mut chosen: Vec<&(String, String)> = Vec::new();
    for candidate in candidates.iter().filter(|c| merges(&[*c])) {
        chosen.push(candidate);
        if !merges(&chosen) {
            chosen.pop();
        }
    }
    let set_bytes: usize = chosen.iter().map(|(_, text)| text.len()).sum();
    let mut out = Vec::new();
    let mut bytes = 0;
    while set_bytes > 0 && bytes < target_bytes {
        for (name, text) in &chosen {
            out.push((name.clone(), text.clone()));
            bytes += text.len();
        }
    }
    out
}

//! Carrying pass results between a group's candidates changes nothing but the work done.
#![allow(clippy::unwrap_used)]

use super::*;
use std::collections::BTreeMap;

macro_rules! kernels {
    ($($name:literal),* $(,)?) => {
        BTreeMap::from([$((concat!("../kernels/", $name), include_str!(concat!("../../../testdata/kernels/", $name)))),*])
    };
}

fn kernel_texts() -> BTreeMap<&'static str, &'static str> {
    kernels!(
        "rmsnorm_2048x2048.mlir",
        "gemm_2048x2048x2048.mlir",
        "gemm_2048x2048x512.mlir",
        "gemm_2048x2048x8192.mlir",
        "gemm_2048x8192x2048.mlir",
        "rope_2048x2048.mlir",
        "rope_2048x512.mlir",
        "add_2d_2048x2048.mlir",
        "add_2d_2048x2048_out_1d.mlir",
        "silu_mul_2d_2048x8192.mlir",
        "gemv_2048x2048.mlir",
        "gemv_512x2048.mlir",
        "matvec_2tile_add_2048x2048.mlir",
        "matvec_2tile_add_2048x8192.mlir",
        "matvec_swiglu_rms_16384x2048.mlir",
        "rmsnorm_1d_2048.mlir",
        "rope_1d_2048.mlir",
        "rope_1d_512.mlir",
    )
}

/// Everything `group` reports of a grouping, as text.
fn outcome(grouping: &Grouping) -> String {
    let mut out = String::new();
    for group in &grouping.groups {
        out.push_str(&format!(
            "{:?} external={} cut={:?} errors={:?}\n",
            group.kernels, group.external, group.cut, group.errors
        ));
        if let Some(candidate) = &group.candidate {
            out.push_str(&format!(
                "{}\n{}\n{:?}\n{:?}\n",
                candidate.plan,
                candidate.merged.text(),
                candidate.check,
                candidate.names
            ));
        }
    }
    out
}

/// Groups `layer` both ways: the same outcome, and `expected_hits` slices from the memo.
fn same_both_ways(layer: &str, expected_hits: usize) -> Grouping {
    let layer = parse_layer(layer, FileId(0)).unwrap();
    let texts = kernel_texts();
    let inputs: Vec<KernelInput> = layer
        .kernels
        .iter()
        .enumerate()
        .map(|(idx, k)| KernelInput {
            slice: k.file.as_deref().map(|f| ParsedSlice::new(FileId(idx as u32 + 1), f, texts[f])),
        })
        .collect();
    assert!(check_kernels(&layer, &inputs).is_empty());
    let (reused, hits) = plan_groups_reusing(&layer, &inputs, true);
    let (fresh, no_hits) = plan_groups_reusing(&layer, &inputs, false);
    assert_eq!(no_hits, 0);
    assert_eq!(hits, expected_hits, "slices that took their leading passes from the memo");
    assert_eq!(outcome(&reused), outcome(&fresh));
    reused
}

const PREFILL: &str = include_str!("../../../testdata/layers/llama32_1b_prefill.toml");
const DECODE: &str = include_str!("../../../testdata/layers/llama32_1b_decode.toml");

#[test]
fn the_prefill_layer_groups_the_same_with_carried_passes() {
    // 6 + attention + 8: candidates of 1..6 and 1..8 kernels; each takes all but its last
    // kernel's leading passes from the one before (5·6/2 + 7·8/2 = 43 slices).
    let grouping = same_both_ways(PREFILL, 43);
    assert_eq!(grouping.groups.len(), 3);
}

#[test]
fn the_decode_layer_groups_the_same_with_carried_passes() {
    same_both_ways(DECODE, 18);
}

#[test]
fn cut_groups_start_a_fresh_memo_and_group_the_same() {
    // Cut by max_launches: the failing candidate's passes are recorded too, and the next group
    // starts with a kernel that was the failing candidate's last.
    let layer = PREFILL.replace("max_launches = 16", "max_launches = 3");
    let grouping = same_both_ways(&layer, 22);
    assert!(grouping.groups.iter().any(|g| g.cut.as_ref().is_some_and(|c| c.code == codes::CUT_MAX_LAUNCHES)));
}

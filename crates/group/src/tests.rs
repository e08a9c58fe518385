//! Reusing work between a group's candidates (their leading passes, and check-bd only on the
//! largest) changes nothing but the work done.
#![allow(clippy::unwrap_used)]

use super::*;
use std::collections::BTreeMap;

macro_rules! kernels {
    ($($name:literal),* $(,)?) => {
        BTreeMap::from([$(($name, include_str!(concat!("../../../testdata/kernels/", $name)))),*])
    };
}

fn kernel_texts() -> BTreeMap<&'static str, &'static str> {
    let mut texts = kernels!(
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
    );
    // The channel-form GEMM the compiler rejects (two runtime offsets on one shim DMA, AS0437).
    texts.insert(
        "f37_gemm_channel_form_runtime_offsets.mlir",
        include_str!("../../../testdata/check-bd/f37_gemm_channel_form_runtime_offsets.mlir"),
    );
    texts
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

/// Groups `layer` both ways: the same outcome; returns it and the work the reusing way did.
fn same_both_ways(layer: &str) -> (Grouping, Work) {
    let layer = parse_layer(layer, FileId(0)).unwrap();
    let texts = kernel_texts();
    let text_of = |file: &str| texts[file.rsplit('/').next().unwrap_or(file)];
    let inputs: Vec<KernelInput> = layer
        .kernels
        .iter()
        .enumerate()
        .map(|(idx, k)| KernelInput {
            slice: k.file.as_deref().map(|f| ParsedSlice::new(FileId(idx as u32 + 1), f, text_of(f))),
        })
        .collect();
    assert!(check_kernels(&layer, &inputs).is_empty());
    let (reused, work) = plan_groups_reusing(&layer, &inputs, true, None);
    let (fresh, fresh_work) = plan_groups_reusing(&layer, &inputs, false, None);
    assert_eq!((fresh_work.memo_hits, fresh_work.proof_hits), (0, 0));
    assert_eq!(outcome(&reused), outcome(&fresh));
    // check-bd at doubling sizes: at most about twice the merges of checking each candidate,
    // and a few more checks where a group is cut (the size that fails, then the ones below it).
    assert!(work.merges <= 2 * fresh_work.merges, "{work:?} {fresh_work:?}");
    assert!(work.checks <= fresh_work.checks + 2 * reused.groups.len(), "{work:?} {fresh_work:?}");
    (reused, work)
}

/// The groups' kernel ranges and cut codes.
fn shape(grouping: &Grouping) -> Vec<(Range<usize>, Option<&'static str>)> {
    grouping.groups.iter().map(|g| (g.kernels.clone(), g.cut.as_ref().map(|c| c.code))).collect()
}

const PREFILL: &str = include_str!("../../../testdata/layers/llama32_1b_prefill.toml");
const DECODE: &str = include_str!("../../../testdata/layers/llama32_1b_decode.toml");

#[test]
fn the_prefill_layer_groups_the_same_with_reused_work() {
    // 6 + attention + 8: candidates of 1..6 and 1..8 kernels; each takes all but its last
    // kernel's leading passes and proofs from the one before (5·6/2 + 7·8/2 = 43 slices: the
    // earlier kernels' parts of the output stay byte for byte the same).
    let (grouping, work) = same_both_ways(PREFILL);
    assert_eq!(shape(&grouping), vec![(0..6, None), (6..7, None), (7..15, None)]);
    // check-bd on each group's first kernel, then at 2, 4 (and 8) kernels, then the largest.
    assert_eq!(work, Work { memo_hits: 43, proof_hits: 43, merges: 14, checks: 8 });
}

#[test]
fn the_decode_layer_groups_the_same_with_reused_work() {
    let (_, work) = same_both_ways(DECODE);
    assert_eq!((work.memo_hits, work.proof_hits), (18, 18));
}

#[test]
fn groups_cut_by_max_launches_start_a_fresh_memo_and_group_the_same() {
    // The failing candidate's passes are recorded too, and the next group starts with a
    // kernel that was the failing candidate's last.
    let (grouping, work) = same_both_ways(&PREFILL.replace("max_launches = 16", "max_launches = 3"));
    assert!(grouping.groups.iter().any(|g| g.cut.as_ref().is_some_and(|c| c.code == codes::CUT_MAX_LAUNCHES)));
    assert_eq!((work.memo_hits, work.proof_hits), (22, 22));
}

#[test]
fn groups_cut_by_check_bd_find_the_same_first_failing_candidate() {
    // The shipped case: the channel-form GEMM fails check-bd after the RMSNorm, and alone. (The
    // prefill layer's upstream-form GEMMs compile untiled at the pin, so they cut nothing.)
    let (grouping, _) = same_both_ways(include_str!("../../../testdata/group/cut-check-bd/layer.toml"));
    assert_eq!(shape(&grouping), vec![(0..1, Some(codes::CUT_CHECK_BD)), (1..2, None)]);
}

#[test]
fn groups_cut_early_by_check_bd_do_not_merge_the_rest_of_the_layer() {
    // RMSNorm, then the channel-form GEMM that fails check-bd, eight times over, no max_launches:
    // every group is cut at its second kernel. Checking at doubling sizes finds that at once,
    // instead of merging the rest of the layer first.
    let base = include_str!("../../../testdata/group/cut-check-bd/layer.toml");
    let head = &base[..base.find("[[kernel]]").unwrap()];
    let mut layer = head.to_string();
    for i in 0..8 {
        layer.push_str(&format!(
            "[[kernel]]\nname = \"r{i}\"\nfile = \"../../kernels/rmsnorm_2048x2048.mlir\"\nargs = [\"x_in\", \"norm_w\", \"normed\"]\n\n[[kernel]]\nname = \"q{i}\"\nfile = \"../check-bd/f37_gemm_channel_form_runtime_offsets.mlir\"\nargs = [\"normed\", \"wq\", \"q\"]\n\n"
        ));
    }
    let (grouping, work) = same_both_ways(&layer);
    assert_eq!(grouping.groups.len(), 16, "{:?}", shape(&grouping));
    // 8 groups of r (merged alone, then with the next q) and 8 of q alone.
    assert_eq!((work.merges, work.checks), (24, 24));
}

/// A judge that answers from the candidate's text, counting what it is asked.
struct Scripted<F: FnMut(&str) -> judge::Verdict> {
    answer: F,
    asked: usize,
}

impl<F: FnMut(&str) -> judge::Verdict> Judge for Scripted<F> {
    fn judge(&mut self, _func: &str, merged: &Merged, _backend: &air_merge::plan::backend::Backend) -> judge::Verdict {
        self.asked += 1;
        (self.answer)(merged.text())
    }
}

fn inputs_of(layer: &Layer) -> Vec<KernelInput> {
    let texts = kernel_texts();
    let text_of = |file: &str| texts[file.rsplit('/').next().unwrap_or(file)];
    layer
        .kernels
        .iter()
        .enumerate()
        .map(|(idx, k)| KernelInput {
            slice: k.file.as_deref().map(|f| ParsedSlice::new(FileId(idx as u32 + 1), f, text_of(f))),
        })
        .collect()
}

#[test]
fn the_compiler_keeps_a_group_check_bd_rejects() {
    // check-bd rejects the channel-form GEMM (AS0437); a compiler that accepts everything keeps
    // the RMSNorm and the GEMM together, with check-bd's errors as its disagreement.
    let layer = parse_layer(include_str!("../../../testdata/group/cut-check-bd/layer.toml"), FileId(0)).unwrap();
    let inputs = inputs_of(&layer);
    let mut judge = Scripted { answer: |_: &str| judge::Verdict::Accepted, asked: 0 };
    let grouping = plan_groups_judged(&layer, &inputs, &mut judge);
    assert_eq!(shape(&grouping), vec![(0..2, None)]);
    let candidate = grouping.groups[0].candidate.as_ref().unwrap();
    assert!(candidate.overruled.iter().any(|d| d.code == "AS0437"), "{:?}", candidate.overruled);
    assert!(candidate.check.iter().all(|d| !d.is_error()));
    assert!(!grouping.has_errors());
    // Without the compiler, check-bd's verdict stands.
    assert_eq!(shape(&plan_groups(&layer, &inputs)), vec![(0..1, Some(codes::CUT_CHECK_BD)), (1..2, None)]);
}

#[test]
fn the_compiler_cuts_a_group_check_bd_accepts() {
    // The prefill layer: a compiler that refuses any module holding the gate GEMM's slice cuts
    // the second group before `gg`, and `gg` then fails alone (its own group, an error).
    let layer = parse_layer(PREFILL, FileId(0)).unwrap();
    let inputs = inputs_of(&layer);
    let refuse = |text: &str| {
        if text.contains("// slice gg:") {
            judge::Verdict::Rejected("'aie.dma_bd' op Stride 2 exceeds the [1:1048576] range".to_string())
        } else {
            judge::Verdict::Accepted
        }
    };
    let mut judge = Scripted { answer: refuse, asked: 0 };
    let grouping = plan_groups_judged(&layer, &inputs, &mut judge);
    let cut = grouping.groups[2].cut.as_ref().unwrap();
    assert_eq!((cut.code, cut.kernel), (codes::CUT_COMPILER, 10));
    assert!(cut.message.contains("the compiler rejects it: 'aie.dma_bd' op Stride 2"), "{}", cut.message);
    assert_eq!(grouping.groups[3].kernels, 10..11);
    assert!(!grouping.groups[3].errors.is_empty());
    // The judge is asked where check-bd is: each candidate checked, not every one merged.
    assert!(judge.asked <= 14, "{}", judge.asked);
    // A crash or a timeout cuts too: no verdict is no group.
    let mut judge = Scripted { answer: |_: &str| judge::Verdict::NoVerdict("crashed".to_string()), asked: 0 };
    let grouping = plan_groups_judged(&layer, &inputs, &mut judge);
    assert!(grouping.has_errors());
    assert!(grouping.groups[0].errors[0].message.contains("the compiler gives no verdict (crashed)"));
}

#[test]
fn the_compiler_is_asked_about_the_largest_group_first() {
    // The pinned compiler lowers o_gemv_ffn's three stages together but refuses `s1` alone and
    // `s2, s3` ('memref.cast' op using value defined outside the region): its verdict does not
    // shrink with the group, so the group check-bd settles on is asked about first.
    let layer = parse_layer(DECODE, FileId(0)).unwrap();
    let inputs = inputs_of(&layer);
    let answer = |text: &str| match (text.contains("// slice s1:"), text.contains("// slice s3:")) {
        (true, true) | (false, false) => judge::Verdict::Accepted,
        _ => judge::Verdict::Rejected("'memref.cast' op using value defined outside the region".to_string()),
    };
    let mut judge = Scripted { answer, asked: 0 };
    let grouping = plan_groups_judged(&layer, &inputs, &mut judge);
    assert_eq!(shape(&grouping), vec![(0..6, None), (6..7, None), (7..10, None)]);
    // One question per group.
    assert_eq!(judge.asked, 2);
}

//! `MergeMemo` on real inputs: a merge grown one upstream test file at a time, as `group` grows
//! its candidates, gives with the memo exactly what a fresh merge gives (the module, or the same
//! errors), and the memo is used. Needs the corpus (skips without it, fails under CI=true).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use air_diagnostics::FileId;
use air_merge::merge::{finish, stitch, stitch_with_memo, MergeMemo};
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::slice::ParsedSlice;

/// The outcome of a merge as text: the module, or every error message.
fn outcome(result: Result<air_merge::merge::Merged, Vec<air_diagnostics::Diagnostic>>) -> Result<String, Vec<String>> {
    result.map(|merged| merged.text().to_string()).map_err(|errors| errors.iter().map(|e| e.message.clone()).collect())
}

#[test]
fn a_growing_merge_of_corpus_files_is_the_same_with_the_memo() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let candidates: Vec<ParsedSlice> = air_testkit::corpus_files(&dir)
        .into_iter()
        .filter(|file| file.valid && !file.split)
        .take(400)
        .enumerate()
        .filter_map(|(idx, file)| {
            let text = std::fs::read_to_string(&file.path).ok()?;
            let slice = ParsedSlice::new(FileId(idx as u32), file.relpath, &text);
            (!slice.parse.has_errors()).then_some(slice)
        })
        .collect();
    let mut memo = MergeMemo::new();
    // Indices into `candidates` of the files merged so far; the slices are the same parses
    // from merge to merge, as in `group`.
    let mut chosen: Vec<usize> = Vec::new();
    let (mut merged, mut refused) = (0, 0);
    for idx in 0..candidates.len() {
        if chosen.len() == 60 {
            break;
        }
        chosen.push(idx);
        let set: Vec<ParsedSlice> = chosen
            .iter()
            .map(|&i| {
                let slice = &candidates[i];
                ParsedSlice { file: slice.file, name: slice.name.clone(), parse: slice.parse.clone() }
            })
            .collect();
        let Ok(plan) = zero_config_plan("fused", &set, &[], &Default::default()) else {
            chosen.pop();
            continue;
        };
        // Same parses (the memo compares them by pointer), as group's candidates share theirs.
        let fresh = outcome(stitch(&plan, &set).and_then(finish));
        let reused = outcome(stitch_with_memo(&plan, &set, &mut memo).and_then(finish));
        assert_eq!(reused, fresh, "with {}", set.last().map(|s| s.name.as_str()).unwrap_or(""));
        if fresh.is_ok() {
            merged += 1;
        } else {
            refused += 1;
            chosen.pop();
        }
    }
    // Files that do not merge with the others (none among the first ones, as it happens) are
    // compared the same way and left out.
    assert!(merged >= 30, "{merged} merges, {refused} refused");
    // Every merge after the first reuses at least the slices before its newest one.
    assert!(memo.hits() >= merged * (merged - 1) / 2, "{} of {merged} merges", memo.hits());
    assert!(memo.proof_hits() >= memo.hits() / 2, "{} proofs kept", memo.proof_hits());
}

#[test]
fn a_merge_whose_passes_fail_leaves_the_memo_right_for_the_next() {
    // gemv_2k: slice `dg` declares the extern `gg` declares, with another object. Renamed, it
    // merges (case 15); kept by the plan, the externs pass fails (case 15b).
    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/merge/15-extern-conflict-renamed");
    let read = |name: &str| std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
    let slices = vec![
        ParsedSlice::new(FileId(1), "gg.mlir", &read("gg.mlir")),
        ParsedSlice::new(FileId(2), "dg.mlir", &read("dg.mlir")),
    ];
    let renamed = air_merge::plan::parse_plan(&read("plan.toml"), FileId(0)).unwrap();
    let kept_text = std::fs::read_to_string(format!("{DIR}/../15b-extern-conflict-kept/plan.toml")).unwrap();
    let kept = air_merge::plan::parse_plan(&kept_text, FileId(0)).unwrap();
    let mut memo = MergeMemo::new();
    let mut outcomes = Vec::new();
    for plan in [&renamed, &kept, &renamed, &kept] {
        let fresh = outcome(stitch(plan, &slices).and_then(finish));
        let reused = outcome(stitch_with_memo(plan, &slices, &mut memo).and_then(finish));
        assert_eq!(reused, fresh);
        outcomes.push(fresh.is_ok());
    }
    assert_eq!(outcomes, [true, false, true, false]);
    // `gg` is the same slice with the same plan entry every time: from the memo after the first.
    assert_eq!(memo.hits(), 3);
    // The same parses under other file ids and names are other slices: the extern report names
    // the new ones.
    let renamed_slices: Vec<ParsedSlice> = slices
        .iter()
        .enumerate()
        .map(|(i, s)| ParsedSlice {
            file: FileId(10 + i as u32),
            name: format!("other{i}.mlir"),
            parse: s.parse.clone(),
        })
        .collect();
    let externs = |merged: air_merge::merge::Merged| format!("{:?}", merged.externs);
    let fresh = stitch(&renamed, &renamed_slices).and_then(finish).map(externs).unwrap();
    let reused = stitch_with_memo(&renamed, &renamed_slices, &mut memo).and_then(finish).map(externs).unwrap();
    assert_eq!(reused, fresh);
    assert!(fresh.contains("other1.mlir"), "{fresh}");
}

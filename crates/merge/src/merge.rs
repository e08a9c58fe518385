//! `merge`: the pipeline that stitches slices into one multi-launch module, with every check of
//! docs/merge.md#checks-all-reported-at-once-each-with-filelinecol made up front and reported all
//! at once.
//!
//! The phases, as docs/merge.md lists them: the checks (`merge_checks`), the passes of
//! [`crate::passes::PIPELINE`] on each slice in order, assembly, the equivalence check, and the
//! final parse. Each slice is parsed once; the output is parsed once, as an internal check (zero
//! errors and zero unresolved uses, or the merge fails without writing anything), and that tree
//! is the result. A phase that finds problems stops the merge with all of them: the next phase
//! assumes what the earlier ones checked.

mod memo;
pub mod phases;

pub use memo::MergeMemo;

use crate::assemble::{assemble, AssemblySlice};
use crate::checks::{check_inputs, Checked, SymbolSites};
use crate::codes;
use crate::equivalence::{check_equivalence, SliceFacts, PARSE_CHECK_MESSAGE};
use crate::passes::externs::ExternState;
use crate::passes::{PassName, Shared, SliceState};
use crate::plan::MergePlan;
use crate::slice::ParsedSlice;
use air_diagnostics::Diagnostic;
use air_syntax::air_ops;
use air_syntax::slice_origin::SliceOrigin;
use air_syntax::views::all_ops;
use air_syntax::Parse;

/// The result of a successful merge.
#[derive(Debug)]
pub struct Merged {
    /// The merged module as the final check parsed it: callers that verify or analyse the
    /// output (`--verify`, check-bd, roles) use this tree instead of parsing the text again.
    pub parse: Parse,
    /// Which slice each part of the merged function came from, in plan order (the launches in
    /// a slice's range are its).
    pub slices: Vec<SliceOrigin>,
    pub externs: ExternState,
    pub launches: usize,
    pub warnings: Vec<Diagnostic>,
}

impl Merged {
    /// The merged module's text.
    pub fn text(&self) -> &str {
        self.parse.tree.text()
    }
}

/// Runs the merge. The slices are consumed: they are dropped before the output is parsed for
/// the final check, which keeps peak memory near one parse of the inputs.
pub fn merge(plan: &MergePlan, slices: Vec<ParsedSlice>) -> Result<Merged, Vec<Diagnostic>> {
    merge_checked(plan, slices, 1, &|text| text)
}

/// The merge, with a hook between assembly and the internal checks (tests use it to show that
/// the checks catch a changed output).
fn merge_checked(
    plan: &MergePlan,
    slices: Vec<ParsedSlice>,
    threads: usize,
    between: &dyn Fn(String) -> String,
) -> Result<Merged, Vec<Diagnostic>> {
    let stitched = stitch_checked(plan, &slices, threads, None, between)?;
    drop(slices);
    finish(stitched)
}

/// A merged module that passed every check needing the slices; [`finish`] makes the last one.
#[derive(Debug)]
pub struct Stitched {
    text: String,
    externs: ExternState,
    slices: Vec<SliceOrigin>,
}

/// The first phase of [`merge`]: checks, passes, assembly and the equivalence check. Callers
/// that keep their own copies of the inputs (for diagnostics) can drop them between the phases.
pub fn stitch(plan: &MergePlan, slices: &[ParsedSlice]) -> Result<Stitched, Vec<Diagnostic>> {
    stitch_checked(plan, slices, 1, None, &|text| text)
}

/// [`stitch`] for the next of a series of merges that share their first slices (`group`'s
/// growing candidates): the passes before remap-args, and the proofs of slices whose part of
/// the output did not change, are taken from `memo` ([`MergeMemo`]). The result is the same as
/// [`stitch`]'s.
pub fn stitch_with_memo(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    memo: &mut MergeMemo,
) -> Result<Stitched, Vec<Diagnostic>> {
    stitch_checked(plan, slices, 1, Some(memo), &|text| text)
}

/// [`stitch`] with the per-slice work of the equivalence check spread over `threads` workers
/// (the CLI passes the machine's cores); the result does not depend on `threads`.
pub fn stitch_parallel(plan: &MergePlan, slices: &[ParsedSlice], threads: usize) -> Result<Stitched, Vec<Diagnostic>> {
    stitch_checked(plan, slices, threads, None, &|text| text)
}

/// The second phase of [`merge`]: the output must parse with zero errors and zero unresolved
/// values. This is the only parse of the output, and [`Merged`] keeps it.
pub fn finish(stitched: Stitched) -> Result<Merged, Vec<Diagnostic>> {
    let Stitched { text, externs, slices } = stitched;
    let parsed = air_syntax::parse_owned(text);
    if parsed.has_errors() {
        let text = parsed.tree.text();
        let mut diagnostic = Diagnostic::error(codes::INTERNAL_CHECK, PARSE_CHECK_MESSAGE);
        let index = air_diagnostics::LineIndex::new(text);
        // One broken spot tends to break what follows: the first few errors locate the bug.
        for error in parsed.all_errors().iter().take(5) {
            let at = index.line_col(error.primary.as_ref().map(|l| l.range.start).unwrap_or(0), text);
            diagnostic = diagnostic.with_note(format!("merged output {}:{}: {}", at.line, at.col, error.message));
        }
        return Err(vec![diagnostic]);
    }
    let launches = all_ops(parsed.tree.root()).filter(|op| op.name() == air_ops::LAUNCH).count();
    Ok(Merged { parse: parsed, slices, externs, launches, warnings: Vec::new() })
}

/// Checks, passes, assembly and the equivalence check: everything that needs the slices. The
/// phases are those of docs/merge.md; each stops the merge with every problem it found.
fn stitch_checked(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    threads: usize,
    mut memo: Option<&mut MergeMemo>,
    between: &dyn Fn(String) -> String,
) -> Result<Stitched, Vec<Diagnostic>> {
    // 1. Every problem with the plan and the inputs, before anything changes.
    let Checked { mut states, module_attrs } = check_inputs(plan, slices)?;
    // 2. The passes.
    let shared = run_passes(plan, &mut states, memo.as_deref_mut())?;
    // 3. Assembly: one module from the slices' printed overlays.
    let assembly: Vec<AssemblySlice<'_>> = states.iter().map(AssemblySlice::of).collect();
    let assembled = assemble(plan, module_attrs.as_deref(), &assembly);
    let text = between(assembled.text);
    // 4. Internal check: every slice's ops survive unchanged up to renaming and wiring.
    let facts: Vec<SliceFacts<'_>> = states
        .iter()
        .zip(&assembled.bodies)
        .map(|(state, body)| SliceFacts::of(state, *body, &shared.externs))
        .collect();
    let mismatches = match memo {
        Some(memo) => memo.prove(&text, &facts),
        None => check_equivalence(&text, &facts, threads),
    };
    if !mismatches.is_empty() {
        return Err(mismatches);
    }
    Ok(Stitched { text, externs: shared.externs, slices: assembled.origins })
}

/// The pipeline on each slice in plan order (aliases and externs carry over from one slice to
/// the next, so the first to define one is the one emitted), then each slice's final symbols
/// checked against the earlier slices'. A slice whose passes fail is left out of the symbol
/// checks: its names are not final. With a memo, the passes before remap-args come from it
/// where they can ([`MergeMemo`]).
///
/// The passes stay on one thread: running the slice-local ones (wrap-bare-herds, prefix-ssa,
/// remap-args) on both cores around the carried ones (prefix-symbols, externs) was measured at
/// no gain (8.48 -> 8.42 ms on 382 slices, 5.85 -> 6.29 ms on 3), docs/performance.md.
fn run_passes(
    plan: &MergePlan,
    states: &mut [SliceState<'_>],
    mut memo: Option<&mut MergeMemo>,
) -> Result<Shared, Vec<Diagnostic>> {
    let mut shared = Shared::default();
    let mut sites = SymbolSites::default();
    let mut errors = Vec::new();
    let mut reusing = true;
    for (idx, state) in states.iter_mut().enumerate() {
        let ran = match memo.as_deref_mut() {
            Some(memo) => memo
                .leading(idx, &mut reusing, state, &mut shared)
                .and_then(|()| state.run_some(&[PassName::RemapArgs], &mut shared)),
            None => state.run_passes(&mut shared),
        };
        match ran {
            Ok(()) => sites.add(plan, idx, state, &mut errors),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if let Some(memo) = memo {
        memo.take_up_shared(&mut shared);
    }
    sites.check_externs(plan, &shared.externs, &mut errors);
    if errors.is_empty() {
        Ok(shared)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::zero_config::zero_config_plan;
    use air_diagnostics::FileId;

    const KERNEL: &str = "func.func @k(%arg0: memref<64xbf16>, %arg1: memref<64xbf16>) {\n  %c1 = arith.constant 1 : index\n  air.launch (%x) in (%sx=%c1) args(%in=%arg0, %out=%arg1) : memref<64xbf16>, memref<64xbf16> {\n    air.segment @seg  args(%i=%in, %o=%out) : memref<64xbf16>, memref<64xbf16> {\n      %c2 = arith.constant 2 : index\n      air.herd @herd_0  tile (%tx, %ty) in (%a=%c2, %b=%c2) args(%p=%i, %q=%o) : memref<64xbf16>, memref<64xbf16> {\n        %buf = memref.alloc() : memref<64xbf16, 2 : i32>\n        air.dma_memcpy_nd (%buf[] [] [], %p[] [] []) : (memref<64xbf16, 2 : i32>, memref<64xbf16>)\n      }\n    }\n  }\n  return\n}\n";

    fn run(tamper: &dyn Fn(String) -> String) -> Result<Merged, Vec<Diagnostic>> {
        let slices =
            || vec![ParsedSlice::new(FileId(0), "a.mlir", KERNEL), ParsedSlice::new(FileId(1), "b.mlir", KERNEL)];
        let plan = zero_config_plan("fused", &slices(), &[], &Default::default()).unwrap();
        let one = merge_checked(&plan, slices(), 1, tamper);
        // The equivalence check on two workers finds the same, in the same order.
        let two = merge_checked(&plan, slices(), 2, tamper);
        assert_eq!(format!("{:?}", one.as_ref().err()), format!("{:?}", two.as_ref().err()));
        one
    }

    fn tampered(from: &str, to: &str) -> Vec<String> {
        assert_eq!(from.len(), to.len(), "keep lengths so slice ranges stay valid");
        let (from, to) = (from.to_string(), to.to_string());
        let errors = run(&move |text: String| {
            assert!(text.contains(&from), "{from} not in the output");
            text.replacen(&from, &to, 1)
        })
        .unwrap_err();
        errors.iter().map(|e| e.message.clone()).collect()
    }

    #[test]
    fn untouched_output_passes_the_internal_checks() {
        assert!(run(&|text| text).is_ok());
    }

    #[test]
    fn the_merge_says_which_part_of_its_output_each_slice_is() {
        let merged = run(&|text| text).unwrap();
        let text = merged.text();
        let parts: Vec<(&str, &str, &str)> =
            merged.slices.iter().map(|o| (o.prefix.as_str(), o.name.as_str(), o.kernel.as_str())).collect();
        assert_eq!(parts, [("a", "a.mlir", "@k"), ("b", "b.mlir", "@k")]);
        for origin in &merged.slices {
            let part = &text[origin.range.start as usize..origin.range.end as usize];
            let comment = air_syntax::slice_origin::format(&origin.prefix, &origin.name, &origin.kernel);
            assert!(part.trim_start().starts_with(&comment), "{part}");
            assert_eq!(part.matches("air.launch ").count(), 1, "{part}");
            assert!(part.contains(&format!("{}_seg", origin.prefix)), "{part}");
        }
        // What the comments give back for the written file is the same.
        let from_comments = air_syntax::slice_origin::from_comments(text);
        let starts = |o: &[air_syntax::slice_origin::SliceOrigin]| o.iter().map(|o| o.range.start).collect::<Vec<_>>();
        assert_eq!(starts(&from_comments), starts(&merged.slices));
    }

    #[test]
    fn equivalence_check_catches_rewired_operands() {
        let errors = tampered("args(%b_in=%arg2, %b_out=%arg3)", "args(%b_in=%arg3, %b_out=%arg2)");
        assert_eq!(
            errors,
            vec![
                "internal error: the merged module differs from its source at line 21 in slice `b`: `%arg0` became `%arg3`"
                    .to_string()
            ]
        );
    }

    #[test]
    fn equivalence_check_catches_changed_constants_names_and_symbols() {
        assert!(tampered("%a_c2 = arith.constant 2", "%a_c2 = arith.constant 3")[0].contains("`2` became `3`"));
        assert!(tampered("%a_buf = memref.alloc()", "%a_bug = memref.alloc()")[0].contains("`%buf` became `%a_bug`"));
        assert!(tampered("air.herd @b_herd_0", "air.herd @b_herd_1")[0].contains("`@herd_0` became `@b_herd_1`"));
        // A use of another slice's value (a forward reference, so it still parses).
        assert!(tampered("(%a_sx=%a_c1)", "(%a_sx=%b_c1)")[0].contains("`%c1` became `%b_c1`"));
    }

    /// An async bare herd: the wrapper adds launch dependencies, a stand-in token and the
    /// launch's token.
    const ASYNC_KERNEL: &str = "func.func @k(%arg0: memref<64xi32>) {\n  %c1 = arith.constant 1 : index\n  %t0, %buf = air.execute -> (memref<64xi32>) {\n    %alloc = memref.alloc() : memref<64xi32>\n    air.execute_terminator %alloc : memref<64xi32>\n  }\n  %t1 = air.execute [%t0] {\n    memref.copy %arg0, %buf : memref<64xi32> to memref<64xi32>\n  }\n  %h = air.herd async [%t1] tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%buf) : memref<64xi32> {\n  }\n  %t2 = air.execute [%h, %t0] {\n    memref.dealloc %buf : memref<64xi32>\n  }\n  return\n}\n";

    fn run_async(tamper: &dyn Fn(String) -> String) -> Result<Merged, Vec<Diagnostic>> {
        let slices = vec![
            ParsedSlice::new(FileId(0), "a.mlir", ASYNC_KERNEL),
            ParsedSlice::new(FileId(1), "b.mlir", ASYNC_KERNEL),
        ];
        let plan = zero_config_plan("fused", &slices, &[], &Default::default()).unwrap();
        merge_checked(&plan, slices, 2, tamper)
    }

    #[test]
    fn equivalence_check_follows_the_wrappers_tokens_and_catches_rewired_ones() {
        assert!(run_async(&|text| text).is_ok());
        let messages = |from: &'static str, to: &'static str| -> Vec<String> {
            let errors = run_async(&move |text: String| {
                assert!(text.contains(from), "{from} not in the output:\n{text}");
                text.replacen(from, to, 1)
            })
            .unwrap_err();
            errors.iter().map(|e| e.message.clone()).collect()
        };
        // The launch waits on the wrong token: the stand-in no longer stands for `%t0`.
        let errors = messages("air.launch async [%a_t0]", "air.launch async [%a_t1]");
        assert!(errors[0].contains("`%t0` became `%a_in_t0`"), "{errors:?}");
        // After the launch, its token may stand only for a token from inside it.
        let errors =
            messages("%a_t2 = air.execute [%a_launch_token, %a_t0]", "%a_t2 = air.execute [%a_launch_token, %a_t1]");
        assert!(errors[0].contains("`%t0` became `%a_t1`"), "{errors:?}");
    }

    /// The two-slice merge with `sizes` as slice `a`'s `shim_dma_tile_sizes`, its output
    /// changed by `tamper`: the proof's messages.
    fn tiled(sizes: Option<Vec<i64>>, tamper: &dyn Fn(String) -> String) -> Vec<String> {
        let slices =
            || vec![ParsedSlice::new(FileId(0), "a.mlir", KERNEL), ParsedSlice::new(FileId(1), "b.mlir", KERNEL)];
        let mut plan = zero_config_plan("fused", &slices(), &[], &Default::default()).unwrap();
        plan.slices[0].shim_dma_tile_sizes = sizes;
        match merge_checked(&plan, slices(), 1, tamper) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| e.message.clone()).collect(),
        }
    }

    #[test]
    fn equivalence_check_holds_launches_to_the_plans_tile_sizes() {
        let attr = "air.shim_dma_tile_sizes = array<i64: 2, 2>";
        assert!(tiled(Some(vec![2, 2]), &|text| text).is_empty());
        // A changed value, a dropped attribute, and one the plan does not ask for.
        let changed = tiled(Some(vec![2, 2]), &|text| text.replacen("array<i64: 2, 2>", "array<i64: 2, 4>", 1));
        assert!(changed[0].ends_with("in slice `a`: its launches carry air.shim_dma_tile_sizes = [array<i64:2,4>], the plan and the source give [array<i64:2,2>]"), "{changed:?}");
        let dropped = tiled(Some(vec![2, 2]), &|text| {
            assert!(text.contains(attr), "{text}");
            text.replacen(&format!(" attributes {{{attr}}}"), "", 1)
        });
        assert!(
            dropped[0].ends_with(
                "its launches carry air.shim_dma_tile_sizes = [], the plan and the source give [array<i64:2,2>]"
            ),
            "{dropped:?}"
        );
        let added = tiled(None, &|text| text.replacen("args(%b_in=", &format!("attributes {{{attr}}} args(%b_in="), 1));
        assert!(added[0].ends_with("in slice `b`: its launches carry air.shim_dma_tile_sizes = [array<i64:2,2>], the plan and the source give []"), "{added:?}");
    }

    #[test]
    fn a_memo_skips_only_proofs_of_unchanged_parts() {
        let slices = vec![ParsedSlice::new(FileId(0), "a.mlir", KERNEL), ParsedSlice::new(FileId(1), "b.mlir", KERNEL)];
        let plan = zero_config_plan("fused", &slices, &[], &Default::default()).unwrap();
        let mut memo = MergeMemo::new();
        let clean = stitch_checked(&plan, &slices, 1, Some(&mut memo), &|text| text).unwrap();
        assert_eq!((memo.hits(), memo.proof_hits()), (0, 0));
        // The same merge again: both slices' passes and proofs come from the memo.
        let again = stitch_checked(&plan, &slices, 1, Some(&mut memo), &|text| text).unwrap();
        assert_eq!(again.text, clean.text);
        assert_eq!((memo.hits(), memo.proof_hits()), (2, 2));
        // A changed byte in slice b's part is proved again, and caught; slice a's is not.
        let tamper = |text: String| text.replacen("%b_c2 = arith.constant 2", "%b_c2 = arith.constant 3", 1);
        let errors = stitch_checked(&plan, &slices, 1, Some(&mut memo), &tamper).unwrap_err();
        assert!(errors[0].message.contains("in slice `b`: `2` became `3`"), "{errors:?}");
        assert_eq!(memo.proof_hits(), 3);
        // The failed proof is not kept: the next clean merge proves slice b again.
        stitch_checked(&plan, &slices, 1, Some(&mut memo), &|text| text).unwrap();
        assert_eq!(memo.proof_hits(), 4);
    }

    #[test]
    fn merges_on_several_workers_give_the_same_module() {
        // Bare herds (wrapped), SSA names, symbols and wiring on every slice.
        let slices = || -> Vec<ParsedSlice> {
            (0..5)
                .map(|i| {
                    let text = if i % 2 == 0 { KERNEL } else { ASYNC_KERNEL };
                    ParsedSlice::new(FileId(i), format!("s{i}.mlir"), text)
                })
                .collect()
        };
        let plan = zero_config_plan("fused", &slices(), &[], &Default::default()).unwrap();
        let text = |threads| merge_checked(&plan, slices(), threads, &|text| text).unwrap().text().to_string();
        let one = text(1);
        assert!(one.contains("%s1_launch_token"), "{one}");
        assert_eq!(one, text(2));
        assert_eq!(one, text(3));
    }

    #[test]
    fn internal_parse_check_catches_broken_output() {
        // Inside a slice's part, a changed token is a difference from the source...
        let errors = tampered("air.segment @a_seg  args", "air.segment @a_seg  argz");
        assert!(errors[0].contains("`args` became `argz`"), "{errors:?}");
        // ...outside every part, only the final parse can see it.
        let errors = tampered("    return\n  }\n}\n", "    return\n  }\n)\n");
        assert!(errors[0].starts_with("internal error: the merged module does not parse cleanly"), "{errors:?}");
    }
}

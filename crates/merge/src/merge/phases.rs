//! The phases of [`super::merge`] one at a time, for the per-phase benchmark
//! (`crates/merge/benches/merge_phases.rs`) and profiles: each takes what the previous one returned,
//! so a benchmark can time one phase with the earlier ones done in its set-up.

use super::run_passes;
use crate::assemble::{assemble, Assembled, AssemblySlice};
use crate::checks::check_inputs;
use crate::equivalence::{check_equivalence, SliceFacts};
use crate::passes::Shared;
use crate::plan::MergePlan;
use crate::slice::ParsedSlice;
use air_diagnostics::Diagnostic;

/// The slices after the up-front checks: one state per slice, ready for the passes.
pub struct Checked<'a> {
    inner: crate::checks::Checked<'a>,
}

/// Phase 1: every check of the plan and the inputs.
pub fn check<'a>(plan: &'a MergePlan, slices: &'a [ParsedSlice]) -> Result<Checked<'a>, Vec<Diagnostic>> {
    check_inputs(plan, slices).map(|inner| Checked { inner })
}

/// Phase 2: the pipeline on every slice, and the symbol checks between slices.
pub fn passes(plan: &MergePlan, checked: &mut Checked<'_>) -> Result<Shared, Vec<Diagnostic>> {
    run_passes(plan, &mut checked.inner.states, None)
}

/// Phase 3: the merged text from the slices' overlays.
pub fn assembly(plan: &MergePlan, checked: &Checked<'_>) -> Assembled {
    let slices: Vec<AssemblySlice<'_>> = checked.inner.states.iter().map(AssemblySlice::of).collect();
    assemble(plan, checked.inner.module_attrs.as_deref(), &slices)
}

/// Phase 4: the equivalence proof of the assembled text against every slice, on `threads`
/// workers.
pub fn equivalence(checked: &Checked<'_>, assembled: &Assembled, shared: &Shared, threads: usize) -> Vec<Diagnostic> {
    let facts: Vec<SliceFacts<'_>> = checked
        .inner
        .states
        .iter()
        .zip(&assembled.bodies)
        .map(|(state, body)| SliceFacts::of(state, *body, &shared.externs))
        .collect();
    check_equivalence(&assembled.text, &facts, threads)
}

/// Phase 5: the final parse of the output (the internal parse check); its tree is the result.
pub fn final_parse(assembled: Assembled, shared: Shared) -> Result<super::Merged, Vec<Diagnostic>> {
    super::finish(super::Stitched { text: assembled.text, externs: shared.externs, slices: assembled.origins })
}

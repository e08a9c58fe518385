//! The merge pipeline's one list of passes: [`PIPELINE`] is the order `merge` runs them in and
//! the names `air-stitch pass` accepts; [`SliceState`] is one slice on its way through the
//! merge; [`run_alone`] runs one pass by itself.

use super::{
    Changed, Externs, Findings, Pass, PassResult, PrefixSsa, PrefixSymbols, RemapArgs, Shared, SliceCx, Target,
    WrapBareHerds,
};
use crate::plan::SlicePlan;
use crate::rewrite::Rewrite;
use crate::slice::{KernelFunc, ParsedSlice};
use air_diagnostics::Diagnostic;
use std::collections::BTreeMap;

/// The passes, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassName {
    WrapBareHerds,
    PrefixSsa,
    PrefixSymbols,
    Externs,
    RemapArgs,
}

/// The merge pipeline, in order: the wrapper first, so that the names it adds are prefixed
/// like any other; symbols before externs, which must see which symbols are the slice's own;
/// remap-args last, so that the combined argument names it gives are not prefixed.
pub const PIPELINE: [PassName; 5] =
    [PassName::WrapBareHerds, PassName::PrefixSsa, PassName::PrefixSymbols, PassName::Externs, PassName::RemapArgs];

/// The passes before remap-args. What they make of a slice depends only on the slice, its plan
/// entry's kernel function, prefix, extern overrides and tile sizes, and the [`Shared`] state the
/// slices before it left; never on its wiring, which is remap-args' alone. That is what lets
/// `group` keep their results while a candidate grows ([`crate::merge::MergeMemo`]).
pub const LEADING: [PassName; 4] =
    [PassName::WrapBareHerds, PassName::PrefixSsa, PassName::PrefixSymbols, PassName::Externs];

/// The names of the [`PIPELINE`]'s passes, in order.
pub const PASS_NAMES: [&str; PIPELINE.len()] = {
    let mut names = [""; PIPELINE.len()];
    let mut idx = 0;
    while idx < PIPELINE.len() {
        names[idx] = PIPELINE[idx].as_str();
        idx += 1;
    }
    names
};

impl PassName {
    pub const fn as_str(self) -> &'static str {
        match self {
            PassName::WrapBareHerds => WrapBareHerds::NAME,
            PassName::PrefixSsa => PrefixSsa::NAME,
            PassName::PrefixSymbols => PrefixSymbols::NAME,
            PassName::Externs => Externs::NAME,
            PassName::RemapArgs => RemapArgs::NAME,
        }
    }

    pub fn from_name(name: &str) -> Option<PassName> {
        PIPELINE.into_iter().find(|pass| pass.as_str() == name)
    }
}

/// One pass with its options.
#[derive(Clone, Debug)]
pub enum AnyPass {
    WrapBareHerds(WrapBareHerds),
    PrefixSsa(PrefixSsa),
    PrefixSymbols(PrefixSymbols),
    Externs(Externs),
    RemapArgs(RemapArgs),
}

impl AnyPass {
    /// Pass `name` with the options the plan gives one slice.
    pub fn for_slice(name: PassName, plan: &SlicePlan, targets: &BTreeMap<usize, Target>) -> AnyPass {
        let prefix = plan.prefix.clone();
        match name {
            PassName::WrapBareHerds => AnyPass::WrapBareHerds(WrapBareHerds {
                segment_name: None,
                tile_sizes: plan.shim_dma_tile_sizes.clone(),
                tile_sizes_loc: plan.shim_dma_tile_sizes_loc,
            }),
            PassName::PrefixSsa => AnyPass::PrefixSsa(PrefixSsa { prefix }),
            PassName::PrefixSymbols => AnyPass::PrefixSymbols(PrefixSymbols { prefix }),
            PassName::Externs => AnyPass::Externs(Externs { prefix, overrides: plan.externs.clone() }),
            PassName::RemapArgs => AnyPass::RemapArgs(RemapArgs { mapping: targets.clone() }),
        }
    }

    pub fn name(&self) -> PassName {
        match self {
            AnyPass::WrapBareHerds(_) => PassName::WrapBareHerds,
            AnyPass::PrefixSsa(_) => PassName::PrefixSsa,
            AnyPass::PrefixSymbols(_) => PassName::PrefixSymbols,
            AnyPass::Externs(_) => PassName::Externs,
            AnyPass::RemapArgs(_) => PassName::RemapArgs,
        }
    }

    pub fn needs_kernel(&self) -> bool {
        match self {
            AnyPass::WrapBareHerds(_) => WrapBareHerds::NEEDS_KERNEL,
            AnyPass::PrefixSsa(_) => PrefixSsa::NEEDS_KERNEL,
            AnyPass::PrefixSymbols(_) => PrefixSymbols::NEEDS_KERNEL,
            AnyPass::Externs(_) => Externs::NEEDS_KERNEL,
            AnyPass::RemapArgs(_) => RemapArgs::NEEDS_KERNEL,
        }
    }

    pub fn run(&self, cx: &mut SliceCx<'_>, rewrite: Rewrite) -> PassResult {
        match self {
            AnyPass::WrapBareHerds(pass) => pass.run(cx, rewrite),
            AnyPass::PrefixSsa(pass) => pass.run(cx, rewrite),
            AnyPass::PrefixSymbols(pass) => pass.run(cx, rewrite),
            AnyPass::Externs(pass) => pass.run(cx, rewrite),
            AnyPass::RemapArgs(pass) => pass.run(cx, rewrite),
        }
    }
}

macro_rules! any_pass_from {
    ($($pass:ident),*) => {
        $(impl From<$pass> for AnyPass {
            fn from(pass: $pass) -> AnyPass {
                AnyPass::$pass(pass)
            }
        })*
    };
}

any_pass_from!(WrapBareHerds, PrefixSsa, PrefixSymbols, Externs, RemapArgs);

/// One pass run on one slice by itself, as if it were the first slice of a merge.
#[derive(Debug)]
pub struct Alone {
    pub rewrite: Rewrite,
    pub changed: Changed,
    pub shared: Shared,
    pub found: Findings,
}

/// Runs `pass` alone on `slice` (`air-stitch pass`, and the passes' own tests).
pub fn run_alone(
    pass: &AnyPass,
    slice: &ParsedSlice,
    kernel: Option<&KernelFunc<'_>>,
) -> Result<Alone, Vec<Diagnostic>> {
    let (mut shared, mut found) = (Shared::default(), Findings::default());
    let mut cx = SliceCx { slice, kernel, shared: &mut shared, found: &mut found };
    let (rewrite, changed) = pass.run(&mut cx, Rewrite::new())?;
    Ok(Alone { rewrite, changed, shared, found })
}

/// One slice on its way through the merge: the input, its plan entry, its kernel and argument
/// targets (which the checks worked out), and what the passes made of it.
pub struct SliceState<'a> {
    pub slice: &'a ParsedSlice,
    pub plan: &'a SlicePlan,
    pub kernel: KernelFunc<'a>,
    /// Slice argument index → where remap-args wires it.
    pub targets: BTreeMap<usize, Target>,
    pub rewrite: Rewrite,
    pub found: Findings,
}

impl<'a> SliceState<'a> {
    pub fn new(
        slice: &'a ParsedSlice,
        plan: &'a SlicePlan,
        kernel: KernelFunc<'a>,
        targets: BTreeMap<usize, Target>,
    ) -> SliceState<'a> {
        SliceState { slice, plan, kernel, targets, rewrite: Rewrite::new(), found: Findings::default() }
    }

    /// Runs the [`PIPELINE`] on this slice, with the options its plan entry gives. The first
    /// pass that fails stops it: the later ones assume what it should have done.
    pub fn run_passes(&mut self, shared: &mut Shared) -> Result<(), Vec<Diagnostic>> {
        self.run_some(&PIPELINE, shared)
    }

    /// Runs `passes` (a part of the [`PIPELINE`], in its order) on the overlay so far.
    pub fn run_some(&mut self, passes: &[PassName], shared: &mut Shared) -> Result<(), Vec<Diagnostic>> {
        let mut rewrite = std::mem::take(&mut self.rewrite);
        let mut cx = SliceCx { slice: self.slice, kernel: Some(&self.kernel), shared, found: &mut self.found };
        for &name in passes {
            (rewrite, _) = AnyPass::for_slice(name, self.plan, &self.targets).run(&mut cx, rewrite)?;
        }
        self.rewrite = rewrite;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;
    use crate::passes::{PrefixSsa, RemapArgs, Target, WrapBareHerds};
    use crate::slice::find_kernel;
    use air_diagnostics::FileId;

    #[test]
    fn pass_names_follow_the_pipeline_and_name_their_pass() {
        assert_eq!(PASS_NAMES, ["wrap-bare-herds", "prefix-ssa", "prefix-symbols", "externs", "remap-args"]);
        for name in PIPELINE {
            assert_eq!(PassName::from_name(name.as_str()), Some(name));
        }
        assert_eq!(PassName::from_name("prefix"), None);
        // The memo's split: the leading passes, then remap-args alone.
        assert_eq!([&LEADING[..], &[PassName::RemapArgs]].concat(), PIPELINE);
    }

    #[test]
    fn passes_report_whether_they_changed_the_overlay() {
        // No symbol, alias, extern or bare herd: only prefix-ssa has something to rename.
        let slice = ParsedSlice::new(FileId(0), "t.mlir", "func.func @k(%a: index) {\n  return\n}\n");
        let kernel = find_kernel(&slice.parse, slice.file, &slice.name, None).unwrap();
        let changed = |pass: AnyPass| run_alone(&pass, &slice, Some(&kernel)).unwrap().changed;
        assert_eq!(changed(WrapBareHerds::default().into()), Changed::No);
        assert_eq!(changed(PrefixSsa { prefix: "q".into() }.into()), Changed::Yes);
        assert_eq!(changed(Externs { prefix: "q".into(), overrides: Default::default() }.into()), Changed::No);
        assert_eq!(changed(RemapArgs::default().into()), Changed::No);
        let remap = RemapArgs { mapping: [(0, Target::Combined(3))].into_iter().collect() };
        assert_eq!(changed(remap.into()), Changed::Yes);
        // The kernel function is a symbol of the module.
        assert_eq!(changed(PrefixSymbols { prefix: "q".into() }.into()), Changed::Yes);
    }

    #[test]
    fn a_pass_that_needs_the_kernel_says_so_when_run_without_it() {
        let slice = ParsedSlice::new(FileId(0), "t.mlir", "func.func @k() {\n  return\n}\n");
        let errors = run_alone(&RemapArgs::default().into(), &slice, None).unwrap_err();
        assert_eq!(errors[0].code, codes::INTERNAL_CHECK);
        assert!(errors[0].message.contains("`remap-args` ran without"), "{}", errors[0].message);
    }
}

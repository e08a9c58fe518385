//! The merge passes and the interface they share.
//!
//! A pass is a value holding its options, with one function from a slice and the overlay so
//! far to a new overlay (or diagnostics), reporting whether it changed anything (pliron's change
//! status). What a pass reads is its [`SliceCx`]: the parsed slice, its kernel, the state the
//! slices before it left ([`Shared`]), and where it records what later phases need
//! ([`Findings`]). The passes are this module's children; `pipeline` lists them in order.

pub mod externs;
pub mod pipeline;
pub mod prefix_ssa;
pub mod prefix_symbols;
pub mod remap_args;
pub mod standalone;
mod wrap_analysis;
pub mod wrap_bare_herds;

pub use externs::{ExternState, Externs};
pub use pipeline::{run_alone, Alone, AnyPass, PassName, SliceState, LEADING, PASS_NAMES, PIPELINE};
pub use prefix_ssa::PrefixSsa;
pub use prefix_symbols::{AttrAliasOutcome, AttrAliasTable, PrefixSymbols};
pub use remap_args::{RemapArgs, Target};
pub use wrap_bare_herds::WrapBareHerds;

use crate::codes;
use crate::rewrite::Rewrite;
use crate::slice::{KernelFunc, ParsedSlice};
use air_diagnostics::Diagnostic;
use air_syntax::NodeId;
use std::collections::BTreeMap;

/// Whether a pass changed the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    Yes,
    No,
}

impl Changed {
    /// Compares the overlay's edit count with the one it had when the pass started.
    pub fn since(edits_before: u64, rewrite: &Rewrite) -> Changed {
        if rewrite.edits() == edits_before {
            Changed::No
        } else {
            Changed::Yes
        }
    }
}

/// What a pass returns: the new overlay and whether it differs, or why the pass cannot run.
pub type PassResult = Result<(Rewrite, Changed), Vec<Diagnostic>>;

/// State carried from one slice to the next (merge order matters: the first slice to define
/// an alias or declare an extern is the one whose definition is emitted).
#[derive(Clone, Debug, Default)]
pub struct Shared {
    /// Alias definitions emitted so far (prefix-symbols shares identical ones).
    pub aliases: AttrAliasTable,
    /// Externs declared so far (externs shares identical ones, renames conflicting ones).
    pub externs: ExternState,
}

/// What the passes found out about one slice, besides the overlay, for the checks and the
/// assembly after them.
#[derive(Clone, Debug, Default)]
pub struct Findings {
    /// prefix-symbols: old symbol name → new name (without `@`).
    pub symbols: BTreeMap<String, String>,
    /// prefix-symbols: what became of each alias definition.
    pub aliases: Vec<AttrAliasOutcome>,
    /// externs: the declarations of this slice the merged module must contain.
    pub externs: Vec<NodeId>,
}

/// What a pass sees: its slice, and the state it shares with the other slices.
pub struct SliceCx<'a> {
    pub slice: &'a ParsedSlice,
    /// The kernel function: always there in a merge; `air-stitch pass` looks it up only for
    /// the passes that need it ([`Pass::NEEDS_KERNEL`]).
    pub kernel: Option<&'a KernelFunc<'a>>,
    pub shared: &'a mut Shared,
    pub found: &'a mut Findings,
}

impl<'a> SliceCx<'a> {
    /// The kernel, for a pass that declared it needs one.
    pub fn kernel(&self, pass: &str) -> Result<&'a KernelFunc<'a>, Vec<Diagnostic>> {
        self.kernel.ok_or_else(|| {
            vec![Diagnostic::error(
                codes::INTERNAL_CHECK,
                format!("internal error: pass `{pass}` ran without the slice's kernel function"),
            )]
        })
    }
}

/// A pass of the pipeline. Precondition of every pass: the slice parsed without errors.
pub trait Pass {
    /// The name `air-stitch pass` knows it by.
    const NAME: &'static str;
    /// Whether it works on the kernel function (the others work on the whole file).
    const NEEDS_KERNEL: bool = false;

    fn run(&self, cx: &mut SliceCx<'_>, rewrite: Rewrite) -> PassResult;
}

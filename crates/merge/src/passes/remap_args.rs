//! remap-args: every use of slice function argument `i`, anywhere in the slice (including the
//! `args(...)` a wrapper added), becomes combined argument `%argN` or a prelude alias.
//!
//! Arguments are identified by position in the kernel's signature, whatever they are called
//! (`%arg3`, `%Q`), and renamed at their definition, so every use follows; a use inside a string,
//! comment or attribute is not a use and is never touched.

use crate::passes::{Changed, Pass, PassResult, SliceCx};
use crate::rewrite::{Rewrite, ValueKey};
use std::collections::BTreeMap;

/// Where a slice argument goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Combined argument index `N` (printed `%argN`).
    Combined(usize),
    /// A value the prelude defines (name without `%`).
    Alias(String),
}

impl Target {
    pub fn value_name(&self) -> String {
        match self {
            Target::Combined(idx) => format!("arg{idx}"),
            Target::Alias(name) => name.trim_start_matches('%').to_string(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct RemapArgs {
    /// Slice argument index → target.
    pub mapping: BTreeMap<usize, Target>,
}

impl Pass for RemapArgs {
    const NAME: &'static str = "remap-args";
    const NEEDS_KERNEL: bool = true;

    fn run(&self, cx: &mut SliceCx<'_>, mut rewrite: Rewrite) -> PassResult {
        let kernel = cx.kernel(Self::NAME)?;
        let edits = rewrite.edits();
        for (idx, target) in &self.mapping {
            if let Some(token) = kernel.args.get(*idx).and_then(|a| a.name) {
                rewrite.rename_def(ValueKey::Def(token.id()), target.value_name());
            }
        }
        let changed = Changed::since(edits, &rewrite);
        Ok((rewrite, changed))
    }
}

//! The symbol checks made after the passes, when every final name is known: no two slices may
//! define one symbol (prefixes `a` and `a_b` both make `@a_b_x` from `@b_x` and `@x`), and no
//! renamed symbol may be an extern's name or the combined function's.

use crate::codes;
use crate::passes::externs::ExternState;
use crate::passes::SliceState;
use crate::plan::{located, MergePlan};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::views::{all_ops, module_ops, symbol_name, Hierarchy, HierarchyKind};
use std::collections::BTreeMap;

/// Where each final symbol of the slices merged so far is defined: (slice index, file, range).
#[derive(Debug, Default)]
pub(crate) struct SymbolSites {
    sites: BTreeMap<String, (usize, FileId, TextRange)>,
}

impl SymbolSites {
    /// Checks slice `idx`'s final symbols against the earlier slices', then records them. Run
    /// right after the slice's passes, so the diagnostics come in slice order.
    pub(crate) fn add(&mut self, plan: &MergePlan, idx: usize, state: &SliceState<'_>, errors: &mut Vec<Diagnostic>) {
        let (file, prefix) = (state.slice.file, &state.plan.prefix);
        for (name, range) in final_symbols(state) {
            match self.sites.get(&name) {
                Some((other, other_file, other_range)) if *other != idx => errors.push(
                    Diagnostic::error(
                        codes::DUPLICATE_SYMBOL,
                        format!("symbol `@{name}` is defined by two slices after renaming"),
                    )
                    .with_primary(file, range, format!("becomes `@{name}` in slice `{prefix}`"))
                    .with_secondary(
                        *other_file,
                        *other_range,
                        format!("becomes `@{name}` in slice `{}`", plan.slices[*other].prefix),
                    )
                    .with_help(
                        "choose prefixes that do not make one slice's names look like another's (e.g. `a` and `a_b`)",
                    ),
                ),
                Some(_) => {}
                None => {
                    self.sites.insert(name, (idx, file, range));
                }
            }
        }
    }

    /// After the last slice: the externs (whose names are kept or renamed to a plan's choice)
    /// and the combined function must not take a slice's renamed symbol.
    pub(crate) fn check_externs(&self, plan: &MergePlan, externs: &ExternState, errors: &mut Vec<Diagnostic>) {
        for (name, entry) in &externs.entries {
            if let Some((idx, file, range)) = self.sites.get(name) {
                errors.push(
                    Diagnostic::error(
                        codes::DUPLICATE_SYMBOL,
                        format!(
                            "symbol `@{name}` is both an extern and a renamed symbol of slice `{}`",
                            plan.slices[*idx].prefix
                        ),
                    )
                    .with_primary(*file, *range, "renamed to the extern's name")
                    .with_secondary(entry.file, entry.range, "the extern")
                    .with_help("choose another prefix for this slice"),
                );
            }
        }
        if self.sites.contains_key(&plan.name) || externs.entries.contains_key(&plan.name) {
            errors.push(located(
                codes::DUPLICATE_SYMBOL,
                &format!(
                    "the combined function name `{}` is already a symbol of the merged module",
                    crate::plan::naming::symbol_ref(&plan.name)
                ),
                plan.name_loc,
            ));
        }
    }
}

/// A slice's symbols after renaming, each with where it is defined: module-level symbols,
/// segment and launch names (a herd's name is scoped by its segment), and the segments a wrapper
/// added (at the kernel, which they wrap).
fn final_symbols(state: &SliceState<'_>) -> BTreeMap<String, TextRange> {
    let (root, symbols) = (state.slice.parse.tree.root(), &state.found.symbols);
    let mut finals: BTreeMap<String, TextRange> = BTreeMap::new();
    for op in module_ops(root) {
        if let Some(sym) = op.symbol() {
            if let Some(new) = symbols.get(&symbol_name(sym.text())) {
                finals.insert(new.clone(), sym.text_range());
            }
        }
    }
    for h in all_ops(root).filter_map(Hierarchy::cast) {
        if matches!(h.kind, HierarchyKind::Segment | HierarchyKind::Launch) {
            if let (Some(name), Some(tok)) = (h.sym_name(), h.sym_token()) {
                if let Some(new) = symbols.get(&name) {
                    finals.entry(new.clone()).or_insert(tok.text_range());
                }
            }
        }
    }
    for name in state.rewrite.synthetic_symbol_names() {
        finals.entry(name.clone()).or_insert(state.kernel.func.op().node().text_range());
    }
    finals
}

//! The wiring checks: prefixes usable and distinct, every kernel argument wired exactly once
//! (`args` or `aliases`) to a combined argument or prelude value that exists and has its type,
//! and every combined argument used by someone. They yield each slice's argument targets, which
//! remap-args applies.

use super::{primary_or, with_loc, PreludeInfo};
use crate::codes;
use crate::passes::remap_args::Target;
use crate::plan::named::did_you_mean;
use crate::plan::naming::is_identifier;
use crate::plan::{located, CombinedArg, Loc, MergePlan, SlicePlan};
use crate::slice::{KernelFunc, ParsedSlice};
use air_diagnostics::Diagnostic;
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::types_equal;
use std::collections::{BTreeMap, BTreeSet};

/// Checks prefixes, wiring, types and references; returns per-slice argument targets (empty for
/// a slice without a kernel, whose problems are reported already).
pub(crate) fn check_wiring(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    kernels: &[Option<KernelFunc<'_>>],
    prelude: &PreludeInfo,
    errors: &mut Vec<Diagnostic>,
) -> Vec<BTreeMap<usize, Target>> {
    check_prefixes(plan, errors);
    // The prelude's uses count as references, and so does every `args` entry, even of a slice
    // that has other problems: one mistake should not look like two.
    let mut referenced: BTreeSet<usize> = prelude.uses.clone();
    let mut targets = Vec::new();
    for ((slice_plan, slice), kernel) in plan.slices.iter().zip(slices).zip(kernels) {
        referenced.extend(slice_plan.args.values().map(|(combined, _)| *combined));
        let map = match kernel {
            Some(kernel) => Wiring { plan, slice_plan, slice, kernel, prelude }.targets(errors),
            None => BTreeMap::new(),
        };
        targets.push(map);
    }
    check_referenced(plan, &referenced, errors);
    targets
}

/// Prefixes name every value and symbol of their slice: each must be usable in names, and
/// distinct from the others.
fn check_prefixes(plan: &MergePlan, errors: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<&str, Loc> = BTreeMap::new();
    for slice in &plan.slices {
        if !is_identifier(&slice.prefix) {
            errors.push(
                located(
                    codes::BAD_PREFIX,
                    &format!("prefix `{}` is not usable in SSA names and symbols", slice.prefix),
                    slice.prefix_loc,
                )
                .with_help("a prefix is letters, digits and `_`, and does not start with a digit"),
            );
        }
        if let Some(first) = seen.get(slice.prefix.as_str()) {
            errors.push(with_loc(
                located(
                    codes::DUPLICATE_PREFIX,
                    &format!("two slices use the prefix `{}`", slice.prefix),
                    slice.prefix_loc,
                )
                .with_help(
                    "give each slice its own prefix (names from different slices must not collide): `prefix = \"...\"` in a plan, `--prefix FILE=NAME` on the command line",
                ),
                *first,
                "first used here",
            ));
        } else {
            seen.insert(&slice.prefix, slice.prefix_loc);
        }
    }
}

/// A combined argument nobody uses is almost always a wiring mistake, unless the plan says it
/// is a dead ABI placeholder.
fn check_referenced(plan: &MergePlan, referenced: &BTreeSet<usize>, errors: &mut Vec<Diagnostic>) {
    let combined = plan.args.len();
    for (idx, arg) in plan.args.iter().enumerate() {
        if !referenced.contains(&idx) && !plan.allow_unreferenced.contains_key(&idx) {
            errors.push(
                located(codes::UNREFERENCED_ARG, &format!("combined argument {idx} (`%arg{idx}: {}`{}) is used by no slice and not by the prelude", arg.ty, arg.name.as_ref().map(|n| format!(", `{n}`")).unwrap_or_default()), arg.loc)
                    .with_help(format!("wire it in a slice's `args`, remove it, or list {idx} in [func].allow_unreferenced if it is a dead ABI placeholder")),
            );
        }
    }
    for (idx, loc) in &plan.allow_unreferenced {
        if *idx >= combined {
            errors.push(located(
                codes::INDEX_OUT_OF_RANGE,
                &format!("`allow_unreferenced` names argument {idx}, but the combined function has {combined}"),
                *loc,
            ));
        }
    }
}

/// One slice's wiring: its plan entry against its kernel's signature.
struct Wiring<'p, 'k> {
    plan: &'p MergePlan,
    slice_plan: &'p SlicePlan,
    slice: &'p ParsedSlice,
    kernel: &'p KernelFunc<'k>,
    prelude: &'p PreludeInfo,
}

impl Wiring<'_, '_> {
    /// The slice's argument targets, in the order the problems are reported: `args`, then
    /// `aliases`, then the arguments wired by neither.
    fn targets(&self, errors: &mut Vec<Diagnostic>) -> BTreeMap<usize, Target> {
        let mut map = BTreeMap::new();
        self.wire_args(&mut map, errors);
        self.wire_aliases(&mut map, errors);
        self.check_all_wired(errors);
        map
    }

    /// The plan wires or aliases argument `idx`, which the kernel does not have.
    fn no_such_arg(&self, idx: usize, loc: Loc) -> Diagnostic {
        let count = self.kernel.args.len();
        let signature_loc = self.kernel.func.signature().map(|s| (self.slice.file, s.text_range()));
        let message = format!(
            "slice `{}` has no argument {idx}: `@{}` takes {count}",
            self.slice_plan.prefix,
            self.kernel.func.name()
        );
        with_loc(
            located(codes::INDEX_OUT_OF_RANGE, &message, loc.or(self.slice_plan.loc)).with_help(format!(
                "slice argument indices are 0-based positions in the kernel signature (0..{count})"
            )),
            signature_loc,
            "the kernel's signature",
        )
    }

    /// `args = { i = N }`: slice argument `i` becomes combined argument `N`, of the same type.
    fn wire_args(&self, map: &mut BTreeMap<usize, Target>, errors: &mut Vec<Diagnostic>) {
        let combined = self.plan.args.len();
        for (idx, (combined_idx, loc)) in &self.slice_plan.args {
            // An entry that points nowhere is reported and left out of the targets, so the
            // checks after it (and remap-args) only ever see real arguments.
            if *idx >= self.kernel.args.len() {
                errors.push(self.no_such_arg(*idx, *loc));
                continue;
            }
            if *combined_idx >= combined {
                errors.push(
                    located(
                        codes::INDEX_OUT_OF_RANGE,
                        &format!(
                            "combined argument {combined_idx} does not exist: the combined function has {combined}"
                        ),
                        loc.or(self.slice_plan.loc),
                    )
                    .with_help("add the argument to [func].args, or wire this slice argument to an existing one"),
                );
                continue;
            }
            let name = format!("%arg{combined_idx}");
            self.check_type(*idx, &self.plan.args[*combined_idx], &name, *loc, errors);
            map.insert(*idx, Target::Combined(*combined_idx));
        }
    }

    /// `aliases = { i = "%v" }`: slice argument `i` becomes the prelude's value `%v`, which must
    /// exist, have its type, and not be wired in `args` too.
    fn wire_aliases(&self, map: &mut BTreeMap<usize, Target>, errors: &mut Vec<Diagnostic>) {
        let slice_plan = self.slice_plan;
        for (idx, (name, loc)) in &slice_plan.aliases {
            if *idx >= self.kernel.args.len() {
                errors.push(self.no_such_arg(*idx, *loc));
                continue;
            }
            // One argument cannot become two values.
            if slice_plan.args.contains_key(idx) {
                errors.push(
                    with_loc(
                        located(
                            codes::ARG_AND_ALIAS,
                            &format!(
                                "slice `{}` argument {idx} is wired twice, in `args` and in `aliases`",
                                slice_plan.prefix
                            ),
                            *loc,
                        ),
                        slice_plan.args[idx].1,
                        "also wired here",
                    )
                    .with_help("keep one of the two"),
                );
                continue;
            }
            match self.prelude.defs.get(name) {
                None => errors.push(
                    located(
                        codes::UNKNOWN_ALIAS,
                        &format!("the prelude does not define `{name}`"),
                        loc.or(slice_plan.loc),
                    )
                    .with_help(if let Some(best) = did_you_mean(name, self.prelude.defs.keys().map(String::as_str)) {
                        format!("did you mean `{best}`?")
                    } else if self.plan.prelude.is_some() {
                        "define it in [func].prelude, or wire the argument with `args`".to_string()
                    } else {
                        "aliases name values defined in [func].prelude; add a prelude or wire the argument with `args`"
                            .to_string()
                    }),
                ),
                Some(ty) => {
                    // A prelude value whose type the text does not say is taken on trust.
                    if let Some(ty) = ty {
                        let arg = CombinedArg {
                            ty: ty.clone(),
                            loc: self.plan.prelude.as_ref().and_then(|p| p.loc),
                            name: None,
                            kind: None,
                        };
                        self.check_type(*idx, &arg, name, *loc, errors);
                    }
                    map.insert(*idx, Target::Alias(name.clone()));
                }
            }
        }
    }

    /// Every kernel argument must be wired: an unwired one would stay a dangling name.
    fn check_all_wired(&self, errors: &mut Vec<Diagnostic>) {
        let slice_plan = self.slice_plan;
        for idx in 0..self.kernel.args.len() {
            if slice_plan.args.contains_key(&idx) || slice_plan.aliases.contains_key(&idx) {
                continue;
            }
            let name = self.kernel.args[idx].name.map(|t| t.text().to_string()).unwrap_or_default();
            // Point at the argument itself; the plan entry (if any) is the secondary label.
            let diagnostic = primary_or(
                Diagnostic::error(
                    codes::UNWIRED_ARG,
                    format!(
                        "slice `{}` argument {idx} (`{name}`) is not wired to any combined argument",
                        slice_plan.prefix
                    ),
                ),
                self.arg_loc(idx),
                None,
                "this argument",
            );
            errors.push(
                with_loc(diagnostic, slice_plan.loc, "in this slice").with_help(format!(
                    "add `{idx} = <combined index>` to the slice's `args` (or an entry in `aliases`)"
                )),
            );
        }
    }

    /// Where slice argument `idx` is declared.
    fn arg_loc(&self, idx: usize) -> Loc {
        self.kernel.args.get(idx).map(|a| (self.slice.file, a.node.text_range()))
    }

    /// Slice argument `idx` and the value wired to it (`combined_name`) must have equal types,
    /// compared as MLIR compares them.
    fn check_type(
        &self,
        idx: usize,
        combined: &CombinedArg,
        combined_name: &str,
        loc: Loc,
        errors: &mut Vec<Diagnostic>,
    ) {
        let kernel = self.kernel;
        let Some(slice_ty) = kernel.arg_type(idx) else { return };
        if types_equal(&slice_ty, &combined.ty) {
            return;
        }
        let arg_name = kernel.args[idx].name.map(|t| t.text().to_string()).unwrap_or_default();
        let slice_ty_loc = kernel.args[idx].ty.map(|t| (self.slice.file, t.text_range()));
        // The primary label is where the wiring is written (the plan), or else the slice's
        // declaration; the other sites are secondary, so both types show.
        let mut diagnostic = Diagnostic::error(
            codes::TYPE_MISMATCH,
            format!(
                "type mismatch: {} is `{}` but slice `{}` argument {idx} (`{arg_name}`) is `{}`",
                if let Some(idx) = combined_name.strip_prefix("%arg").and_then(|i| i.parse::<usize>().ok()) {
                    combined.describe(idx)
                } else {
                    format!("prelude value `{combined_name}`")
                },
                collapse_whitespace(&combined.ty),
                self.slice_plan.prefix,
                slice_ty
            ),
        );
        diagnostic = primary_or(diagnostic, loc, slice_ty_loc, "wired here");
        if loc.is_some() {
            diagnostic = with_loc(diagnostic, slice_ty_loc, &format!("`{arg_name}` declared `{slice_ty}` here"));
        }
        diagnostic = with_loc(
            diagnostic,
            combined.loc,
            &format!("`{combined_name}` is `{}`", collapse_whitespace(&combined.ty)),
        );
        errors.push(diagnostic.with_help(
            "types compare as MLIR does: `memref<4xbf16, 1>` equals `memref<4xbf16, 1 : i64>` but not `memref<4xbf16, 1 : i32>`; fix the combined type or wire another argument",
        ));
    }
}

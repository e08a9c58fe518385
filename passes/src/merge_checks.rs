//! The checks `merge` makes before it changes anything (design.md §2): prefixes, kernel
//! arguments wired exactly once and to existing combined arguments of equal type, combined
//! arguments all used, the prelude, channels that would cross slices, module attributes.

use crate::codes;
use crate::plan::{located, valid_prefix, CombinedArg, Loc, MergePlan, SlicePlan};
use crate::remap_args::Target;
use crate::slice::{Kernel, ParsedSlice};
use crate::value_types::{compact, def_type};
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::views::{all_ops, module_ops, types_equal, ChannelIo, FuncOp, Op};
use air_syntax::{Parse, SyntaxKind};
use std::collections::{BTreeMap, BTreeSet};

pub(crate) fn with_loc(diagnostic: Diagnostic, loc: Loc, label: &str) -> Diagnostic {
    match loc {
        Some((file, range)) => diagnostic.with_secondary(file, range, label),
        None => diagnostic,
    }
}

pub(crate) fn primary_or(diagnostic: Diagnostic, first: Loc, second: Loc, label: &str) -> Diagnostic {
    match first.or(second) {
        Some((file, range)) => diagnostic.with_primary(file, range, label),
        None => diagnostic,
    }
}

/// Where slice argument `idx` is declared.
fn arg_loc(slice: &ParsedSlice, kernel: &Kernel<'_>, idx: usize) -> Loc {
    kernel.args.get(idx).map(|a| (slice.file, a.node.text_range()))
}

/// Definitions the prelude makes (name with `%` → type) and the combined arguments it uses.
pub(crate) struct PreludeInfo {
    pub(crate) defs: BTreeMap<String, Option<String>>,
    pub(crate) uses: BTreeSet<usize>,
}

pub(crate) fn check_prelude(plan: &MergePlan, errors: &mut Vec<Diagnostic>) -> PreludeInfo {
    let mut info = PreludeInfo { defs: BTreeMap::new(), uses: BTreeSet::new() };
    let Some(prelude) = &plan.prelude else { return info };
    let signature: Vec<String> = plan.args.iter().enumerate().map(|(i, a)| format!("%arg{i}: {}", a.ty)).collect();
    let header = format!("func.func @__prelude({}) {{\n", signature.join(", "));
    let text = format!("{header}{}\nreturn\n}}\n", prelude.text);
    let parse = air_syntax::parse(&text);
    let body_start = header.len() as u32;
    let body_end = body_start + prelude.text.len() as u32;
    for error in parse.all_errors() {
        let at = error.primary.as_ref().map(|l| l.range.start).unwrap_or(0);
        let mut diagnostic = Diagnostic::error(codes::PRELUDE_ERROR, format!("in the prelude: {}", error.message));
        diagnostic = match (prelude.text_start, at >= body_start && at <= body_end) {
            (Some((file, start)), true) => {
                let range = error.primary.as_ref().map(|l| l.range).unwrap_or_default();
                diagnostic.with_primary(
                    file,
                    TextRange::new(range.start - body_start + start, range.end.min(body_end) - body_start + start),
                    "",
                )
            }
            _ => match prelude.loc {
                Some((file, range)) => diagnostic.with_primary(file, range, "in this prelude"),
                None => diagnostic,
            },
        };
        if let Some(help) = error.help {
            diagnostic = diagnostic.with_help(help);
        }
        errors.push(diagnostic);
    }
    if let Some(func) = module_ops(parse.tree.root()).into_iter().find_map(FuncOp::cast) {
        for op in func.op().body_ops() {
            for result in op.result_nodes() {
                if let (Some(def), Some(token)) = (parse.scopes.def_at(result.id()), result.first_token()) {
                    info.defs.insert(token.text().to_string(), def_type(&parse, def));
                }
            }
        }
        for (use_node, def) in &parse.scopes.uses {
            let Some(def) = def else { continue };
            let def = &parse.scopes.defs[*def as usize];
            let _ = use_node;
            if let Some(idx) = func.args().iter().position(|a| a.name.is_some_and(|n| n.id() == def.token)) {
                info.uses.insert(idx);
            }
        }
    }
    info
}

/// Channel directions per slice: name (before prefixing) → (put, get, first put, first get).
type ChannelUse = BTreeMap<String, (Option<TextRange>, Option<TextRange>)>;

fn channel_uses(parse: &Parse) -> ChannelUse {
    let mut uses: ChannelUse = BTreeMap::new();
    for io in all_ops(parse.tree.root()).filter_map(ChannelIo::cast) {
        let entry = uses.entry(io.chan_name()).or_default();
        let range = io.chan_token().map(|t| t.text_range()).unwrap_or(io.op.node().text_range());
        if io.is_put {
            entry.0.get_or_insert(range);
        } else {
            entry.1.get_or_insert(range);
        }
    }
    uses
}

pub(crate) fn check_channels(slices: &[ParsedSlice], plan: &MergePlan, errors: &mut Vec<Diagnostic>) {
    let per_slice: Vec<ChannelUse> = slices.iter().map(|s| channel_uses(&s.parse)).collect();
    for (a, uses_a) in per_slice.iter().enumerate() {
        for (name, (put_a, get_a)) in uses_a {
            let (Some(put), None) = (put_a, get_a) else { continue };
            for (b, uses_b) in per_slice.iter().enumerate() {
                if a == b {
                    continue;
                }
                if let Some((None, Some(get))) = uses_b.get(name) {
                    errors.push(
                        Diagnostic::error(
                            codes::CROSS_SLICE_CHANNEL,
                            format!(
                                "channel `@{name}` is put in slice `{}` and got in slice `{}`",
                                plan.slices[a].prefix, plan.slices[b].prefix
                            ),
                        )
                        .with_primary(slices[b].file, *get, "got here")
                        .with_secondary(slices[a].file, *put, "put here")
                        .with_note("the launches of a merged module run one after another on separately configured devices, so a channel cannot carry data from one slice to another")
                        .with_help("pass the data through an L3 buffer instead: wire the producer's output argument to the consumer's input (`args` in the plan, or `--bind`)"),
                    );
                }
            }
        }
    }
}

/// Checks prefixes, wiring, types and references; returns per-slice argument targets.
pub(crate) fn check_wiring(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    kernels: &[Option<Kernel<'_>>],
    prelude: &PreludeInfo,
    errors: &mut Vec<Diagnostic>,
) -> Vec<BTreeMap<usize, Target>> {
    let mut seen: BTreeMap<&str, Loc> = BTreeMap::new();
    for slice in &plan.slices {
        if !valid_prefix(&slice.prefix) {
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
                .with_help("give each slice its own `prefix` (names from different slices must not collide)"),
                *first,
                "first used here",
            ));
        } else {
            seen.insert(&slice.prefix, slice.prefix_loc);
        }
    }
    let combined = plan.args.len();
    let mut referenced: BTreeSet<usize> = prelude.uses.clone();
    let mut targets = Vec::new();
    for ((slice_plan, slice), kernel) in plan.slices.iter().zip(slices).zip(kernels) {
        let mut map = BTreeMap::new();
        for (combined_idx, _) in slice_plan.args.values() {
            referenced.insert(*combined_idx);
        }
        let Some(kernel) = kernel else {
            targets.push(map);
            continue;
        };
        let count = kernel.args.len();
        let signature_loc = kernel.func.signature().map(|s| (slice.file, s.text_range()));
        // The plan wires or aliases argument `idx`, which the kernel does not have.
        let no_such_arg = |idx: usize, loc: Loc| {
            let message =
                format!("slice `{}` has no argument {idx}: `@{}` takes {count}", slice_plan.prefix, kernel.func.name());
            with_loc(
                located(codes::INDEX_OUT_OF_RANGE, &message, loc.or(slice_plan.loc)).with_help(format!(
                    "slice argument indices are 0-based positions in the kernel signature (0..{count})"
                )),
                signature_loc,
                "the kernel's signature",
            )
        };
        for (idx, (combined_idx, loc)) in &slice_plan.args {
            if *idx >= count {
                errors.push(no_such_arg(*idx, *loc));
                continue;
            }
            if *combined_idx >= combined {
                errors.push(
                    located(
                        codes::INDEX_OUT_OF_RANGE,
                        &format!(
                            "combined argument {combined_idx} does not exist: the combined function has {combined}"
                        ),
                        loc.or(slice_plan.loc),
                    )
                    .with_help("add the argument to [func].args, or wire this slice argument to an existing one"),
                );
                continue;
            }
            check_type(
                plan,
                slice_plan,
                slice,
                kernel,
                *idx,
                &plan.args[*combined_idx],
                &format!("%arg{combined_idx}"),
                *loc,
                errors,
            );
            map.insert(*idx, Target::Combined(*combined_idx));
        }
        for (idx, (name, loc)) in &slice_plan.aliases {
            if *idx >= count {
                errors.push(no_such_arg(*idx, *loc));
                continue;
            }
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
            match prelude.defs.get(name) {
                None => errors.push(
                    located(
                        codes::UNKNOWN_ALIAS,
                        &format!("the prelude does not define `{name}`"),
                        loc.or(slice_plan.loc),
                    )
                    .with_help(if plan.prelude.is_some() {
                        "define it in [func].prelude, or wire the argument with `args`".to_string()
                    } else {
                        "aliases name values defined in [func].prelude; add a prelude or wire the argument with `args`"
                            .to_string()
                    }),
                ),
                Some(ty) => {
                    if let Some(ty) = ty {
                        let arg = CombinedArg { ty: ty.clone(), loc: plan.prelude.as_ref().and_then(|p| p.loc) };
                        check_type(plan, slice_plan, slice, kernel, *idx, &arg, name, *loc, errors);
                    }
                    map.insert(*idx, Target::Alias(name.clone()));
                }
            }
        }
        for idx in 0..count {
            if !slice_plan.args.contains_key(&idx) && !slice_plan.aliases.contains_key(&idx) {
                let name = kernel.args[idx].name.map(|t| t.text().to_string()).unwrap_or_default();
                let diagnostic = primary_or(
                    Diagnostic::error(
                        codes::UNWIRED_ARG,
                        format!(
                            "slice `{}` argument {idx} (`{name}`) is not wired to any combined argument",
                            slice_plan.prefix
                        ),
                    ),
                    arg_loc(slice, kernel, idx),
                    None,
                    "this argument",
                );
                errors.push(with_loc(diagnostic, slice_plan.loc, "in this slice").with_help(format!(
                    "add `{idx} = <combined index>` to the slice's `args` (or an entry in `aliases`)"
                )));
            }
        }
        targets.push(map);
    }
    for (idx, arg) in plan.args.iter().enumerate() {
        if !referenced.contains(&idx) && !plan.allow_unreferenced.contains_key(&idx) {
            errors.push(
                located(codes::UNREFERENCED_ARG, &format!("combined argument {idx} (`%arg{idx}: {}`) is used by no slice and not by the prelude", arg.ty), arg.loc)
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
    targets
}

#[allow(clippy::too_many_arguments)]
fn check_type(
    _plan: &MergePlan,
    slice_plan: &SlicePlan,
    slice: &ParsedSlice,
    kernel: &Kernel<'_>,
    idx: usize,
    combined: &CombinedArg,
    combined_name: &str,
    loc: Loc,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(slice_ty) = kernel.arg_type(idx) else { return };
    if types_equal(&slice_ty, &combined.ty) {
        return;
    }
    let arg_name = kernel.args[idx].name.map(|t| t.text().to_string()).unwrap_or_default();
    let slice_ty_loc = kernel.args[idx].ty.map(|t| (slice.file, t.text_range()));
    let mut diagnostic = Diagnostic::error(
        codes::TYPE_MISMATCH,
        format!(
            "type mismatch: {} is `{}` but slice `{}` argument {idx} (`{arg_name}`) is `{}`",
            if combined_name.starts_with("%arg") {
                format!("combined argument {} (`{combined_name}`)", combined_name.trim_start_matches("%arg"))
            } else {
                format!("prelude value `{combined_name}`")
            },
            compact(&combined.ty),
            slice_plan.prefix,
            slice_ty
        ),
    );
    diagnostic = primary_or(diagnostic, loc, slice_ty_loc, "wired here");
    if loc.is_some() {
        diagnostic = with_loc(diagnostic, slice_ty_loc, &format!("`{arg_name}` declared `{slice_ty}` here"));
    }
    diagnostic = with_loc(diagnostic, combined.loc, &format!("`{combined_name}` is `{}`", compact(&combined.ty)));
    errors.push(diagnostic.with_help(
        "types compare as MLIR does: `memref<4xbf16, 1>` equals `memref<4xbf16, 1 : i64>` but not `memref<4xbf16, 1 : i32>`; fix the combined type or wire another argument",
    ));
}

/// Module-level `attributes {...}` of a slice's explicit `module`.
pub(crate) fn module_attributes(parse: &Parse) -> Option<String> {
    let tops: Vec<Op<'_>> = parse.tree.root().children_of(SyntaxKind::OPERATION).map(Op).collect();
    if tops.len() != 1 || tops[0].name() != "module" {
        return None;
    }
    tops[0].node().child(SyntaxKind::ATTRIBUTES_CLAUSE).map(|c| compact(c.text()))
}

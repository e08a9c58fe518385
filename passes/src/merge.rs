//! `merge`: the pipeline that stitches slices into one multi-launch module, with every check of
//! design.md §2 made up front and reported all at once.
//!
//! Per slice, in order: wrap-bare-herds, prefix-ssa, prefix-symbols, externs, remap-args; then
//! assembly. Each slice is parsed once; the output is parsed again as an internal check (zero
//! errors and zero unresolved uses, or the merge fails without writing anything).

use crate::assemble::{assemble, AssemblySlice};
use crate::codes;
use crate::equivalence::{check_equivalence, SliceFacts, PARSE_CHECK_MESSAGE};
use crate::externs::{ExternState, Externs};
use crate::plan::{located, valid_prefix, CombinedArg, Loc, MergePlan, SlicePlan};
use crate::prefix_symbols::{AliasTable, PrefixSymbols};
use crate::remap_args::{RemapArgs, Target};
use crate::rewrite::Rewrite;
use crate::slice::{find_kernel, Kernel};
use crate::value_types::{compact, def_type};
use crate::{PrefixSsa, WrapBareHerds};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::views::{
    all_ops, module_ops, symbol_name, types_equal, ChannelDecl, ChannelIo, FuncOp, Hierarchy, HierarchyKind, Op,
};
use air_syntax::{Parse, SyntaxKind};
use std::collections::{BTreeMap, BTreeSet};

/// One input, parsed.
pub struct ParsedSlice {
    pub file: FileId,
    /// Display name (the path as given).
    pub name: String,
    pub parse: Parse,
}

impl ParsedSlice {
    pub fn new(file: FileId, name: impl Into<String>, text: &str) -> ParsedSlice {
        ParsedSlice { file, name: name.into(), parse: air_syntax::parse(text) }
    }

    /// Parses a text shared with the caller (no copy).
    pub fn from_shared(file: FileId, name: impl Into<String>, text: std::sync::Arc<String>) -> ParsedSlice {
        ParsedSlice { file, name: name.into(), parse: air_syntax::parse_shared(text) }
    }
}

/// The result of a successful merge.
#[derive(Debug)]
pub struct Merged {
    pub text: String,
    pub externs: ExternState,
    pub launches: usize,
    pub warnings: Vec<Diagnostic>,
}

fn with_loc(diagnostic: Diagnostic, loc: Loc, label: &str) -> Diagnostic {
    match loc {
        Some((file, range)) => diagnostic.with_secondary(file, range, label),
        None => diagnostic,
    }
}

fn primary_or(diagnostic: Diagnostic, first: Loc, second: Loc, label: &str) -> Diagnostic {
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
struct PreludeInfo {
    defs: BTreeMap<String, Option<String>>,
    uses: BTreeSet<usize>,
}

fn check_prelude(plan: &MergePlan, errors: &mut Vec<Diagnostic>) -> PreludeInfo {
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

fn check_channels(slices: &[ParsedSlice], plan: &MergePlan, errors: &mut Vec<Diagnostic>) {
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
fn check_wiring(
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
        for (idx, (combined_idx, loc)) in &slice_plan.args {
            if *idx >= count {
                errors.push(with_loc(
                    located(
                        codes::INDEX_OUT_OF_RANGE,
                        &format!(
                            "slice `{}` has no argument {idx}: `@{}` takes {count}",
                            slice_plan.prefix,
                            kernel.func.name()
                        ),
                        loc.or(slice_plan.loc),
                    )
                    .with_help(format!(
                        "slice argument indices are 0-based positions in the kernel signature (0..{count})"
                    )),
                    signature_loc,
                    "the kernel's signature",
                ));
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
                errors.push(located(
                    codes::INDEX_OUT_OF_RANGE,
                    &format!(
                        "slice `{}` has no argument {idx}: `@{}` takes {count}",
                        slice_plan.prefix,
                        kernel.func.name()
                    ),
                    loc.or(slice_plan.loc),
                ));
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
fn module_attributes(parse: &Parse) -> Option<String> {
    let tops: Vec<Op<'_>> = parse.tree.root().children_of(SyntaxKind::OPERATION).map(Op).collect();
    if tops.len() != 1 || tops[0].name() != "module" {
        return None;
    }
    tops[0].node().child(SyntaxKind::ATTRIBUTES_CLAUSE).map(|c| compact(c.text()))
}

/// Runs the merge. The slices are consumed: they are dropped before the output is parsed again
/// for the final check, which keeps peak memory near one parse of the inputs.
pub fn merge(plan: &MergePlan, slices: Vec<ParsedSlice>) -> Result<Merged, Vec<Diagnostic>> {
    merge_checked(plan, slices, &|text| text)
}

/// The merge, with a hook between assembly and the internal checks (tests use it to show that
/// the checks catch a changed output).
fn merge_checked(
    plan: &MergePlan,
    slices: Vec<ParsedSlice>,
    between: &dyn Fn(String) -> String,
) -> Result<Merged, Vec<Diagnostic>> {
    let (text, externs) = stitch(plan, &slices, between)?;
    drop(slices);
    // Internal check: the output must parse cleanly.
    let reparsed = air_syntax::parse_owned(text);
    if reparsed.has_errors() {
        let text = reparsed.tree.text();
        let mut diagnostic = Diagnostic::error(codes::INTERNAL_CHECK, PARSE_CHECK_MESSAGE);
        let index = air_diagnostics::LineIndex::new(text);
        for error in reparsed.all_errors().iter().take(5) {
            let at = index.line_col(error.primary.as_ref().map(|l| l.range.start).unwrap_or(0), text);
            diagnostic = diagnostic.with_note(format!("merged output {}:{}: {}", at.line, at.col, error.message));
        }
        return Err(vec![diagnostic]);
    }
    let launches = all_ops(reparsed.tree.root()).filter(|op| op.name() == "air.launch").count();
    let text = reparsed.tree.into_text();
    Ok(Merged { text, externs, launches, warnings: Vec::new() })
}

/// Checks, passes, assembly and the equivalence check: everything that needs the slices.
fn stitch(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    between: &dyn Fn(String) -> String,
) -> Result<(String, ExternState), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for slice in slices {
        for error in slice.parse.all_errors() {
            errors.push(error.in_file(slice.file));
        }
    }
    let kernels: Vec<Option<Kernel<'_>>> = slices
        .iter()
        .zip(&plan.slices)
        .map(|(slice, slice_plan)| {
            if slice.parse.has_errors() {
                return None;
            }
            match find_kernel(&slice.parse, slice.file, &slice.name, slice_plan.func.as_deref()) {
                Ok(kernel) => Some(kernel),
                Err(diagnostic) => {
                    let diagnostic = if diagnostic.primary.is_none() {
                        primary_or(diagnostic, slice_plan.func_loc.or(slice_plan.file_loc), None, "this slice")
                    } else {
                        diagnostic
                    };
                    errors.push(diagnostic);
                    None
                }
            }
        })
        .collect();
    let prelude = check_prelude(plan, &mut errors);
    if let Some(p) = &plan.prelude {
        for name in prelude.defs.keys() {
            if let Some(slice) = plan.slices.iter().find(|s| name.starts_with(&format!("%{}_", s.prefix))) {
                errors.push(located(
                    codes::PRELUDE_ERROR,
                    &format!("prelude value `{name}` could collide with the names of slice `{}`, which all start with `%{}_`", slice.prefix, slice.prefix),
                    p.loc,
                ).with_help("rename the prelude value"));
            }
        }
    }
    let targets = check_wiring(plan, slices, &kernels, &prelude, &mut errors);
    check_channels(slices, plan, &mut errors);
    let mut attrs: Option<(String, usize)> = None;
    for (idx, slice) in slices.iter().enumerate() {
        if let Some(found) = module_attributes(&slice.parse) {
            match &attrs {
                Some((first, first_idx)) if *first != found => errors.push(
                    Diagnostic::error(
                        codes::MODULE_ATTR_CONFLICT,
                        format!(
                            "slices `{}` and `{}` give their modules different attributes",
                            plan.slices[*first_idx].prefix, plan.slices[idx].prefix
                        ),
                    )
                    .with_help("make the module attributes identical, or drop them from one slice"),
                ),
                Some(_) => {}
                None => attrs = Some((found, idx)),
            }
        }
    }
    let with_resources: Vec<&ParsedSlice> =
        slices.iter().filter(|s| s.parse.tree.root().child(SyntaxKind::FILE_METADATA).is_some()).collect();
    if with_resources.len() > 1 {
        let mut diagnostic =
            Diagnostic::error(codes::RESOURCES_CONFLICT, "more than one slice has a `{-# ... #-}` resource section")
                .with_help("merging dialect resources is not supported; keep the resources in one slice");
        for slice in &with_resources {
            if let Some(node) = slice.parse.tree.root().child(SyntaxKind::FILE_METADATA) {
                diagnostic = if diagnostic.primary.is_none() {
                    diagnostic.with_primary(slice.file, node.text_range(), "resource section")
                } else {
                    diagnostic.with_secondary(slice.file, node.text_range(), "resource section")
                };
            }
        }
        errors.push(diagnostic);
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    // The passes, slice by slice.
    let mut alias_table = AliasTable::new();
    let mut extern_state = ExternState::default();
    let mut rewrites = Vec::new();
    let mut symbol_sites: BTreeMap<String, (usize, FileId, TextRange)> = BTreeMap::new();
    for (idx, ((slice, slice_plan), kernel)) in slices.iter().zip(&plan.slices).zip(&kernels).enumerate() {
        let Some(kernel) = kernel else { continue };
        let parse = &slice.parse;
        let prefix = slice_plan.prefix.clone();
        let rewrite = match WrapBareHerds::default().run(parse, slice.file, kernel, Rewrite::new()) {
            Ok(rewrite) => rewrite,
            Err(mut e) => {
                errors.append(&mut e);
                continue;
            }
        };
        let rewrite = PrefixSsa { prefix: prefix.clone() }.run(parse, rewrite);
        let symbols = PrefixSymbols { prefix: prefix.clone() }.run(parse, rewrite, &mut alias_table);
        let externs = Externs { prefix: prefix.clone(), overrides: slice_plan.externs.clone() };
        let extern_out = match externs.run(parse, slice.file, &slice.name, symbols.rewrite, &mut extern_state) {
            Ok(out) => out,
            Err(mut e) => {
                errors.append(&mut e);
                continue;
            }
        };
        let rewrite = RemapArgs { mapping: targets[idx].clone() }.run(kernel, extern_out.rewrite);
        // Final symbol names of this slice, for the duplicate check.
        let mut finals: BTreeMap<String, TextRange> = BTreeMap::new();
        for op in module_ops(parse.tree.root()) {
            if let Some(sym) = op.symbol() {
                let name = symbol_name(sym.text());
                if let Some(new) = symbols.symbols.get(&name) {
                    finals.insert(new.clone(), sym.text_range());
                }
            }
        }
        for h in all_ops(parse.tree.root()).filter_map(Hierarchy::cast) {
            if matches!(h.kind, HierarchyKind::Segment | HierarchyKind::Launch) {
                if let (Some(name), Some(tok)) = (h.sym_name(), h.sym_token()) {
                    if let Some(new) = symbols.symbols.get(&name) {
                        finals.entry(new.clone()).or_insert(tok.text_range());
                    }
                }
            }
        }
        for name in &rewrite.synthetic_symbols {
            finals.entry(name.clone()).or_insert(kernel.func.op().node().text_range());
        }
        for (name, range) in finals {
            if let Some((other, file, other_range)) = symbol_sites.get(&name) {
                if *other != idx {
                    errors.push(
                        Diagnostic::error(codes::DUPLICATE_SYMBOL, format!("symbol `@{name}` is defined by two slices after renaming"))
                            .with_primary(slice.file, range, format!("becomes `@{name}` in slice `{prefix}`"))
                            .with_secondary(*file, *other_range, format!("becomes `@{name}` in slice `{}`", plan.slices[*other].prefix))
                            .with_help("choose prefixes that do not make one slice's names look like another's (e.g. `a` and `a_b`)"),
                    );
                }
            } else {
                symbol_sites.insert(name, (idx, slice.file, range));
            }
        }
        let inverse: BTreeMap<String, String> =
            symbols.symbols.iter().map(|(old, new)| (new.clone(), old.clone())).collect();
        rewrites.push((idx, rewrite, symbols.aliases, extern_out.emit, inverse));
    }
    for (name, entry) in &extern_state.entries {
        if let Some((idx, file, range)) = symbol_sites.get(name) {
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
    if symbol_sites.contains_key(&plan.name) || extern_state.entries.contains_key(&plan.name) {
        errors.push(located(
            codes::DUPLICATE_SYMBOL,
            &format!("the combined function name `@{}` is already a symbol of the merged module", plan.name),
            plan.name_loc,
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    let assembly: Vec<AssemblySlice<'_>> = rewrites
        .iter()
        .filter_map(|(idx, rewrite, aliases, externs, _)| {
            let slice = &slices[*idx];
            let kernel = kernels[*idx].as_ref()?;
            let module = module_ops(slice.parse.tree.root());
            let decls: BTreeSet<_> = module
                .iter()
                .filter_map(|op| FuncOp::cast(*op))
                .filter(|f| f.is_declaration() && f.is_private())
                .map(|f| f.op().node().id())
                .collect();
            Some(AssemblySlice {
                prefix: &plan.slices[*idx].prefix,
                // The file as the plan (or command line) wrote it: the output must not depend on
                // the directory merge runs from.
                name: &plan.slices[*idx].file,
                parse: &slice.parse,
                kernel,
                rewrite,
                aliases: aliases.iter().filter(|a| !a.shared).map(|a| a.node).collect(),
                channels: module.iter().copied().filter(|op| ChannelDecl::cast(*op).is_some()).collect(),
                externs: externs.clone(),
                others: module
                    .iter()
                    .copied()
                    .filter(|op| {
                        ChannelDecl::cast(*op).is_none()
                            && !decls.contains(&op.node().id())
                            && op.node() != kernel.func.op().node()
                    })
                    .collect(),
            })
        })
        .collect();
    let assembled = assemble(plan, attrs.as_ref().map(|(a, _)| a.as_str()), &assembly);
    let text = between(assembled.text);

    // Internal check: every slice's ops survive unchanged up to renaming and wiring.
    let facts: Vec<SliceFacts<'_>> = rewrites
        .iter()
        .zip(&assembled.bodies)
        .filter_map(|((idx, rewrite, aliases, _, symbols), body)| {
            let slice = &slices[*idx];
            let prefix = plan.slices[*idx].prefix.as_str();
            let renames = extern_state.renames.iter().filter(|r| r.slice == prefix);
            Some(SliceFacts {
                prefix,
                parse: &slice.parse,
                kernel: kernels[*idx].as_ref()?,
                targets: &targets[*idx],
                body: *body,
                wrapper_segments: rewrite.synthetic_symbols.iter().cloned().collect(),
                symbols: symbols.clone(),
                aliases: aliases
                    .iter()
                    .filter_map(|a| {
                        Some((a.name.clone(), slice.parse.tree.node(a.node).first_token()?.text().to_string()))
                    })
                    .collect(),
                extern_symbols: renames.clone().map(|r| (r.new_symbol.clone(), r.symbol.clone())).collect(),
                objects: renames.filter_map(|r| Some((r.new_object.clone()?, r.object.clone()?))).collect(),
            })
        })
        .collect();
    let mismatches = check_equivalence(&text, &facts);
    if !mismatches.is_empty() {
        return Err(mismatches);
    }
    Ok((text, extern_state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zero_config::zero_config_plan;

    const KERNEL: &str = "func.func @k(%arg0: memref<64xbf16>, %arg1: memref<64xbf16>) {\n  %c1 = arith.constant 1 : index\n  air.launch (%x) in (%sx=%c1) args(%in=%arg0, %out=%arg1) : memref<64xbf16>, memref<64xbf16> {\n    air.segment @seg  args(%i=%in, %o=%out) : memref<64xbf16>, memref<64xbf16> {\n      %c2 = arith.constant 2 : index\n      air.herd @herd_0  tile (%tx, %ty) in (%a=%c2, %b=%c2) args(%p=%i, %q=%o) : memref<64xbf16>, memref<64xbf16> {\n        %buf = memref.alloc() : memref<64xbf16, 2 : i32>\n        air.dma_memcpy_nd (%buf[] [] [], %p[] [] []) : (memref<64xbf16, 2 : i32>, memref<64xbf16>)\n      }\n    }\n  }\n  return\n}\n";

    fn run(tamper: &dyn Fn(String) -> String) -> Result<Merged, Vec<Diagnostic>> {
        let slices = vec![ParsedSlice::new(FileId(0), "a.mlir", KERNEL), ParsedSlice::new(FileId(1), "b.mlir", KERNEL)];
        let plan = zero_config_plan("fused", &slices, &[]).unwrap();
        merge_checked(&plan, slices, tamper)
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
    fn equivalence_check_catches_rewired_operands() {
        let errors = tampered("args(%b_in=%arg2, %b_out=%arg3)", "args(%b_in=%arg3, %b_out=%arg2)");
        assert_eq!(
            errors,
            vec![
                "internal error: the merged op at line 21 differs from its source in slice `b`: `%arg0` became `%arg3`"
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

    #[test]
    fn internal_parse_check_catches_broken_output() {
        let errors = tampered("air.segment @a_seg  args", "air.segment @a_seg  argz");
        assert!(errors[0].starts_with("internal error: the merged module does not parse cleanly"), "{errors:?}");
    }
}

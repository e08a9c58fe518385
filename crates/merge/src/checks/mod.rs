//! The checks `merge` makes (docs/merge.md#checks-all-reported-at-once-each-with-filelinecol),
//! all reported at once with their file:line:col.
//!
//! Before anything changes ([`check_inputs`]): the slices parse and have a kernel; the prelude
//! parses and cannot collide with a slice's names; prefixes, wiring and types
//! (`wiring.rs`); no channel crosses slices; module attributes agree; at most one resource
//! section. Their result is one [`SliceState`] per slice, which the passes run on. After each
//! slice's passes (`symbols.rs`): its final symbols are nobody else's. The equivalence check
//! that ends a merge is an internal check, not a check of the input (`equivalence.rs`).

mod symbols;
mod wiring;

pub(crate) use symbols::SymbolSites;

use crate::codes;
use crate::passes::SliceState;
use crate::plan::{located, Loc, MergePlan};
use crate::slice::{find_kernel, KernelFunc, ParsedSlice};
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::value_types::printed_def_type;
use air_syntax::views::{all_ops, module_ops, ChannelIo, FuncOp, Op};
use air_syntax::{Parse, SyntaxKind};
use std::collections::{BTreeMap, BTreeSet};

/// What the up-front checks hand on: one state per slice (kernel found, arguments wired), and
/// the module attributes the slices agree on.
pub(crate) struct Checked<'a> {
    pub(crate) states: Vec<SliceState<'a>>,
    pub(crate) module_attrs: Option<String>,
}

/// Every check that needs only the plan and the parsed slices, in the order their diagnostics
/// are reported. Nothing after them runs unless all pass: the passes may assume a clean parse,
/// a kernel and a complete wiring.
pub(crate) fn check_inputs<'a>(plan: &'a MergePlan, slices: &'a [ParsedSlice]) -> Result<Checked<'a>, Vec<Diagnostic>> {
    // A slice's own syntax and scope errors first: the later checks skip that slice's kernel.
    let mut errors: Vec<Diagnostic> =
        slices.iter().flat_map(|slice| slice.parse.all_errors().into_iter().map(|e| e.in_file(slice.file))).collect();
    let kernels = find_kernels(plan, slices, &mut errors);
    for (slice, kernel) in slices.iter().zip(&kernels) {
        if let Some(error) = kernel.as_ref().and_then(|k| no_hierarchy(slice, k)) {
            errors.push(error);
        }
    }
    let prelude = check_prelude(plan, &mut errors);
    check_prelude_names(plan, &prelude, &mut errors);
    let targets = wiring::check_wiring(plan, slices, &kernels, &prelude, &mut errors);
    check_channels(slices, plan, &mut errors);
    let module_attrs = check_module_attributes(plan, slices, &mut errors);
    check_resources(slices, &mut errors);
    check_callees(slices, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    // Every slice has a kernel here (a slice without one is an error above).
    let states = slices
        .iter()
        .zip(&plan.slices)
        .zip(kernels)
        .zip(targets)
        .filter_map(|(((slice, slice_plan), kernel), targets)| {
            Some(SliceState::new(slice, slice_plan, kernel?, targets))
        })
        .collect();
    Ok(Checked { states, module_attrs })
}

/// A slice whose kernel holds no `air.launch`, `air.segment` or `air.herd` puts nothing on the
/// device: merged, its body would be dead code and its arguments dead ABI arguments, and the
/// merge would still say "verified".
pub(crate) fn no_hierarchy(slice: &ParsedSlice, kernel: &KernelFunc<'_>) -> Option<Diagnostic> {
    use air_syntax::air_ops::{HERD, LAUNCH, RANK, SEGMENT};
    let hierarchy = air_syntax::views::all_ops(kernel.func.op().node())
        .any(|op| matches!(op.name(), LAUNCH | SEGMENT | HERD | RANK));
    if hierarchy {
        return None;
    }
    let at = kernel.func.name_token().map(|t| t.text_range()).unwrap_or_else(|| kernel.func.op().node().text_range());
    Some(
        Diagnostic::error(
            codes::NO_HIERARCHY,
            format!(
                "`@{}` in {} has no `air.launch`, `air.segment` or `air.herd`: nothing of it runs on the device",
                kernel.func.name(),
                slice.name
            ),
        )
        .with_primary(slice.file, at, "the slice's kernel")
        .with_help(
            "merge AIR kernels only (is this the right file?); a host-side step stays outside the merged module",
        ),
    )
}

/// Every `func.call` of a slice calls a function the slice defines or declares: a call to an
/// undeclared symbol parses, merges and passes check-bd, and only AIR's verifier or the compiler
/// (`'func.call' op 'x' does not reference a valid function`) would say so, minutes later.
fn check_callees(slices: &[ParsedSlice], errors: &mut Vec<Diagnostic>) {
    use air_syntax::views::calls::{extern_declaration, undefined_calls};
    for slice in slices.iter().filter(|s| !s.parse.has_errors()) {
        for call in undefined_calls(slice.parse.tree.root()) {
            errors.push(
                Diagnostic::error(
                    codes::UNDECLARED_CALLEE,
                    format!("`@{}` is called but not declared in {}", call.callee, slice.name),
                )
                .with_primary(slice.file, call.at, "called here")
                .with_help(format!(
                    "declare the extern as the kernel's builder does, with the object that defines it (`{}`), or fix the name",
                    extern_declaration(&call)
                )),
            );
        }
    }
}

/// The kernel of each slice that parsed cleanly (a slice with syntax errors has its own
/// diagnostics already; its kernel would be a guess).
fn find_kernels<'a>(
    plan: &MergePlan,
    slices: &'a [ParsedSlice],
    errors: &mut Vec<Diagnostic>,
) -> Vec<Option<KernelFunc<'a>>> {
    slices
        .iter()
        .zip(&plan.slices)
        .map(|(slice, slice_plan)| {
            if slice.parse.has_errors() {
                return None;
            }
            match find_kernel(&slice.parse, slice.file, &slice.name, slice_plan.func.as_deref()) {
                Ok(kernel) => Some(kernel),
                Err(diagnostic) => {
                    // Without a place in the slice, point at the plan entry that names it.
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
        .collect()
}

/// Adds a secondary label at `loc`, when there is one (plans from the command line have none).
pub(crate) fn with_loc(diagnostic: Diagnostic, loc: Loc, label: &str) -> Diagnostic {
    match loc {
        Some((file, range)) => diagnostic.with_secondary(file, range, label),
        None => diagnostic,
    }
}

/// Puts the primary label at `first`, or else at `second`, when either is known.
pub(crate) fn primary_or(diagnostic: Diagnostic, first: Loc, second: Loc, label: &str) -> Diagnostic {
    match first.or(second) {
        Some((file, range)) => diagnostic.with_primary(file, range, label),
        None => diagnostic,
    }
}

/// Definitions the prelude makes (name with `%` → type) and the combined arguments it uses.
pub(crate) struct PreludeInfo {
    pub(crate) defs: BTreeMap<String, Option<String>>,
    pub(crate) uses: BTreeSet<usize>,
}

/// The prelude is parsed inside a function with the combined signature, so that it may use
/// the combined arguments; its errors point into the plan when the TOML string allows.
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
        // Inside the prelude's own text, and that text is verbatim in the plan: point at the
        // spot in the plan. Otherwise (an escape in the TOML string, or the wrapper the prelude
        // is parsed in), at the whole prelude.
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
    // What the wiring checks need: the values aliases may name (with their types, when the
    // text says), and the combined arguments the prelude uses (they count as referenced).
    if let Some(func) = module_ops(parse.tree.root()).into_iter().find_map(FuncOp::cast) {
        for op in func.op().body_ops() {
            for result in op.result_nodes() {
                if let (Some(def), Some(token)) = (parse.scopes.def_at(result.id()), result.first_token()) {
                    info.defs.insert(token.text().to_string(), printed_def_type(&parse, def));
                }
            }
        }
        for (_, def) in parse.scopes.resolutions() {
            let Some(def) = def.map(|id| parse.scopes.def(id)) else { continue };
            if let Some(idx) = func.args().iter().position(|a| a.name.is_some_and(|n| n.id() == def.token)) {
                info.uses.insert(idx);
            }
        }
    }
    info
}

/// Channel directions per slice: name (before prefixing) → (first put, first get).
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

/// A channel put in one slice and got in another cannot work: the launches of a merged module
/// run one after another on separately configured devices.
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

/// The prelude is not prefixed: a name of its own that starts like a slice's prefixed names
/// could be one of them.
fn check_prelude_names(plan: &MergePlan, prelude: &PreludeInfo, errors: &mut Vec<Diagnostic>) {
    let Some(p) = &plan.prelude else { return };
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

/// The merged module keeps the slices' module attributes, so they must agree: the first
/// slice's are kept, and each differing slice is reported against it.
fn check_module_attributes(plan: &MergePlan, slices: &[ParsedSlice], errors: &mut Vec<Diagnostic>) -> Option<String> {
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
    attrs.map(|(attrs, _)| attrs)
}

/// Dialect resources (`{-# ... #-}`) are keyed by name across the file: merging two sections
/// is not supported, so at most one slice may have one.
fn check_resources(slices: &[ParsedSlice], errors: &mut Vec<Diagnostic>) {
    let with_resources: Vec<&ParsedSlice> =
        slices.iter().filter(|s| s.parse.tree.root().child(SyntaxKind::FILE_METADATA).is_some()).collect();
    if with_resources.len() <= 1 {
        return;
    }
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

/// Module-level `attributes {...}` of a slice's explicit `module`.
fn module_attributes(parse: &Parse) -> Option<String> {
    let tops: Vec<Op<'_>> = parse.tree.root().children_of(SyntaxKind::OPERATION).map(Op).collect();
    if tops.len() != 1 || tops[0].name() != "module" {
        return None;
    }
    tops[0].node().child(SyntaxKind::ATTRIBUTES_CLAUSE).map(|c| collapse_whitespace(c.text()))
}

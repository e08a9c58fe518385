//! `merge`: the pipeline that stitches slices into one multi-launch module, with every check of
//! design.md §2 made up front and reported all at once.
//!
//! Per slice, in order: wrap-bare-herds, prefix-ssa, prefix-symbols, externs, remap-args; then
//! assembly. Each slice is parsed once; the output is parsed again as an internal check (zero
//! errors and zero unresolved uses, or the merge fails without writing anything).

use crate::assemble::{assemble, AssemblySlice};
use crate::codes;
use crate::equivalence::{check_equivalence, SliceFacts, PARSE_CHECK_MESSAGE};
use crate::externs::ExternState;
use crate::merge_checks::{check_channels, check_prelude, check_wiring, module_attributes, primary_or};
use crate::pipeline::{Shared, SliceState};
use crate::plan::{located, MergePlan};
use crate::slice::{find_kernel, Kernel, ParsedSlice};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::views::{all_ops, module_ops, symbol_name, ChannelDecl, FuncOp, Hierarchy, HierarchyKind};
use air_syntax::SyntaxKind;
use std::collections::{BTreeMap, BTreeSet};

/// The result of a successful merge.
#[derive(Debug)]
pub struct Merged {
    pub text: String,
    pub externs: ExternState,
    pub launches: usize,
    pub warnings: Vec<Diagnostic>,
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
    let stitched = stitch_checked(plan, &slices, between)?;
    drop(slices);
    finish(stitched)
}

/// A merged module that passed every check needing the slices; [`finish`] makes the last one.
#[derive(Debug)]
pub struct Stitched {
    text: String,
    externs: ExternState,
}

/// The first phase of [`merge`]: checks, passes, assembly and the equivalence check. Callers
/// that keep their own copies of the inputs (for diagnostics) can drop them between the phases.
pub fn stitch(plan: &MergePlan, slices: &[ParsedSlice]) -> Result<Stitched, Vec<Diagnostic>> {
    stitch_checked(plan, slices, &|text| text)
}

/// The second phase of [`merge`]: the output must parse with zero errors and zero unresolved
/// values.
pub fn finish(stitched: Stitched) -> Result<Merged, Vec<Diagnostic>> {
    let Stitched { text, externs } = stitched;
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
fn stitch_checked(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    between: &dyn Fn(String) -> String,
) -> Result<Stitched, Vec<Diagnostic>> {
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

    let mut states: Vec<SliceState<'_>> = slices
        .iter()
        .zip(&plan.slices)
        .zip(kernels)
        .zip(targets)
        .filter_map(|(((slice, slice_plan), kernel), targets)| {
            Some(SliceState::new(slice, slice_plan, kernel?, targets))
        })
        .collect();

    // The passes, slice by slice.
    let mut shared = Shared::default();
    let mut symbol_sites: BTreeMap<String, (usize, FileId, TextRange)> = BTreeMap::new();
    for (idx, state) in states.iter_mut().enumerate() {
        if let Err(mut e) = state.run_passes(&mut shared) {
            errors.append(&mut e);
            continue;
        }
        let (slice, parse, prefix) = (state.slice, &state.slice.parse, &state.plan.prefix);
        let symbols = &state.found.symbols;
        // Final symbol names of this slice, for the duplicate check.
        let mut finals: BTreeMap<String, TextRange> = BTreeMap::new();
        for op in module_ops(parse.tree.root()) {
            if let Some(sym) = op.symbol() {
                let name = symbol_name(sym.text());
                if let Some(new) = symbols.get(&name) {
                    finals.insert(new.clone(), sym.text_range());
                }
            }
        }
        for h in all_ops(parse.tree.root()).filter_map(Hierarchy::cast) {
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
    }
    let extern_state = shared.externs;
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

    let assembly: Vec<AssemblySlice<'_>> = states
        .iter()
        .map(|state| {
            let (slice, kernel) = (state.slice, &state.kernel);
            let module = module_ops(slice.parse.tree.root());
            let decls: BTreeSet<_> = module
                .iter()
                .filter_map(|op| FuncOp::cast(*op))
                .filter(|f| f.is_declaration() && f.is_private())
                .map(|f| f.op().node().id())
                .collect();
            AssemblySlice {
                prefix: &state.plan.prefix,
                // The file as the plan (or command line) wrote it: the output must not depend on
                // the directory merge runs from.
                name: &state.plan.file,
                parse: &slice.parse,
                kernel,
                rewrite: &state.rewrite,
                aliases: state.found.aliases.iter().filter(|a| !a.shared).map(|a| a.node).collect(),
                channels: module.iter().copied().filter(|op| ChannelDecl::cast(*op).is_some()).collect(),
                externs: state.found.externs.clone(),
                others: module
                    .iter()
                    .copied()
                    .filter(|op| {
                        ChannelDecl::cast(*op).is_none()
                            && !decls.contains(&op.node().id())
                            && op.node() != kernel.func.op().node()
                    })
                    .collect(),
            }
        })
        .collect();
    let assembled = assemble(plan, attrs.as_ref().map(|(a, _)| a.as_str()), &assembly);
    let text = between(assembled.text);

    // Internal check: every slice's ops survive unchanged up to renaming and wiring.
    let facts: Vec<SliceFacts<'_>> = states
        .iter()
        .zip(&assembled.bodies)
        .map(|(state, body)| {
            let slice = state.slice;
            let prefix = state.plan.prefix.as_str();
            let renames = extern_state.renames.iter().filter(|r| r.slice == prefix);
            SliceFacts {
                prefix,
                parse: &slice.parse,
                kernel: &state.kernel,
                targets: &state.targets,
                body: *body,
                wrapper_segments: state.rewrite.synthetic_symbol_names().iter().cloned().collect(),
                symbols: state.found.symbols.iter().map(|(old, new)| (new.clone(), old.clone())).collect(),
                aliases: state
                    .found
                    .aliases
                    .iter()
                    .filter_map(|a| {
                        Some((a.name.clone(), slice.parse.tree.node(a.node).first_token()?.text().to_string()))
                    })
                    .collect(),
                extern_symbols: renames.clone().map(|r| (r.new_symbol.clone(), r.symbol.clone())).collect(),
                objects: renames.filter_map(|r| Some((r.new_object.clone()?, r.object.clone()?))).collect(),
            }
        })
        .collect();
    let mismatches = check_equivalence(&text, &facts);
    if !mismatches.is_empty() {
        return Err(mismatches);
    }
    Ok(Stitched { text, externs: extern_state })
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
        let plan = zero_config_plan("fused", &slices, &[]).unwrap();
        merge_checked(&plan, slices, tamper)
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

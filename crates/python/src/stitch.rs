//! `stitch_text` / `stitch_elf` and `merge(plan)`: upstream's arguments become a merge plan
//! (its TOML text, so every wiring problem points at the entry that causes it, and the same
//! plan merges the same with `air-stitch merge --plan`), each slice is registered under its
//! prefix (or its name), and air-stitch's merge runs with all its checks and the equivalence
//! proof.

use crate::{failure, rendered};
use air_diagnostics::{Diagnostic, FileId, SourceMap, TextRange};
use air_merge::plan::write::{ArgLine, ExternsTable, PlanFile, Prelude, Quotes, SliceTable, Wire};
use air_merge::plan::{parse_plan, MergePlan};
use air_merge::slice::ParsedSlice;
use air_syntax::views::{module_ops, FuncOp};
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// One slice as the Python half hands it over: its text, prefix, display name, `arg_map`,
/// `arg_aliases`, the symbols it lists as externs (`extern_syms`) and its launches'
/// `air.shim_dma_tile_sizes` (`shim_dma_tile_sizes`, an air-stitch extension).
type SliceIn =
    (String, String, Option<String>, BTreeMap<i64, i64>, BTreeMap<i64, String>, Vec<String>, Option<Vec<i64>>);

/// The name of the generated plan in diagnostics.
const PLAN_NAME: &str = "<stitch_text plan>";

/// One `FuncArg`: its name (`%argN`), its type and its declared kind (docs/roles.md).
type ArgIn = (String, String, Option<String>);

/// The plan text of a call, and where each combined argument's type stands in it.
fn plan_text(func: &str, args: &[ArgIn], slices: &[SliceIn], prelude: &str, allow: &[i64]) -> (String, Vec<TextRange>) {
    let mut allow_unreferenced = allow.to_vec();
    allow_unreferenced.sort_unstable();
    allow_unreferenced.dedup();
    let file = PlanFile {
        header: "# The plan of a stitch_text call: `air-stitch merge --plan` on it (with the slice files)\n# merges the same.\n"
            .to_string(),
        func: func.to_string(),
        args: args
            .iter()
            .map(|(_, ty, kind)| ArgLine { name: None, ty: ty.clone(), kind: kind.clone(), comment: None })
            .collect(),
        prelude: (!prelude.trim().is_empty()).then(|| Prelude { text: format!("{prelude}\n"), quotes: Quotes::Basic }),
        allow_unreferenced,
        slices: slices
            .iter()
            .map(|(_, prefix, name, arg_map, aliases, keep, tile_sizes)| SliceTable {
                file: name.clone().unwrap_or_else(|| prefix.clone()),
                prefix: prefix.clone(),
                args: arg_map.iter().map(|(&k, &v)| (k, Wire::Index(v))).collect(),
                aliases: aliases.iter().map(|(&k, v)| (k, v.clone())).collect(),
                externs: (!keep.is_empty()).then(|| ExternsTable { keep: keep.clone(), ..ExternsTable::default() }),
                shim_dma_tile_sizes: tile_sizes.clone(),
                ..SliceTable::default()
            })
            .collect(),
        backend: String::new(),
        lints: Vec::new(),
    };
    file.write()
}

/// The symbols a slice declares as externs (`func.func private` declarations), without `@`.
fn declared_externs(slice: &ParsedSlice) -> BTreeSet<String> {
    module_ops(slice.parse.tree.root())
        .into_iter()
        .filter_map(FuncOp::cast)
        .filter(|f| f.is_declaration())
        .map(|f| f.name())
        .collect()
}

/// Upstream names combined arguments freely; air-stitch names them by position. A name that
/// is not `%argN` at position N would change what the prelude and the wiring mean.
fn check_arg_names(args: &[ArgIn], ranges: &[TextRange], plan: FileId) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for (idx, ((name, ..), range)) in args.iter().zip(ranges).enumerate() {
        if name.trim() != format!("%arg{idx}") {
            errors.push(
                Diagnostic::error(
                    air_merge::codes::PLAN_INVALID,
                    format!(
                        "combined argument {idx} is named `{name}`: air-stitch names combined arguments by position"
                    ),
                )
                .with_primary(plan, *range, format!("argument {idx}, `%arg{idx}` in the merged module"))
                .with_help(format!(
                    "name it `%arg{idx}` (FuncArg(\"%arg{idx}\", ...)); base_args then scratch_args, in order"
                )),
            );
        }
    }
    errors
}

/// The extern keep-lists of the plan (each slice's `extern_syms`, plus the `extra_externs` it
/// declares) and a warning for every listed symbol that is no extern.
fn keep_lists(slices: &mut [SliceIn], parsed: &[ParsedSlice], extra: &[String]) -> Vec<String> {
    let mut warnings = Vec::new();
    let declared: Vec<BTreeSet<String>> = parsed.iter().map(declared_externs).collect();
    for (slice, externs) in slices.iter_mut().zip(&declared) {
        let listed = std::mem::take(&mut slice.5);
        for symbol in listed {
            let bare = symbol.trim_start_matches('@').to_string();
            if externs.contains(&bare) {
                slice.5.push(format!("@{bare}"));
            } else {
                warnings.push(format!(
                    "slice `{}`: `@{bare}` is listed in extern_syms but is not an extern of this slice (it declares {}); air-stitch finds externs itself, and prefixes `@{bare}` like any other symbol",
                    slice.1,
                    listing(externs)
                ));
            }
        }
    }
    for symbol in extra {
        let bare = symbol.trim_start_matches('@').to_string();
        let mut anywhere = false;
        for (slice, externs) in slices.iter_mut().zip(&declared) {
            if externs.contains(&bare) && !slice.5.contains(&format!("@{bare}")) {
                slice.5.push(format!("@{bare}"));
            }
            anywhere |= externs.contains(&bare);
        }
        if !anywhere {
            warnings.push(format!(
                "`@{bare}` is listed in extra_externs but no slice declares it as an extern; air-stitch finds externs itself"
            ));
        }
    }
    warnings
}

/// `@a, @b`, or `no externs`.
fn listing(externs: &BTreeSet<String>) -> String {
    if externs.is_empty() {
        return "no externs".to_string();
    }
    externs.iter().map(|e| format!("@{e}")).collect::<Vec<_>>().join(", ")
}

/// The merge of `plan` and its parsed slices, as the JSON the Python half reads.
fn run_merge(plan: &MergePlan, slices: Vec<ParsedSlice>, sources: &SourceMap, mut warnings: Vec<String>) -> Value {
    match air_merge::merge::merge(plan, slices) {
        Ok(merged) => {
            warnings.extend(merged.warnings.iter().map(|w| rendered(std::slice::from_ref(w), sources)));
            // A renamed extern needs an object built for it: never silent (docs/python.md).
            let builds = air_merge::passes::externs::builds(&merged.externs);
            warnings
                .extend(merged.externs.renames.iter().map(|r| air_merge::passes::externs::rename_message(r, &builds)));
            json!({
                "ok": true,
                "text": merged.text(),
                "launches": merged.launches,
                "externs": air_merge::passes::externs::report_json(&merged.externs),
                "warnings": warnings,
            })
        }
        Err(mut errors) => {
            // Python keeps an extern's name by a slice's `extern_syms` (upstream's KernelSlice
            // field), not by a plan's `externs.keep`: the help says what the caller wrote.
            for error in errors.iter_mut().filter(|e| e.code == air_merge::codes::KEPT_EXTERN_CONFLICT) {
                error.help = Some(
                    "drop it from the slice's `extern_syms` (and from `extra_externs`) so it can be renamed, or make the declarations identical"
                        .to_string(),
                );
            }
            let mut value = failure(&errors, sources);
            value["warnings"] = json!(warnings);
            value
        }
    }
}

/// Registers and parses one slice.
fn parse_slice(sources: &mut SourceMap, name: &str, text: String) -> ParsedSlice {
    let text = Arc::new(text);
    let file = sources.add_shared(name.to_string(), text.clone());
    ParsedSlice::from_shared(file, name, text)
}

/// `stitch_text`'s work: the plan text of the call, its checks, the merge. Returns JSON.
#[pyfunction]
pub fn stitch(
    py: Python<'_>,
    func_name: String,
    args: Vec<ArgIn>,
    slices: Vec<SliceIn>,
    prelude: String,
    extra_externs: Vec<String>,
    allow_unreferenced: Vec<i64>,
) -> String {
    py.detach(move || {
        let mut slices = slices;
        let mut sources = SourceMap::new();
        let parsed: Vec<ParsedSlice> = slices
            .iter_mut()
            .map(|(ir, prefix, name, ..)| {
                let shown = name.clone().unwrap_or_else(|| prefix.clone());
                parse_slice(&mut sources, &shown, std::mem::take(ir))
            })
            .collect();
        let warnings = keep_lists(&mut slices, &parsed, &extra_externs);
        let (text, ranges) = plan_text(&func_name, &args, &slices, &prelude, &allow_unreferenced);
        let plan_file = sources.add(PLAN_NAME, text.clone());
        let mut value = match parse_plan(&text, plan_file) {
            Ok(plan) => {
                let errors = check_arg_names(&args, &ranges, plan_file);
                if errors.is_empty() {
                    run_merge(&plan, parsed, &sources, warnings)
                } else {
                    failure(&errors, &sources)
                }
            }
            Err(errors) => failure(&errors, &sources),
        };
        value["plan"] = json!(text);
        value.to_string()
    })
}

/// The slice files a plan names (as written, relative to the plan), or its problems. JSON.
#[pyfunction]
pub fn plan_files(plan_text: String, plan_name: String) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add(plan_name, plan_text.clone());
    match parse_plan(&plan_text, file) {
        Ok(plan) => json!({"ok": true, "files": plan.slices.iter().map(|s| &s.file).collect::<Vec<_>>()}),
        Err(errors) => failure(&errors, &sources),
    }
    .to_string()
}

/// `merge(plan_path)`'s work once the Python half has read the plan and its slices (`slices`:
/// each file's name as shown and its text, in plan order). JSON.
#[pyfunction]
pub fn merge_plan(py: Python<'_>, plan_text: String, plan_name: String, slices: Vec<(String, String)>) -> String {
    py.detach(move || {
        let mut sources = SourceMap::new();
        let file = sources.add(plan_name, plan_text.clone());
        let plan = match parse_plan(&plan_text, file) {
            Ok(plan) => plan,
            Err(errors) => return failure(&errors, &sources).to_string(),
        };
        let parsed: Vec<ParsedSlice> =
            slices.into_iter().map(|(name, text)| parse_slice(&mut sources, &name, text)).collect();
        run_merge(&plan, parsed, &sources, Vec::new()).to_string()
    })
}

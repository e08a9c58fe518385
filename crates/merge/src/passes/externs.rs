//! externs: external kernels found from `func.func private` declarations (not a hard-coded
//! list), shared when identical across slices, renamed when they conflict.
//!
//! Two declarations of one symbol are identical when their argument and result types are equal
//! as MLIR types and their attributes are equal (whitespace and attribute order ignored). When a
//! later slice declares a symbol differently — the multi-K GEMV case, `@matvec_vectorized_bf16_bf16`
//! against `mv.o` at K=2048 and at K=8192 — its copy is renamed to `@<prefix>_<name>` and its
//! object to `<prefix>_<object>` (or the names the plan gives), its call sites follow, and the
//! report gives the recipe: the same source compiled with `-D<old>=<new>`. Renaming an object
//! renames, in that slice, every extern declared against it and the `link_with` of its herds, so
//! the new object is self-consistent (one `-D` per renamed symbol).

use crate::codes;
use crate::passes::{Changed, Pass, PassResult, SliceCx};
use crate::plan::ExternOverrides;
use crate::rewrite::make;
use crate::rewrite::Rewrite;
use crate::slice::ParsedSlice;
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::views::{all_ops, attr_string, canonical_type, module_ops, symbol_name, FuncOp, Hierarchy};
use air_syntax::{NodeId, Parse, SyntaxKind};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug)]
pub struct Externs {
    pub prefix: String,
    pub overrides: ExternOverrides,
}

/// One extern the merged module declares.
#[derive(Clone, Debug)]
pub struct ExternEntry {
    pub canonical: String,
    pub object: Option<String>,
    /// Slices (by prefix) that declare it.
    pub slices: Vec<String>,
    pub file: FileId,
    pub range: TextRange,
}

/// A renamed extern, with what is needed to build its object.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ExternRename {
    pub slice: String,
    pub file: String,
    pub symbol: String,
    pub new_symbol: String,
    pub object: Option<String>,
    pub new_object: Option<String>,
}

/// Externs across the slices merged so far.
#[derive(Clone, Debug, Default)]
pub struct ExternState {
    pub entries: BTreeMap<String, ExternEntry>,
    pub renames: Vec<ExternRename>,
}

/// The identity of a declaration: canonical argument/result types and attributes.
fn canonical_decl(func: &FuncOp<'_>) -> String {
    let args: Vec<String> =
        func.args().iter().map(|a| a.ty.map(|t| canonical_type(t.text())).unwrap_or_default()).collect();
    let results: Vec<String> = func.results().iter().map(|t| canonical_type(t.text())).collect();
    let mut attrs: Vec<String> = func
        .attributes()
        .map(|dict| {
            dict.entries()
                .into_iter()
                .map(|(key, value, _)| match value {
                    Some(v) => format!("{key}={}", v.text().split_whitespace().collect::<String>()),
                    None => key,
                })
                .collect()
        })
        .unwrap_or_default();
    attrs.sort();
    format!("({}) -> ({}) {{{}}}", args.join(","), results.join(","), attrs.join(","))
}

/// Where a declaration's diagnostics point: its `@name`.
fn decl_range(func: &FuncOp<'_>) -> TextRange {
    func.name_token().map(|t| t.text_range()).unwrap_or_else(|| func.op().node().text_range())
}

/// `dir/mv.o` → `dir/<prefix>_mv.o`.
fn prefixed_object(object: &str, prefix: &str) -> String {
    match object.rfind('/') {
        Some(pos) => format!("{}{prefix}_{}", &object[..=pos], &object[pos + 1..]),
        None => format!("{prefix}_{object}"),
    }
}

impl Pass for Externs {
    const NAME: &'static str = "externs";

    fn run(&self, cx: &mut SliceCx<'_>, mut rewrite: Rewrite) -> PassResult {
        let edits = rewrite.edits();
        let slice = cx.slice;
        let decls: Vec<FuncOp<'_>> = module_ops(slice.parse.tree.root())
            .into_iter()
            .filter_map(FuncOp::cast)
            .filter(|f| f.is_declaration() && f.is_private())
            .collect();
        let mut errors = Vec::new();
        let (renamed, objects) = self.choose_renames(slice, &decls, &cx.shared.externs, &mut errors);
        let mut symbol_map: BTreeMap<String, String> = BTreeMap::new();
        for func in &decls {
            let declared = if renamed.contains(&func.name()) {
                self.declare_renamed(slice, func, &mut cx.shared.externs, &mut rewrite, &mut symbol_map)
            } else {
                self.declare_kept(slice, func, &mut cx.shared.externs).map(Ok)
            };
            match declared {
                Some(Ok(node)) => cx.found.externs.push(node),
                Some(Err(error)) => errors.push(error),
                None => {}
            }
        }
        self.follow_renames(&slice.parse, &symbol_map, &objects, &mut rewrite);
        if errors.is_empty() {
            let changed = Changed::since(edits, &rewrite);
            Ok((rewrite, changed))
        } else {
            Err(errors)
        }
    }
}

impl Externs {
    /// The externs of this slice to rename (a conflict with an earlier slice's declaration, or
    /// the plan says so, or they link an object that is renamed) and the objects renamed; a
    /// conflict on a symbol the plan keeps is an error.
    fn choose_renames(
        &self,
        slice: &ParsedSlice,
        decls: &[FuncOp<'_>],
        state: &ExternState,
        errors: &mut Vec<Diagnostic>,
    ) -> (BTreeSet<String>, BTreeSet<String>) {
        let mut renamed: BTreeSet<String> = BTreeSet::new();
        for func in decls {
            let name = func.name();
            let existing = state.entries.get(&name);
            let conflict = existing.is_some_and(|e| e.canonical != canonical_decl(func));
            if conflict && self.overrides.keep.contains(&name) {
                let mut diagnostic = Diagnostic::error(
                    codes::KEPT_EXTERN_CONFLICT,
                    format!("extern `@{name}` is declared differently by two slices, and the plan keeps its name"),
                )
                .with_primary(slice.file, decl_range(func), format!("declared here in {}", slice.name))
                .with_help(format!(
                    "remove `@{name}` from `externs.keep` so it can be renamed, or make the declarations identical"
                ));
                if let Some(e) = existing {
                    diagnostic = diagnostic.with_secondary(e.file, e.range, "first declared here");
                }
                errors.push(diagnostic);
                continue;
            }
            if conflict || self.overrides.rename.contains_key(&name) {
                renamed.insert(name);
            }
        }
        // Renaming an object renames every extern of this slice declared against it.
        let objects: BTreeSet<String> =
            decls.iter().filter(|f| renamed.contains(&f.name())).filter_map(|f| f.link_with()).collect();
        for func in decls {
            if func.link_with().is_some_and(|o| objects.contains(&o)) && !self.overrides.keep.contains(&func.name()) {
                renamed.insert(func.name());
            }
        }
        (renamed, objects)
    }

    /// The object a renamed object becomes: the plan's name, or the prefixed one.
    fn new_object(&self, object: &str) -> String {
        self.overrides.objects.get(object).cloned().unwrap_or_else(|| prefixed_object(object, &self.prefix))
    }

    /// An extern kept under its name: shared with an earlier slice's identical declaration, or
    /// declared here first (then this declaration is emitted).
    fn declare_kept(&self, slice: &ParsedSlice, func: &FuncOp<'_>, state: &mut ExternState) -> Option<NodeId> {
        let name = func.name();
        if let Some(entry) = state.entries.get_mut(&name) {
            entry.slices.push(self.prefix.clone());
            return None;
        }
        let entry = ExternEntry {
            canonical: canonical_decl(func),
            object: func.link_with(),
            slices: vec![self.prefix.clone()],
            file: slice.file,
            range: decl_range(func),
        };
        state.entries.insert(name, entry);
        Some(func.op().node().id())
    }

    /// An extern renamed: declared under its new name, recorded for the report, its
    /// `link_with` pointing at the renamed object. `symbol_map` gets old name → new name.
    fn declare_renamed(
        &self,
        slice: &ParsedSlice,
        func: &FuncOp<'_>,
        state: &mut ExternState,
        rewrite: &mut Rewrite,
        symbol_map: &mut BTreeMap<String, String>,
    ) -> Option<Result<NodeId, Diagnostic>> {
        let name = func.name();
        let canonical = canonical_decl(func);
        let new_name = self.overrides.rename.get(&name).cloned().unwrap_or_else(|| format!("{}_{name}", self.prefix));
        let object = func.link_with();
        let renamed_object = object.as_deref().map(|o| self.new_object(o));
        if let Some(entry) = state.entries.get(&new_name) {
            return Some(Err(Diagnostic::error(
                codes::DUPLICATE_SYMBOL,
                format!("renaming extern `@{name}` to `@{new_name}` clashes with an existing extern"),
            )
            .with_primary(slice.file, func.op().node().text_range(), "renamed from here")
            .with_secondary(entry.file, entry.range, "`@".to_string() + &new_name + "` already declared here")
            .with_help("pick another name with `externs.rename` in the plan")));
        }
        state.entries.insert(
            new_name.clone(),
            ExternEntry {
                canonical: format!("{canonical} as {new_name}"),
                object: renamed_object.clone(),
                slices: vec![self.prefix.clone()],
                file: slice.file,
                range: decl_range(func),
            },
        );
        state.renames.push(ExternRename {
            slice: self.prefix.clone(),
            file: slice.name.clone(),
            symbol: name.clone(),
            new_symbol: new_name.clone(),
            object: object.clone(),
            new_object: renamed_object.clone(),
        });
        if let (Some(value), Some(new)) = (func.link_with_value(), &renamed_object) {
            if let Some(token) = value.first_token() {
                rewrite.override_token(token.id(), make::object_string(new));
            }
        }
        symbol_map.insert(name, new_name);
        Some(Ok(func.op().node().id()))
    }

    /// Call sites and the declarations follow the new names; herds linking a renamed object
    /// link the new one.
    fn follow_renames(
        &self,
        parse: &Parse,
        symbol_map: &BTreeMap<String, String>,
        objects: &BTreeSet<String>,
        rewrite: &mut Rewrite,
    ) {
        for token in parse.tree.tokens().filter(|t| t.kind() == SyntaxKind::AT_ID) {
            if let Some(new) = symbol_map.get(&symbol_name(token.text())) {
                rewrite.override_token(token.id(), make::symbol_ref(new));
            }
        }
        for herd in all_ops(parse.tree.root()).filter_map(Hierarchy::cast) {
            let Some(value) = herd.link_with_value() else { continue };
            let Some(object) = attr_string(value) else { continue };
            if objects.contains(&object) {
                if let Some(token) = value.first_token() {
                    rewrite.override_token(token.id(), make::object_string(&self.new_object(&object)));
                }
            }
        }
    }
}

/// How to build one renamed object: the original's source again, with a `-D` per symbol
/// renamed in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    pub slice: String,
    pub object: Option<String>,
    pub new_object: Option<String>,
    pub defines: Vec<String>,
    pub recipe: String,
}

/// The note every build carries: the original object's own defines still apply.
pub const BUILD_NOTE: &str = "also pass the -D defines the original object was built with for this slice's shapes (e.g. tile sizes such as -DDIM_M_OUTPUT): they may differ from the other slices'";

/// One build per renamed object (per slice), in (slice, object) order.
pub fn builds(state: &ExternState) -> Vec<Build> {
    type Objects<'a> = BTreeMap<(String, String), (Option<String>, Vec<&'a ExternRename>)>;
    let mut objects: Objects<'_> = BTreeMap::new();
    for rename in &state.renames {
        let key = (rename.slice.clone(), rename.new_object.clone().unwrap_or_default());
        objects.entry(key).or_insert_with(|| (rename.object.clone(), Vec::new())).1.push(rename);
    }
    objects
        .into_iter()
        .map(|((slice, new_object), (object, renames))| {
            let defines: Vec<String> = renames.iter().map(|r| format!("-D{}={}", r.symbol, r.new_symbol)).collect();
            let recipe = match &object {
                Some(object) => {
                    format!("compile the source of {object} again with {} -o {new_object}", defines.join(" "))
                }
                None => {
                    format!("the declaration has no link_with; define the renamed symbol(s) with {}", defines.join(" "))
                }
            };
            Build { slice, object, new_object: (!new_object.is_empty()).then_some(new_object), defines, recipe }
        })
        .collect()
}

/// A rename in words, with its object's recipe: what merge, group and Python's warning say.
pub fn rename_message(rename: &ExternRename, builds: &[Build]) -> String {
    let recipe = builds
        .iter()
        .find(|b| b.slice == rename.slice && b.new_object == rename.new_object)
        .map(|b| format!(": {}", b.recipe))
        .unwrap_or_default();
    let object = match (&rename.object, &rename.new_object) {
        (Some(old), Some(new)) => format!(", linked from {new} instead of {old}"),
        _ => String::new(),
    };
    format!(
        "slice `{}`: extern @{} is renamed @{}{object} (an earlier slice declares @{} differently){recipe}",
        rename.slice, rename.symbol, rename.new_symbol, rename.symbol
    )
}

/// The extern report (`--externs-report`): every extern with its object and slices, and for each
/// renamed object the recipe to build it.
pub fn report_json(state: &ExternState) -> serde_json::Value {
    let externs: Vec<serde_json::Value> = state
        .entries
        .iter()
        .map(|(name, entry)| {
            serde_json::json!({
                "symbol": format!("@{name}"),
                "object": entry.object,
                "slices": entry.slices,
                "shared": entry.slices.len() > 1,
            })
        })
        .collect();
    let (renamed, builds) = renames_json(state);
    serde_json::json!({ "externs": externs, "renamed": renamed, "builds": builds })
}

/// The report's `renamed` and `builds` lists.
pub fn renames_json(state: &ExternState) -> (serde_json::Value, serde_json::Value) {
    let builds: Vec<serde_json::Value> = builds(state)
        .into_iter()
        .map(|b| {
            serde_json::json!({
                "slice": b.slice,
                "object": b.object,
                "new_object": b.new_object,
                "defines": b.defines,
                "note": BUILD_NOTE,
                "recipe": b.recipe,
            })
        })
        .collect();
    let renamed: Vec<serde_json::Value> = state
        .renames
        .iter()
        .map(|r| {
            serde_json::json!({
                "slice": r.slice,
                "file": r.file,
                "symbol": format!("@{}", r.symbol),
                "new_symbol": format!("@{}", r.new_symbol),
                "object": r.object,
                "new_object": r.new_object,
            })
        })
        .collect();
    (serde_json::json!(renamed), serde_json::json!(builds))
}

/// The one-line summary for stderr.
pub fn summary_line(state: &ExternState) -> String {
    let total = state.entries.len();
    let shared = state.entries.values().filter(|e| e.slices.len() > 1).count();
    let mut line = format!("externs: {total} declared, {shared} shared, {} renamed", state.renames.len());
    for rename in &state.renames {
        line.push_str(&format!(
            "; @{} -> @{}{}",
            rename.symbol,
            rename.new_symbol,
            match &rename.new_object {
                Some(object) => format!(" in {object} (build with -D{}={})", rename.symbol, rename.new_symbol),
                None => String::new(),
            }
        ));
    }
    line
}

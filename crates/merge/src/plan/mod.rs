//! The merge plan: the TOML file format (docs/merge.md#the-plan-file), read with byte spans so every problem
//! points at its line in the plan, and the resolved form `merge` runs on.
//!
//! ```toml
//! [func]
//! name = "o_gemv_ffn"
//! args = ["memref<2048x2048xbf16>", "memref<2048xbf16>"]
//! prelude = """..."""
//! allow_unreferenced = [2, 4]
//!
//! [[slice]]
//! file = "stage1.mlir"
//! prefix = "s1"
//! func = "@matvec_2tile_add"
//! args = { 0 = 0, 1 = 1 }
//! aliases = { 3 = "%arg6_row0" }
//! externs = { keep = [], rename = {}, objects = {} }
//! shim_dma_tile_sizes = [2, 2]
//!
//! [backend]
//! output_format = "elf"
//! air_runtime_loop_tiling_sizes = [16, 16]
//!
//! [lints]
//! utilisation = "allow"
//! warnings = "deny"
//! ```

pub mod backend;
pub mod named;
pub mod naming;
pub mod write;
pub mod zero_config;

use crate::codes;
pub use air_diagnostics::{located, Loc};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::buffer::{ArgComment, BufferKind};
use backend::{Backend, RawBackend};
use named::{buffer_kind, Names, RawArg, RawTarget};
use naming::{check_func_name, prefix_from_stem};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

/// Plan overrides for one slice (docs/merge.md#externs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExternOverrides {
    /// Symbols (without `@`) that must not be renamed: a conflict on them is an error.
    pub keep: BTreeSet<String>,
    /// Symbol (without `@`) → new name (without `@`).
    pub rename: BTreeMap<String, String>,
    /// Object → new object.
    pub objects: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    func: Spanned<RawFunc>,
    #[serde(default)]
    slice: Vec<Spanned<RawSlice>>,
    /// Lint name (or code, or `warnings`) → "allow" | "warn" | "deny".
    #[serde(default)]
    lints: BTreeMap<Spanned<String>, Spanned<String>>,
    /// How the merged module is compiled (crate::plan::backend).
    #[serde(default)]
    backend: Option<Spanned<RawBackend>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFunc {
    name: Spanned<String>,
    args: Spanned<Vec<Spanned<RawArg>>>,
    #[serde(default)]
    prelude: Option<Spanned<String>>,
    #[serde(default)]
    allow_unreferenced: Option<Spanned<Vec<Spanned<i64>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlice {
    file: Spanned<String>,
    #[serde(default)]
    prefix: Option<Spanned<String>>,
    #[serde(default)]
    func: Option<Spanned<String>>,
    #[serde(default)]
    args: Option<Spanned<BTreeMap<String, Spanned<RawTarget>>>>,
    #[serde(default)]
    aliases: Option<Spanned<BTreeMap<String, Spanned<String>>>>,
    #[serde(default)]
    externs: Option<Spanned<RawExterns>>,
    #[serde(default)]
    shim_dma_tile_sizes: Option<Spanned<Vec<Spanned<i64>>>>,
    #[serde(default)]
    section: Option<Spanned<i64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawExterns {
    #[serde(default)]
    keep: Vec<Spanned<String>>,
    #[serde(default)]
    rename: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    objects: BTreeMap<String, Spanned<String>>,
}

/// One argument of the combined function.
#[derive(Clone, Debug)]
pub struct CombinedArg {
    pub ty: String,
    pub loc: Loc,
    /// The buffer name (`{ name = "wo", type = ... }`), printed as a comment after the
    /// argument in the emitted signature.
    pub name: Option<String>,
    /// What the plan declares its host contents to be (`kind = "weight"`), printed in the
    /// same comment (docs/roles.md#declared-kinds).
    pub kind: Option<BufferKind>,
}

impl CombinedArg {
    /// The comment after the argument in the emitted signature: `wo (weight)`, `wo`, ...
    pub fn comment(&self) -> Option<String> {
        ArgComment { name: self.name.clone(), kind: self.kind }.text()
    }

    /// `combined argument 3 (`%arg3`)`, or with its name, `combined argument 3 (`%arg3`, `wo`)`.
    pub fn describe(&self, idx: usize) -> String {
        match &self.name {
            Some(name) => format!("combined argument {idx} (`%arg{idx}`, `{name}`)"),
            None => format!("combined argument {idx} (`%arg{idx}`)"),
        }
    }
}

/// The prelude: SSA ops at the top of the combined body.
#[derive(Clone, Debug)]
pub struct Prelude {
    pub text: String,
    pub loc: Loc,
    /// Where the prelude's first character sits in the plan, when the TOML string has no escapes.
    pub text_start: Option<(FileId, u32)>,
}

/// One slice of the plan. `Default` is an empty slice, for plans built in code
/// (`SlicePlan { file, prefix, ..Default::default() }`).
#[derive(Clone, Debug, Default)]
pub struct SlicePlan {
    /// The slice file as written in the plan (relative to the plan) or on the command line.
    pub file: String,
    pub file_loc: Loc,
    pub prefix: String,
    pub prefix_loc: Loc,
    /// `func = "@name"`.
    pub func: Option<String>,
    pub func_loc: Loc,
    /// Slice argument index → (combined argument index, where it is written).
    pub args: BTreeMap<usize, (usize, Loc)>,
    /// Slice argument index → (prelude value name with `%`, where it is written).
    pub aliases: BTreeMap<usize, (String, Loc)>,
    pub externs: ExternOverrides,
    /// `shim_dma_tile_sizes = [2, 2]`: the `air.shim_dma_tile_sizes` every `air.launch` of the
    /// slice gets (AIR's per-launch runtime loop tiling; [`check_tile_sizes`] says which values
    /// AIR takes). `None`: the launches keep what they carry.
    pub shim_dma_tile_sizes: Option<Vec<i64>>,
    /// Where `shim_dma_tile_sizes` is written.
    pub shim_dma_tile_sizes_loc: Loc,
    /// `section = N`: the slice is section N (from 1) of a file split by `// -----`
    /// (`crate::slice::sections`); `None`: the whole file.
    pub section: Option<usize>,
    pub section_loc: Loc,
    pub loc: Loc,
}

impl SlicePlan {
    /// The slice's name in the merged module's `// slice` comment: its file as the plan or the
    /// command line wrote it, with `#N` for a section, as the command line writes one
    /// (`tests.mlir#3`: one name whether `section = 3` or `FILE#3` picked it).
    pub fn shown_name(&self) -> String {
        match self.section {
            Some(number) => format!("{}#{number}", self.file),
            None => self.file.clone(),
        }
    }
}

/// One `[lints]` entry as written: a lint (or `warnings`) and its level, both checked by the
/// CLI, which knows every crate's lints (AS0311 for an unknown lint or level).
#[derive(Clone, Debug)]
pub struct PlanLint {
    pub name: String,
    pub name_loc: Loc,
    pub level: String,
    pub level_loc: Loc,
}

/// A fully resolved plan: what `merge` runs.
#[derive(Clone, Debug)]
pub struct MergePlan {
    pub name: String,
    pub name_loc: Loc,
    pub args: Vec<CombinedArg>,
    pub prelude: Option<Prelude>,
    pub allow_unreferenced: BTreeMap<usize, Loc>,
    pub slices: Vec<SlicePlan>,
    /// `[lints]`, in the plan's order: the levels `merge --verify` and `check-bd --plan` apply.
    pub lints: Vec<PlanLint>,
    /// `[backend]`: how the merged module is compiled (`compile --plan`, `check-bd --plan`).
    pub backend: Backend,
}

fn range(span: std::ops::Range<usize>) -> TextRange {
    TextRange::new(span.start as u32, span.end as u32)
}

/// Parses a plan file. Slice files stay as written (the caller resolves them).
pub fn parse_plan(text: &str, file: FileId) -> Result<MergePlan, Vec<Diagnostic>> {
    let raw: RawPlan = toml::from_str(text).map_err(|err| {
        let at = err.span().map(range).unwrap_or(TextRange::empty(0));
        let message = err.message().trim_end().replace('\n', "; ");
        let format = "see docs/merge.md for the plan format: a [func] table and one [[slice]] table per input";
        let diagnostic = Diagnostic::error(codes::PLAN_SYNTAX, format!("invalid plan: {message}"));
        let unknown = unknown_field(&message);
        vec![match (unknown.as_deref().and_then(backend::upstream_key), unknown_key_suggestion(&message)) {
            (Some(mapping), _) => diagnostic
                .with_primary(file, at, format!("unknown key `{}`", unknown.unwrap_or_default()))
                .with_help(mapping),
            (None, Some((key, suggestion))) => diagnostic
                .with_primary(file, at, format!("unknown key `{key}`"))
                .with_help(format!("did you mean `{suggestion}`?")),
            (None, None) => diagnostic.with_primary(file, at, "").with_help(format),
        }]
    })?;
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut errors = Vec::new();
    let func = raw.func.into_inner();
    // The combined function's name, as MLIR reads a symbol (crate::plan::naming), before any work.
    let name_loc = loc(func.name.span());
    let spell = |name: &str| format!("name = {}", write::quote(name));
    let name = check_func_name(func.name.get_ref(), name_loc, spell).unwrap_or_else(|diagnostic| {
        errors.push(diagnostic);
        String::new()
    });
    let mut names = Names::default();
    let args: Vec<CombinedArg> = func
        .args
        .into_inner()
        .into_iter()
        .enumerate()
        .map(|(idx, a)| {
            let span = a.span();
            match a.into_inner() {
                RawArg::Type(ty) => CombinedArg { loc: loc(span), ty, name: None, kind: None },
                RawArg::Table { name, ty, kind } => {
                    if let Some(name) = &name {
                        names.declare(name.get_ref(), idx, loc(name.span()), &mut errors);
                    }
                    let kind = kind.and_then(|k| buffer_kind(&k, codes::PLAN_INVALID, loc(k.span()), &mut errors));
                    CombinedArg { loc: loc(ty.span()), name: name.map(Spanned::into_inner), ty: ty.into_inner(), kind }
                }
            }
        })
        .collect();
    let prelude = func.prelude.map(|p| {
        let span = p.span();
        let raw_text = &text[span.clone()];
        let text_start = prelude_start(raw_text, p.get_ref()).map(|offset| (file, (span.start + offset) as u32));
        Prelude { loc: loc(span), text_start, text: p.into_inner() }
    });
    let mut allow_unreferenced = BTreeMap::new();
    if let Some(list) = func.allow_unreferenced {
        for entry in list.into_inner() {
            let at = loc(entry.span());
            match usize::try_from(*entry.get_ref()) {
                Ok(idx) => {
                    allow_unreferenced.insert(idx, at);
                }
                Err(_) => errors.push(located(
                    codes::INDEX_OUT_OF_RANGE,
                    "`allow_unreferenced` entries are argument indices (0 or more)",
                    at,
                )),
            }
        }
    }
    let slices: Vec<SlicePlan> =
        raw.slice.into_iter().map(|slice| slice_plan(slice, file, &names, &mut errors)).collect();
    let lints = plan_lints(raw.lints, file);
    let backend = raw
        .backend
        .map(|table| backend::resolve(table, file, backend::PLAN_CODE, true, &mut errors))
        .unwrap_or_default();
    if slices.is_empty() {
        errors.push(
            Diagnostic::error(codes::PLAN_INVALID, "the plan has no slices")
                .with_primary(file, TextRange::empty(0), "")
                .with_help("add one `[[slice]]` table per input file"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(MergePlan { name, name_loc, args, prelude, allow_unreferenced, slices, lints, backend })
}

/// For serde's ``unknown field `alow_unreferenced`, expected one of `name`, ...`` (the message
/// of every table with `deny_unknown_fields`): the unknown key and the expected one it most
/// likely misspells, by the measure and threshold clap uses for its own suggestions.
/// The key of serde's ``unknown field `x`, expected ...``.
pub fn unknown_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    rest.split_once('`').map(|(key, _)| key.to_string())
}

fn unknown_key_suggestion(message: &str) -> Option<(String, String)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, expected) = rest.split_once('`')?;
    let candidates = expected.split('`').skip(1).step_by(2);
    let (score, best) =
        candidates.map(|candidate| (strsim::jaro(key, candidate), candidate)).max_by(|a, b| a.0.total_cmp(&b.0))?;
    (score > 0.7).then(|| (key.to_string(), best.to_string()))
}

/// The `[lints]` table, in the plan's order (a layer's `[lints]` is read the same way).
pub fn plan_lints(raw: BTreeMap<Spanned<String>, Spanned<String>>, file: FileId) -> Vec<PlanLint> {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut entries: Vec<(Spanned<String>, Spanned<String>)> = raw.into_iter().collect();
    entries.sort_by_key(|(name, _)| name.span().start);
    entries
        .into_iter()
        .map(|(name, level)| PlanLint {
            name_loc: loc(name.span()),
            level_loc: loc(level.span()),
            name: name.into_inner(),
            level: level.into_inner(),
        })
        .collect()
}

/// One `[[slice]]` table; problems with its entries go to `errors`.
fn slice_plan(slice: Spanned<RawSlice>, file: FileId, names: &Names, errors: &mut Vec<Diagnostic>) -> SlicePlan {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let slice_loc = loc(slice.span());
    let slice = slice.into_inner();
    let file_name = slice.file.get_ref().clone();
    let stem =
        std::path::Path::new(&file_name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (prefix, prefix_loc) = match slice.prefix {
        Some(p) => (p.get_ref().clone(), loc(p.span())),
        None => (prefix_from_stem(&stem), loc(slice.file.span())),
    };
    let mut slice_args = BTreeMap::new();
    if let Some(map) = slice.args {
        for (key, value) in map.into_inner() {
            let at = loc(value.span());
            match key.parse::<usize>() {
                Ok(idx) => {
                    if let Some(combined) = names.resolve(value.get_ref(), at, errors) {
                        slice_args.insert(idx, (combined, at));
                    }
                }
                Err(_) => errors.push(located(
                    codes::PLAN_INVALID,
                    &format!("`args` key `{key}` is not a slice argument index"),
                    at,
                )),
            }
        }
    }
    let mut aliases = BTreeMap::new();
    if let Some(map) = slice.aliases {
        for (key, value) in map.into_inner() {
            let at = loc(value.span());
            match key.parse::<usize>() {
                Ok(idx) => {
                    let name = value.into_inner();
                    let name = if name.starts_with('%') { name } else { format!("%{name}") };
                    aliases.insert(idx, (name, at));
                }
                Err(_) => errors.push(located(
                    codes::PLAN_INVALID,
                    &format!("`aliases` key `{key}` is not a slice argument index"),
                    at,
                )),
            }
        }
    }
    let tile_sizes_loc = slice.shim_dma_tile_sizes.as_ref().map(|t| t.span()).and_then(loc);
    let tile_sizes =
        slice.shim_dma_tile_sizes.map(|t| t.into_inner().into_iter().map(|v| v.into_inner()).collect::<Vec<_>>());
    if let Some(problem) = tile_sizes.as_deref().and_then(check_tile_sizes) {
        errors.push(
            located(codes::TILE_SIZES_INVALID, &format!("`shim_dma_tile_sizes`: {problem}"), tile_sizes_loc)
                .with_help(TILE_SIZES_HELP),
        );
    }
    let section_loc = slice.section.as_ref().map(|s| s.span()).and_then(loc);
    let section = slice.section.and_then(|n| section_number(n.into_inner(), section_loc, errors));
    SlicePlan {
        file: file_name,
        file_loc: loc(slice.file.span()),
        section,
        section_loc,
        prefix,
        prefix_loc,
        func_loc: slice.func.as_ref().map(|f| f.span()).and_then(loc),
        func: slice.func.map(|f| f.into_inner()),
        args: slice_args,
        aliases,
        externs: slice.externs.map(|e| extern_overrides(e.into_inner())).unwrap_or_default(),
        shim_dma_tile_sizes: tile_sizes,
        shim_dma_tile_sizes_loc: tile_sizes_loc,
        loc: slice_loc,
    }
}

/// A slice's `section = N`: a number from 1 (AS0311 otherwise).
fn section_number(written: i64, at: Loc, errors: &mut Vec<Diagnostic>) -> Option<usize> {
    match usize::try_from(written) {
        Ok(number) if number >= 1 => Some(number),
        _ => {
            let message = format!("`section = {written}`: sections are numbered from 1");
            errors.push(
                located(codes::PLAN_INVALID, &message, at).with_help(
                    "`air-stitch outline --split-input-file FILE` shows a file's sections and their numbers",
                ),
            );
            None
        }
    }
}

/// How to write tile sizes AIR takes.
pub const TILE_SIZES_HELP: &str =
    "one size per launch loop (`[2, 2]`), one size for every loop (`[4]`), or `[0]` to leave the slice's launches untiled";

/// What AIR's `air-opt-shim-dma-bds` rejects in `air.shim_dma_tile_sizes` (mlir-air
/// `AIRDependencyScheduleOpt.cpp`), in its words: `None` for sizes it takes.
pub fn check_tile_sizes(sizes: &[i64]) -> Option<&'static str> {
    if sizes.is_empty() {
        Some("air.shim_dma_tile_sizes must not be empty")
    } else if sizes != [0] && sizes.iter().any(|&v| v <= 0) {
        Some("air.shim_dma_tile_sizes values must be > 0 (use single-value [0] for the skip-tile sentinel)")
    } else {
        None
    }
}

/// `array<i64: 2, 2>`: the attribute value of tile sizes.
pub fn tile_sizes_attr(sizes: &[i64]) -> String {
    let list = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
    format!("array<i64: {list}>")
}

/// A slice's `externs = { keep, rename, objects }`, symbols without their `@`.
fn extern_overrides(raw: RawExterns) -> ExternOverrides {
    let bare = |name: &str| name.trim_start_matches('@').to_string();
    ExternOverrides {
        keep: raw.keep.into_iter().map(|s| bare(&s.into_inner())).collect::<BTreeSet<_>>(),
        rename: raw.rename.into_iter().map(|(k, v)| (bare(&k), bare(&v.into_inner()))).collect(),
        objects: raw.objects.into_iter().map(|(k, v)| (k, v.into_inner())).collect(),
    }
}

/// Offset of the string's content inside its TOML literal, when the content appears verbatim.
fn prelude_start(raw: &str, content: &str) -> Option<usize> {
    for opener in ["\"\"\"\n", "\"\"\"\r\n", "'''\n", "'''\r\n", "\"\"\"", "'''", "\"", "'"] {
        if let Some(rest) = raw.strip_prefix(opener) {
            if rest.starts_with(content) {
                return Some(opener.len());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_get_the_likely_key() {
        let err = parse_plan("[func]\nname = \"x\"\nargs = []\nalow_unreferenced = [0]\n", FileId(0)).unwrap_err();
        assert_eq!(err[0].help.as_deref(), Some("did you mean `allow_unreferenced`?"));
        assert_eq!(err[0].primary.as_ref().map(|l| l.message.as_str()), Some("unknown key `alow_unreferenced`"));
        let err =
            parse_plan("[func]\nname = \"x\"\nargs = []\n[[slices]]\nfile = \"a.mlir\"\n", FileId(0)).unwrap_err();
        assert_eq!(err[0].help.as_deref(), Some("did you mean `slice`?"));
        // Nothing close: no guess, only the format.
        let err = parse_plan("[func]\nname = \"x\"\nargs = []\nzzz = 1\n", FileId(0)).unwrap_err();
        assert!(err[0].help.as_deref().is_some_and(|h| h.starts_with("see docs/merge.md")), "{:?}", err[0].help);
    }

    #[test]
    fn plan_errors_point_into_the_plan() {
        let err = parse_plan(
            "[func]\nname = \"x\"\nargs = [\"i32\"]\n[[slice]]\nfile = \"a.mlir\"\nargs = { 0 = -1 }\n",
            FileId(3),
        )
        .unwrap_err();
        assert_eq!(err.len(), 1);
        assert_eq!(err[0].code, codes::INDEX_OUT_OF_RANGE);
        assert_eq!(err[0].primary.as_ref().map(|l| (l.file, l.range)), Some((FileId(3), TextRange::new(72, 74))));
    }

    #[test]
    fn lints_keep_their_keys_levels_and_positions() {
        let text = "[func]\nname = \"x\"\nargs = []\n[[slice]]\nfile = \"a.mlir\"\n[lints]\nwarnings = \"deny\"\nAS0425 = \"allow\"\n";
        let plan = parse_plan(text, FileId(1)).unwrap();
        let entries: Vec<(&str, &str, &str)> = plan
            .lints
            .iter()
            .map(|l| {
                let at = |loc: Loc| loc.map_or("", |(_, r)| &text[r.start as usize..r.end as usize]);
                (l.name.as_str(), l.level.as_str(), at(l.level_loc))
            })
            .collect();
        assert_eq!(entries, [("warnings", "deny", "\"deny\""), ("AS0425", "allow", "\"allow\"")]);
        assert_eq!(plan.lints[0].name_loc.map(|(_, r)| &text[r.start as usize..r.end as usize]), Some("warnings"));
    }
}

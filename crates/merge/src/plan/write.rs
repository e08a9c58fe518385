//! The one plan writer: a plan file (docs/merge.md#the-plan-file) as a [`PlanFile`], each field
//! decided by its maker, written by [`PlanFile::write`]. Three makers fill one in: `merge
//! --emit-plan` from a zero-config merge's [`MergePlan`] ([`plan_toml`]), `group` for each
//! candidate group, and the Python package's `stitch_text` from its arguments.
//!
//! [`plan_toml`]'s text is the inverse of [`crate::plan::parse_plan`]: parsing it gives the plan
//! back (every field `merge` uses), so `merge --plan` on it prints the same module. Slice files
//! are written as the plan holds them; the caller makes them relative to where the plan goes.

use crate::plan::MergePlan;
use air_diagnostics::TextRange;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A TOML basic string (quoted and escaped as TOML needs).
pub fn quote(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A TOML key: bare when it can be, else quoted.
fn key(text: &str) -> String {
    let bare = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        text.to_string()
    } else {
        quote(text)
    }
}

/// A list of integers, `[2, 2]`.
fn int_list<T: ToString>(values: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A multi-line string (`text` ends with its newline): between `quotes` when TOML reads it back
/// verbatim, else a basic string with escapes.
fn multiline(text: &str, quotes: Quotes) -> String {
    let plain = !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t');
    let verbatim = match quotes {
        Quotes::Literal => plain && !text.contains("'''") && !text.ends_with('\''),
        Quotes::Basic => plain && !text.contains("\"\"\"") && !text.ends_with('"') && !text.contains('\\'),
    };
    let delimiter = match quotes {
        Quotes::Literal => "'''",
        Quotes::Basic => "\"\"\"",
    };
    if verbatim {
        format!("{delimiter}\n{text}{delimiter}")
    } else {
        quote(text)
    }
}

/// A plan file as it is written, each field decided by its maker.
#[derive(Clone, Debug, Default)]
pub struct PlanFile {
    /// What opens the file (comment lines, a blank line), verbatim.
    pub header: String,
    /// `[func] name`: the combined function's name as it follows `@` (bare, or with its quotes).
    pub func: String,
    pub args: Vec<ArgLine>,
    pub prelude: Option<Prelude>,
    /// As written: the plan reader judges the indices.
    pub allow_unreferenced: Vec<i64>,
    pub slices: Vec<SliceTable>,
    /// `[backend]`'s lines ([`crate::plan::backend::Backend::toml_lines`]); empty: no table.
    pub backend: String,
    /// `[lints]`: (lint, level), in order.
    pub lints: Vec<(String, String)>,
}

/// One combined argument: a bare type, or a table with its buffer name and kind.
#[derive(Clone, Debug, Default)]
pub struct ArgLine {
    pub name: Option<String>,
    pub ty: String,
    pub kind: Option<String>,
    /// A comment after it (`0: q.0, k.1`), without the `# `.
    pub comment: Option<String>,
}

/// The prelude: its text (ending with a newline) and the quotes of its multi-line string.
#[derive(Clone, Debug)]
pub struct Prelude {
    pub text: String,
    pub quotes: Quotes,
}

/// TOML's multi-line strings: literal (`'''`) or basic (`"""`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quotes {
    Literal,
    Basic,
}

/// One `[[slice]]`.
#[derive(Clone, Debug, Default)]
pub struct SliceTable {
    pub file: String,
    pub section: Option<usize>,
    pub prefix: String,
    pub func: Option<String>,
    /// `args`: slice argument → combined argument (by index or buffer name). Indices are as
    /// written: the plan reader judges them.
    pub args: Vec<(i64, Wire)>,
    /// `aliases`: slice argument → prelude value.
    pub aliases: Vec<(i64, String)>,
    pub externs: Option<ExternsTable>,
    pub shim_dma_tile_sizes: Option<Vec<i64>>,
}

/// Where a slice argument is wired.
#[derive(Clone, Debug)]
pub enum Wire {
    Index(i64),
    Name(String),
}

/// A slice's `externs` table; `rename` and `objects` are written when given (even empty).
#[derive(Clone, Debug, Default)]
pub struct ExternsTable {
    pub keep: Vec<String>,
    pub rename: Option<BTreeMap<String, String>>,
    pub objects: Option<BTreeMap<String, String>>,
}

impl PlanFile {
    /// The file's text, and where each combined argument's type string stands in it (for
    /// diagnostics about an argument of a plan made in memory).
    pub fn write(&self) -> (String, Vec<TextRange>) {
        let mut out = self.header.clone();
        let _ = writeln!(out, "[func]\nname = {}\nargs = [", quote(&self.func));
        let mut ranges = Vec::new();
        for arg in &self.args {
            out.push_str("  ");
            let table = arg.name.is_some() || arg.kind.is_some();
            if table {
                out.push_str("{ ");
                if let Some(name) = &arg.name {
                    let _ = write!(out, "name = {}, ", quote(name));
                }
                out.push_str("type = ");
            }
            let start = out.len() as u32;
            out.push_str(&quote(&arg.ty));
            ranges.push(TextRange::new(start, out.len() as u32));
            if let Some(kind) = &arg.kind {
                let _ = write!(out, ", kind = {}", quote(kind));
            }
            out.push_str(if table { " }," } else { "," });
            if let Some(comment) = &arg.comment {
                let _ = write!(out, "  # {comment}");
            }
            out.push('\n');
        }
        out.push_str("]\n");
        if let Some(prelude) = &self.prelude {
            let _ = writeln!(out, "prelude = {}", multiline(&prelude.text, prelude.quotes));
        }
        if !self.allow_unreferenced.is_empty() {
            let _ = writeln!(out, "allow_unreferenced = {}", int_list(&self.allow_unreferenced));
        }
        for slice in &self.slices {
            slice.write(&mut out);
        }
        if !self.backend.is_empty() {
            let _ = write!(out, "\n[backend]\n{}", self.backend);
        }
        if !self.lints.is_empty() {
            out.push_str("\n[lints]\n");
            for (lint, level) in &self.lints {
                let _ = writeln!(out, "{} = {}", key(lint), quote(level));
            }
        }
        (out, ranges)
    }
}

impl SliceTable {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "\n[[slice]]\nfile = {}\n", quote(&self.file));
        if let Some(section) = self.section {
            let _ = writeln!(out, "section = {section}");
        }
        let _ = writeln!(out, "prefix = {}", quote(&self.prefix));
        if let Some(func) = &self.func {
            let _ = writeln!(out, "func = {}", quote(func));
        }
        let wired: Vec<String> = self
            .args
            .iter()
            .map(|(from, to)| match to {
                Wire::Index(to) => format!("{from} = {to}"),
                Wire::Name(name) => format!("{from} = {}", quote(name)),
            })
            .collect();
        let _ = writeln!(out, "args = {{ {} }}", wired.join(", "));
        if !self.aliases.is_empty() {
            let aliased: Vec<String> =
                self.aliases.iter().map(|(from, value)| format!("{from} = {}", quote(value))).collect();
            let _ = writeln!(out, "aliases = {{ {} }}", aliased.join(", "));
        }
        if let Some(externs) = &self.externs {
            let keep: Vec<String> = externs.keep.iter().map(|s| quote(s)).collect();
            let mut fields = vec![format!("keep = [{}]", keep.join(", "))];
            let table = |map: &BTreeMap<String, String>| {
                let entries: Vec<String> = map.iter().map(|(k, v)| format!("{} = {}", key(k), quote(v))).collect();
                format!("{{ {} }}", entries.join(", "))
            };
            if let Some(rename) = &externs.rename {
                fields.push(format!("rename = {}", table(rename)));
            }
            if let Some(objects) = &externs.objects {
                fields.push(format!("objects = {}", table(objects)));
            }
            let _ = writeln!(out, "externs = {{ {} }}", fields.join(", "));
        }
        if let Some(sizes) = &self.shim_dma_tile_sizes {
            let _ = writeln!(out, "shim_dma_tile_sizes = {}", int_list(sizes));
        }
    }
}

/// The plan as a plan file. `header` (comment lines, each starting with `#`, or nothing) opens
/// it. Each combined argument's line ends with a comment naming the slice arguments it feeds
/// (`# 0: a.0, b.1`; the index alone for one no slice is wired to), so that the wiring reads
/// without counting.
pub fn plan_toml(plan: &MergePlan, header: &str) -> String {
    let mut opening = String::from(header);
    if !header.is_empty() && !header.ends_with('\n') {
        opening.push('\n');
    }
    if !header.is_empty() {
        opening.push('\n');
    }
    // The function's name as it is written after `@`: bare, or a string with its quotes.
    let written_name = crate::plan::naming::symbol_ref(&plan.name);
    let args = plan
        .args
        .iter()
        .enumerate()
        .map(|(idx, arg)| {
            let users: Vec<String> = plan
                .slices
                .iter()
                .flat_map(|slice| {
                    slice
                        .args
                        .iter()
                        .filter(|(_, (to, _))| *to == idx)
                        .map(|(from, _)| format!("{}.{from}", slice.prefix))
                })
                .collect();
            let fed = if users.is_empty() { String::new() } else { format!(": {}", users.join(", ")) };
            ArgLine {
                name: arg.name.clone(),
                ty: arg.ty.clone(),
                kind: arg.kind.map(|k| k.as_str().to_string()),
                comment: Some(format!("{idx}{fed}")),
            }
        })
        .collect();
    let slices = plan
        .slices
        .iter()
        .map(|slice| {
            let externs = &slice.externs;
            let any = !externs.keep.is_empty() || !externs.rename.is_empty() || !externs.objects.is_empty();
            SliceTable {
                file: slice.file.clone(),
                section: slice.section,
                prefix: slice.prefix.clone(),
                func: slice.func.clone(),
                // Wired by name where the combined argument has one, as a named plan wires.
                args: slice
                    .args
                    .iter()
                    .map(|(from, (to, _))| {
                        let wire = match plan.args.get(*to).and_then(|a| a.name.as_ref()) {
                            Some(name) => Wire::Name(name.clone()),
                            None => Wire::Index(*to as i64),
                        };
                        (*from as i64, wire)
                    })
                    .collect(),
                aliases: slice.aliases.iter().map(|(from, (value, _))| (*from as i64, value.clone())).collect(),
                externs: any.then(|| ExternsTable {
                    keep: externs.keep.iter().cloned().collect(),
                    rename: Some(externs.rename.clone()),
                    objects: Some(externs.objects.clone()),
                }),
                shim_dma_tile_sizes: slice.shim_dma_tile_sizes.clone(),
            }
        })
        .collect();
    let file = PlanFile {
        header: opening,
        func: written_name[1..].to_string(),
        args,
        prelude: plan.prelude.as_ref().map(|p| Prelude { text: p.text.clone(), quotes: Quotes::Literal }),
        allow_unreferenced: plan.allow_unreferenced.keys().map(|&i| i as i64).collect(),
        slices,
        backend: plan.backend.toml_lines(),
        lints: plan.lints.iter().map(|l| (l.name.clone(), l.level.clone())).collect(),
    };
    file.write().0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::parse_plan;
    use air_diagnostics::FileId;

    const NAMED: &str = r#"[func]
name = '"decode-q"'
args = [
  { name = "x", type = "memref<8xbf16>", kind = "activation" },
  "memref<2x4xbf16>",
  "memref<4xi32>",
]
prelude = """
    %v = memref.collapse_shape %arg1 [[0, 1]] : memref<2x4xbf16> into memref<8xbf16>
"""
allow_unreferenced = [2]

[[slice]]
file = "../kernels/a b.mlir"
section = 2
prefix = "q"
func = "@k"
args = { 0 = "x" }
aliases = { 1 = "%v" }
externs = { keep = ["f"], rename = { "g.h" = "g2" }, objects = { "a.o" = "q_a.o" } }
shim_dma_tile_sizes = [2, 2]

[backend]
output_format = "elf"

[lints]
warnings = "deny"
AS0425 = "allow"
"#;

    /// Every field merge reads survives a write and a read.
    #[test]
    fn a_written_plan_reads_back_as_the_same_plan() {
        let plan = parse_plan(NAMED, FileId(0)).unwrap();
        let text = plan_toml(&plan, "# a header");
        assert!(text.starts_with("# a header\n\n[func]\nname = '\"decode-q\"'\n"), "{text}");
        let again = parse_plan(&text, FileId(0)).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert_eq!(again.name, "decode-q");
        let args =
            |p: &MergePlan| -> Vec<_> { p.args.iter().map(|a| (a.ty.clone(), a.name.clone(), a.kind)).collect() };
        assert_eq!(args(&again), args(&plan));
        assert_eq!(again.prelude.as_ref().map(|p| &p.text), plan.prelude.as_ref().map(|p| &p.text));
        assert_eq!(again.allow_unreferenced.keys().collect::<Vec<_>>(), [&2]);
        let (a, b) = (&again.slices[0], &plan.slices[0]);
        assert_eq!((&a.file, a.section, &a.prefix, &a.func), (&b.file, b.section, &b.prefix, &b.func));
        let wiring =
            |s: &crate::plan::SlicePlan| -> Vec<(usize, usize)> { s.args.iter().map(|(f, (t, _))| (*f, *t)).collect() };
        assert_eq!(wiring(a), wiring(b));
        let aliases = |s: &crate::plan::SlicePlan| -> Vec<(usize, String)> {
            s.aliases.iter().map(|(f, (v, _))| (*f, v.clone())).collect()
        };
        assert_eq!(aliases(a), aliases(b));
        assert_eq!(a.externs, b.externs);
        assert_eq!(a.shim_dma_tile_sizes, b.shim_dma_tile_sizes);
        assert_eq!(again.backend.toml_lines(), plan.backend.toml_lines());
        let lints = |p: &MergePlan| -> Vec<(String, String)> {
            p.lints.iter().map(|l| (l.name.clone(), l.level.clone())).collect()
        };
        assert_eq!(lints(&again), lints(&plan));
        // Writing the plan read back gives the same text: the form is stable.
        assert_eq!(plan_toml(&again, "# a header"), text);
    }
}

//! A [`MergePlan`] written back as a plan file (docs/merge.md#the-plan-file): what `merge
//! --emit-plan` writes for a zero-config merge, so that `merge --plan`, `inputs` and
//! `check-merge` take the merge it made.
//!
//! The text is the inverse of [`crate::plan::parse_plan`]: parsing it gives the plan back
//! (every field `merge` uses), so `merge --plan` on it prints the same module. Slice files are
//! written as the plan holds them; the caller makes them relative to where the plan goes.

use crate::plan::MergePlan;
use std::fmt::Write as _;

/// A TOML basic string (quoted and escaped as TOML needs).
fn quote(text: &str) -> String {
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

/// The prelude as a multi-line string: literal (`'''`, as written) when TOML allows it, else a
/// basic string with escapes.
fn multiline(text: &str) -> String {
    let literal_ok = !text.contains("'''")
        && !text.ends_with('\'')
        && !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t');
    if literal_ok {
        format!("'''\n{text}'''")
    } else {
        quote(text)
    }
}

/// The plan as a plan file. `header` (comment lines, each starting with `#`, or nothing) opens
/// it. Each combined argument's line ends with a comment naming the slice arguments it feeds
/// (`# 0: a.0, b.1`; the index alone for one no slice is wired to), so that the wiring reads without counting.
pub fn plan_toml(plan: &MergePlan, header: &str) -> String {
    let mut out = String::from(header);
    if !header.is_empty() && !header.ends_with('\n') {
        out.push('\n');
    }
    if !header.is_empty() {
        out.push('\n');
    }
    // The function's name as it is written after `@`: bare, or a string with its quotes.
    let written_name = crate::plan::naming::symbol_ref(&plan.name);
    let _ = writeln!(out, "[func]\nname = {}\nargs = [", quote(&written_name[1..]));
    for (idx, arg) in plan.args.iter().enumerate() {
        let value = match (&arg.name, arg.kind) {
            (None, None) => quote(&arg.ty),
            (name, kind) => {
                let mut fields = Vec::new();
                if let Some(name) = name {
                    fields.push(format!("name = {}", quote(name)));
                }
                fields.push(format!("type = {}", quote(&arg.ty)));
                if let Some(kind) = kind {
                    fields.push(format!("kind = {}", quote(kind.as_str())));
                }
                format!("{{ {} }}", fields.join(", "))
            }
        };
        let users: Vec<String> = plan
            .slices
            .iter()
            .flat_map(|slice| {
                slice.args.iter().filter(|(_, (to, _))| *to == idx).map(|(from, _)| format!("{}.{from}", slice.prefix))
            })
            .collect();
        let fed = if users.is_empty() { String::new() } else { format!(": {}", users.join(", ")) };
        let _ = writeln!(out, "  {value},  # {idx}{fed}");
    }
    out.push_str("]\n");
    if let Some(prelude) = &plan.prelude {
        let _ = writeln!(out, "prelude = {}", multiline(&prelude.text));
    }
    if !plan.allow_unreferenced.is_empty() {
        let _ = writeln!(out, "allow_unreferenced = {}", int_list(plan.allow_unreferenced.keys()));
    }
    for slice in &plan.slices {
        let _ = write!(out, "\n[[slice]]\nfile = {}\n", quote(&slice.file));
        if let Some(section) = slice.section {
            let _ = writeln!(out, "section = {section}");
        }
        let _ = writeln!(out, "prefix = {}", quote(&slice.prefix));
        if let Some(func) = &slice.func {
            let _ = writeln!(out, "func = {}", quote(func));
        }
        // Wired by name where the combined argument has one, as a named plan wires.
        let wired: Vec<String> = slice
            .args
            .iter()
            .map(|(from, (to, _))| match plan.args.get(*to).and_then(|a| a.name.as_ref()) {
                Some(name) => format!("{from} = {}", quote(name)),
                None => format!("{from} = {to}"),
            })
            .collect();
        let _ = writeln!(out, "args = {{ {} }}", wired.join(", "));
        if !slice.aliases.is_empty() {
            let aliased: Vec<String> =
                slice.aliases.iter().map(|(from, (value, _))| format!("{from} = {}", quote(value))).collect();
            let _ = writeln!(out, "aliases = {{ {} }}", aliased.join(", "));
        }
        let externs = &slice.externs;
        if !externs.keep.is_empty() || !externs.rename.is_empty() || !externs.objects.is_empty() {
            let keep: Vec<String> = externs.keep.iter().map(|s| quote(s)).collect();
            let table = |map: &std::collections::BTreeMap<String, String>| {
                let entries: Vec<String> = map.iter().map(|(k, v)| format!("{} = {}", key(k), quote(v))).collect();
                format!("{{ {} }}", entries.join(", "))
            };
            let _ = writeln!(
                out,
                "externs = {{ keep = [{}], rename = {}, objects = {} }}",
                keep.join(", "),
                table(&externs.rename),
                table(&externs.objects)
            );
        }
        if let Some(sizes) = &slice.shim_dma_tile_sizes {
            let _ = writeln!(out, "shim_dma_tile_sizes = {}", int_list(sizes));
        }
    }
    let backend = plan.backend.toml_lines();
    if !backend.is_empty() {
        let _ = write!(out, "\n[backend]\n{backend}");
    }
    if !plan.lints.is_empty() {
        out.push_str("\n[lints]\n");
        for lint in &plan.lints {
            let _ = writeln!(out, "{} = {}", key(&lint.name), quote(&lint.level));
        }
    }
    out
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

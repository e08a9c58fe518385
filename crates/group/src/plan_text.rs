//! The named-buffer plan of a candidate group, as the text its `.toml` file holds: the group's
//! buffers in first-use order (or its `[[group_abi]]`), the views it uses as the prelude, one
//! slice per kernel wired by name.

use super::layer::{Binding, KernelDecl, Layer};
use air_merge::plan::backend::Backend;
use air_merge::plan::write::{ArgLine, PlanFile, Prelude, Quotes, SliceTable, Wire};
use air_merge::slice::ParsedSlice;
use std::fmt::Write as _;
use std::ops::Range;

/// A candidate's plan.
#[derive(Clone, Debug)]
pub struct PlannedText {
    pub text: String,
    /// The buffer name of each combined argument.
    pub names: Vec<Option<String>>,
    /// A kernel uses a buffer that the group's pinned ABI does not have.
    pub abi_problem: Option<String>,
    /// Two kernels need different backend options.
    pub backend_problem: Option<String>,
    /// Options one kernel sets that the group's other kernels are built with too.
    pub spreads: Vec<Spread>,
    /// A spread upstream measured as a regression: the group is cut instead.
    pub regression: Option<String>,
}

/// A backend option a kernel sets (`backend = { ... }`) that applies to its whole group: the
/// group's other kernels, which do not set it, are built with it too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spread {
    pub option: &'static str,
    /// As the layer writes it (`"all"`, `4096`).
    pub value: String,
    /// The kernels that set it.
    pub from: Vec<String>,
    /// The kernels built with it although they do not set it.
    pub to: Vec<String>,
}

/// The option whose spread upstream measured as a regression: ping-pong buffering off.
/// mlir-air `programming_examples/llms/shared/infra/backend_presets.py`: the int4 decode GEMVs
/// keep ping-pong because "dropping ping-pong regressed e2e 12.4 -> 7.8 tok/s" (80.6 to 128 ms a
/// token over 16 layers: about 0.4 ms per GEMV, more than an XRT dispatch's 0.05-0.2 ms).
pub const REGRESSING_OPTION: &str = "omit_ping_pong_transform";

/// Where upstream measured it.
pub const REGRESSION_SOURCE: &str =
    "mlir-air llms/shared/infra/backend_presets.py: dropping ping-pong regressed an int4 decode from 12.4 to 7.8 tok/s";

/// The plan of kernels `range` as function `func` (`slices` are their parses, named as the
/// plan writes them).
pub fn plan_text(layer: &Layer, range: Range<usize>, slices: &[ParsedSlice], func: &str) -> PlannedText {
    let kernels = &layer.kernels[range.clone()];
    let pinned = layer.abis.iter().find(|a| a.start == range.start);
    let mut abi_problem = None;
    let mut args: Vec<usize> = pinned.map(|a| a.buffers.clone()).unwrap_or_default();
    let mut views: Vec<usize> = Vec::new();
    for kernel in kernels {
        for (binding, _) in &kernel.args {
            let buffer = layer.buffer_of(*binding);
            if !args.contains(&buffer) {
                if pinned.is_some() {
                    abi_problem.get_or_insert_with(|| {
                        format!(
                            "with `{}` the group needs buffer `{}`, which its [[group_abi]] (start = \"{}\") does not list",
                            kernel.name, layer.buffers[buffer].name, layer.kernels[range.start].name
                        )
                    });
                }
                args.push(buffer);
            }
            if let Binding::View(v) = binding {
                if !views.contains(v) {
                    views.push(*v);
                }
            }
        }
    }
    let (backend, backend_problem) = group_backend(layer, kernels);
    let spreads = spreads(layer, kernels);
    let regression = spreads.iter().find(|s| s.option == REGRESSING_OPTION && s.value != "\"none\"").map(|s| {
        format!(
            "with `{}` the group would build {} without ping-pong too ({} = {}, set by {}), which upstream measured as a regression ({REGRESSION_SOURCE}); an extra call costs less",
            kernels.last().map_or("", |k| k.name.as_str()),
            names(&s.to),
            s.option,
            s.value,
            names(&s.from)
        )
    });
    let used: Vec<usize> = kernels.iter().flat_map(|k| k.args.iter().map(|(b, _)| layer.buffer_of(*b))).collect();
    let kernel_names: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
    let header = format!(
        "# Layer `{}`, kernels {}.\n# Written by `air-stitch group`: `air-stitch merge --plan` on this file gives the module beside it.\n\n",
        layer.name,
        kernel_names.join(", "),
    );
    let arg_lines = args
        .iter()
        .map(|&buffer| {
            let b = &layer.buffers[buffer];
            ArgLine {
                name: Some(b.name.clone()),
                ty: b.ty.clone(),
                kind: b.kind.map(|k| k.as_str().to_string()),
                comment: None,
            }
        })
        .collect();
    let prefixes: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
    let mut prelude = String::new();
    for &v in &views {
        let view = &layer.views[v];
        let of = args.iter().position(|&b| b == view.of).unwrap_or(0);
        let ops = substitute(&view.ops, &layer.buffers[view.of].name, &format!("arg{of}"));
        let ops = substitute(&ops, &view.name, &prelude_name(&view.name, &prefixes));
        for line in ops.lines().filter(|l| !l.trim().is_empty()) {
            let _ = writeln!(prelude, "    {}", line.trim());
        }
    }
    let dead = args.iter().enumerate().filter(|(_, b)| !used.contains(b)).map(|(i, _)| i as i64).collect();
    let slice_tables = kernels
        .iter()
        .zip(slices)
        .map(|(kernel, slice)| {
            let mut table = SliceTable {
                file: slice.name.clone(),
                prefix: kernel.name.clone(),
                func: kernel.func.clone(),
                shim_dma_tile_sizes: kernel.shim_dma_tile_sizes.clone(),
                ..SliceTable::default()
            };
            for (idx, (binding, _)) in kernel.args.iter().enumerate() {
                match binding {
                    Binding::Buffer(b) => table.args.push((idx as i64, Wire::Name(layer.buffers[*b].name.clone()))),
                    Binding::View(v) => {
                        table.aliases.push((idx as i64, format!("%{}", prelude_name(&layer.views[*v].name, &prefixes))))
                    }
                }
            }
            table
        })
        .collect();
    let file = PlanFile {
        header,
        func: func.to_string(),
        args: arg_lines,
        prelude: (!views.is_empty()).then_some(Prelude { text: prelude, quotes: Quotes::Basic }),
        allow_unreferenced: dead,
        slices: slice_tables,
        backend: backend.toml_lines(),
        lints: Vec::new(),
    };
    let (out, _) = file.write();
    let names = args.iter().map(|&b| Some(layer.buffers[b].name.clone())).collect();
    PlannedText { text: out, names, abi_problem, backend_problem, spreads, regression }
}

/// `` `a`, `b` ``.
fn names(list: &[String]) -> String {
    list.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// The options kernels of the group set that others of it do not (and the layer does not set):
/// each applies to the whole group.
fn spreads(layer: &Layer, kernels: &[KernelDecl]) -> Vec<Spread> {
    let layer_sets: Vec<&'static str> = layer.backend.options_set().into_iter().map(|(o, _)| o).collect();
    let mut out: Vec<Spread> = Vec::new();
    for kernel in kernels {
        for (option, value) in kernel.backend.options_set() {
            if layer_sets.contains(&option) {
                continue;
            }
            match out.iter_mut().find(|s| s.option == option) {
                Some(spread) => spread.from.push(kernel.name.clone()),
                None => out.push(Spread { option, value, from: vec![kernel.name.clone()], to: Vec::new() }),
            }
        }
    }
    for spread in &mut out {
        spread.to = kernels.iter().filter(|k| !spread.from.contains(&k.name)).map(|k| k.name.clone()).collect();
    }
    out.retain(|s| !s.to.is_empty());
    out
}

/// How the group of `kernels` is built: the layer's backend with each kernel's additions, and
/// the first option two of them set differently.
fn group_backend(layer: &Layer, kernels: &[KernelDecl]) -> (Backend, Option<String>) {
    let mut backend = layer.backend.clone();
    let mut problem = None;
    for kernel in kernels {
        match backend.combine(&kernel.backend) {
            Ok(combined) => backend = combined,
            Err(conflict) => {
                problem.get_or_insert_with(|| {
                    format!(
                        "with `{}` the group needs {} = {} but has {} = {}",
                        kernel.name, conflict.option, conflict.second, conflict.option, conflict.first
                    )
                });
            }
        }
    }
    (backend, problem)
}

/// A view's value in the prelude: its own name, unless that starts like a slice's prefixed names
/// (`%q_…` for kernel `q`, which merge refuses: AS0320), then with `_` before it until it does not.
fn prelude_name(view: &str, prefixes: &[&str]) -> String {
    let mut name = view.to_string();
    while prefixes.iter().any(|p| name.starts_with(&format!("{p}_"))) {
        name.insert(0, '_');
    }
    name
}

/// `%name` → `%replacement` where `%name` is a whole SSA name (not a prefix of a longer one).
fn substitute(text: &str, name: &str, replacement: &str) -> String {
    let pattern = format!("%{name}");
    let mut out = String::new();
    let mut rest = text;
    while let Some(pos) = rest.find(&pattern) {
        let after = &rest[pos + pattern.len()..];
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
        out.push_str(&rest[..pos]);
        out.push_str(if whole { "%" } else { "" });
        out.push_str(if whole { replacement } else { &pattern });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::substitute;

    #[test]
    fn a_view_named_like_a_slice_prefix_gets_an_underscore() {
        assert_eq!(super::prelude_name("q_normed_flat", &["q", "k"]), "_q_normed_flat");
        assert_eq!(super::prelude_name("heads_q", &["q", "k"]), "heads_q");
        assert_eq!(super::prelude_name("q_x", &["q", "_q"]), "__q_x");
    }

    #[test]
    fn only_whole_names_are_substituted() {
        assert_eq!(substitute("%rms_in[0] %rms_in_x %rms_in", "rms_in", "arg6"), "%arg6[0] %rms_in_x %arg6");
    }
}

//! Assembly: the merged module's text from the slices' rewritten pieces — aliases, then
//! `module {` with channel declarations, extern declarations, other module-level ops, and one
//! `func.func` with the combined signature, the prelude, each slice's body in order, `return`.

use crate::passes::SliceState;
use crate::plan::MergePlan;
use crate::rewrite::{token_span, Printer, Rewrite};
use crate::slice::KernelFunc;
use air_diagnostics::TextRange;
use air_syntax::slice_origin::{self, SliceOrigin};
use air_syntax::views::text::indentation;
use air_syntax::views::{module_ops, ChannelDecl, FuncOp, Op};
use air_syntax::{NodeId, Parse, SyntaxNode};
use std::collections::BTreeSet;

/// What assembly needs from one slice after its passes ran.
pub struct AssemblySlice<'a> {
    pub prefix: &'a str,
    /// The slice's name in its `// slice` comment ([`crate::plan::SlicePlan::shown_name`]).
    pub name: String,
    pub parse: &'a Parse,
    pub kernel: &'a KernelFunc<'a>,
    pub rewrite: &'a Rewrite,
    /// Alias definitions to emit (not shared with an earlier slice).
    pub aliases: Vec<NodeId>,
    pub channels: Vec<Op<'a>>,
    /// Extern declarations to emit.
    pub externs: Vec<NodeId>,
    /// Other module-level ops (globals, other functions, ...).
    pub others: Vec<Op<'a>>,
}

impl<'a> AssemblySlice<'a> {
    /// What assembly takes from a slice whose passes ran: its overlay, the alias definitions
    /// and externs it must emit, and its module-level ops sorted by where they go.
    pub fn of(state: &'a SliceState<'_>) -> AssemblySlice<'a> {
        let (slice, kernel) = (state.slice, &state.kernel);
        let module = module_ops(slice.parse.tree.root());
        // Every private declaration is an extern: the ones to emit are in `found.externs`.
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
            name: state.plan.shown_name(),
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
    }
}

/// Re-indents printed text whose continuation lines are indented by `from`, to `to`; the
/// first line gets `to` too. Only whitespace changes (MLIR tokens never span lines).
pub fn reindent(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    reindent_into(text, from, to, &mut out);
    out
}

/// [`reindent`], appending to `out`.
fn reindent_into(text: &str, from: &str, to: &str, out: &mut String) {
    for (idx, line) in text.split('\n').enumerate() {
        if idx > 0 {
            out.push('\n');
        }
        if line.trim().is_empty() {
            continue;
        }
        if idx == 0 {
            out.push_str(to);
            out.push_str(line);
            continue;
        }
        let stripped = line.strip_prefix(from).unwrap_or_else(|| line.trim_start_matches([' ', '\t']));
        out.push_str(to);
        out.push_str(stripped);
    }
}

fn print_node(printer: &Printer<'_>, node: SyntaxNode<'_>, to: &str, out: &mut String) {
    let (start, end) = token_span(node);
    let mut text = String::new();
    printer.print_range(start, end, &mut text);
    out.push_str(&reindent(&text, &indentation(node), to));
    out.push('\n');
}

/// The merged text, and for each slice the byte range its body ops occupy in it and where its
/// part (its `// slice` comment, then its ops) lies.
pub struct Assembled {
    pub text: String,
    pub bodies: Vec<(u32, u32)>,
    pub origins: Vec<SliceOrigin>,
}

/// Builds the merged module's text.
pub fn assemble(plan: &MergePlan, module_attrs: Option<&str>, slices: &[AssemblySlice<'_>]) -> Assembled {
    let mut bodies = Vec::new();
    let mut origins = Vec::new();
    let inputs: usize = slices.iter().map(|s| s.parse.tree.text().len()).sum();
    let mut out = String::with_capacity(inputs + inputs / 8 + 4096);
    let printers: Vec<Printer<'_>> = slices.iter().map(|s| Printer::new(s.parse, s.rewrite)).collect();
    for (slice, printer) in slices.iter().zip(&printers) {
        for alias in &slice.aliases {
            print_node(printer, slice.parse.tree.node(*alias), "", &mut out);
        }
    }
    match module_attrs {
        Some(attrs) => out.push_str(&format!("module {attrs} {{\n")),
        None => out.push_str("module {\n"),
    }
    for (slice, printer) in slices.iter().zip(&printers) {
        for channel in &slice.channels {
            print_node(printer, channel.node(), "  ", &mut out);
        }
    }
    for (slice, printer) in slices.iter().zip(&printers) {
        for decl in &slice.externs {
            print_node(printer, slice.parse.tree.node(*decl), "  ", &mut out);
        }
    }
    for (slice, printer) in slices.iter().zip(&printers) {
        for op in &slice.others {
            print_node(printer, op.node(), "  ", &mut out);
        }
    }
    out.push_str(&format!("  func.func {}(", crate::plan::naming::symbol_ref(&plan.name)));
    // A named buffer's name and its declared kind go in a comment after its argument (after
    // the comma), where `roles` reads them back (air_syntax::buffer::ArgComment).
    let mut pending: Option<String> = None;
    for (idx, arg) in plan.args.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        if let Some(comment) = pending.take() {
            out.push_str(&format!("  // {comment}"));
        }
        out.push_str("\n    ");
        out.push_str(&format!("%arg{idx}: {}", arg.ty));
        pending = arg.comment();
    }
    if let Some(comment) = pending {
        out.push_str(&format!("  // {comment}"));
    }
    out.push_str(if plan.args.is_empty() { ") {\n" } else { "\n  ) {\n" });
    if let Some(prelude) = &plan.prelude {
        let from = prelude
            .text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
            .min()
            .unwrap_or(0);
        for line in prelude.text.lines().filter(|l| !l.trim().is_empty()) {
            out.push_str("    ");
            out.push_str(line.get(from..).unwrap_or(line.trim_start()));
            out.push('\n');
        }
    }
    for (slice, printer) in slices.iter().zip(&printers) {
        let kernel = crate::plan::naming::symbol_ref(&slice.kernel.func.name());
        let part_start = out.len() as u32;
        out.push_str(&format!("    {}\n", slice_origin::format(slice.prefix, &slice.name, &kernel)));
        let body_start = out.len() as u32;
        let origin = |end: u32| SliceOrigin {
            prefix: slice.prefix.to_string(),
            name: slice.name.to_string(),
            kernel: kernel.clone(),
            range: TextRange::new(part_start, end),
        };
        let (Some(first), Some(last)) = (slice.kernel.ops.first(), slice.kernel.ops.last()) else {
            bodies.push((body_start, body_start));
            origins.push(origin(body_start));
            continue;
        };
        let (start, _) = token_span(first.node());
        let (_, end) = token_span(last.node());
        let from = indentation(first.node());
        if from == "    " {
            // Already at the body's indentation: print straight into the output.
            out.push_str("    ");
            printer.print_range(start, end, &mut out);
        } else {
            let mut text = String::new();
            printer.print_range(start, end, &mut text);
            reindent_into(&text, &from, "    ", &mut out);
        }
        bodies.push((body_start, out.len() as u32));
        origins.push(origin(out.len() as u32));
        out.push('\n');
    }
    out.push_str("    return\n  }\n}\n");
    // A resource section (at most one slice has one; merge checks) goes at the end.
    for (slice, printer) in slices.iter().zip(&printers) {
        if let Some(resources) = slice.parse.tree.root().child(air_syntax::SyntaxKind::FILE_METADATA) {
            print_node(printer, resources, "", &mut out);
        }
    }
    Assembled { text: out, bodies, origins }
}

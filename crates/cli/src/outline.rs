//! The `outline` summary of a kernel module: what a user needs to know before merging it —
//! functions and their arguments, the launch/segment/herd tree with sizes and `args` wiring,
//! channels, externs and `link_with` objects, and the data movements at each memory level.
//! A pure function from a parsed chunk to text.

use air_diagnostics::LineIndex;
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::{
    all_ops, constant_of_use, module_ops, nested_hierarchy, parse_memref_type, ChannelDecl, ChannelIo, DmaMemcpy,
    FuncOp, Hierarchy, HierarchyKind, Op,
};
use air_syntax::{Parse, SyntaxKind, SyntaxNode};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The chunk being outlined, and where it sits in its file.
struct OutlinedChunk<'a> {
    parse: &'a Parse,
    lines: LineIndex,
    /// Offset of this chunk in its file, for line numbers.
    offset: u32,
    file_text: &'a str,
    file_lines: &'a LineIndex,
}

impl OutlinedChunk<'_> {
    fn line(&self, node: SyntaxNode<'_>) -> u32 {
        let _ = &self.lines;
        self.file_lines.line_col(node.text_range().start + self.offset, self.file_text).line
    }

    /// A size operand as a number when it is a constant, else its name.
    fn value(&self, use_node: Option<SyntaxNode<'_>>) -> String {
        let Some(use_node) = use_node else { return "?".to_string() };
        match constant_of_use(&self.parse.tree, &self.parse.scopes, use_node) {
            Some(value) => value.to_string(),
            None => use_node.text().to_string(),
        }
    }
}

fn level(space: i64) -> &'static str {
    match space {
        0 => "L3",
        1 => "L2",
        2 => "L1",
        _ => "L?",
    }
}

/// The memory level of a memref type: L3/L2/L1 for the integer spaces 0/1/2, or the attribute
/// itself for a non-integer space such as `#air.symmetric_heap` (not an NPU level).
fn space_of(ty: Option<SyntaxNode<'_>>) -> String {
    let Some(memref) = ty.and_then(|t| parse_memref_type(t.text())) else {
        return "L?".to_string();
    };
    match memref.memory_space_text {
        Some(text) if text.starts_with('#') => text,
        _ => level(memref.memory_space).to_string(),
    }
}

/// Summarises one parsed chunk. `offset` is the chunk's offset in `file_text`.
pub fn outline(parse: &Parse, offset: u32, file_text: &str, file_lines: &LineIndex) -> String {
    let chunk = OutlinedChunk { parse, lines: LineIndex::new(parse.tree.text()), offset, file_text, file_lines };
    let root = parse.tree.root();
    let mut out = String::new();
    let module = module_ops(root);

    // Aliases.
    let aliases: Vec<&str> =
        root.children_of(SyntaxKind::ALIAS_DEF).filter_map(|a| a.first_token().map(|t| t.text())).collect();
    if !aliases.is_empty() {
        let _ = writeln!(out, "aliases ({}): {}", aliases.len(), aliases.join(", "));
    }

    // Channels with their put/get counts by level.
    let channels: Vec<ChannelDecl<'_>> = module.iter().filter_map(|op| ChannelDecl::cast(*op)).collect();
    let mut io_by_channel: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for io in all_ops(root).filter_map(ChannelIo::cast) {
        let key = format!("{} {}", if io.is_put { "put" } else { "get" }, space_of(io.memref_type()));
        *io_by_channel.entry(io.chan_name()).or_default().entry(key).or_default() += 1;
    }
    if !channels.is_empty() {
        let _ = writeln!(out, "channels ({}):", channels.len());
        for channel in &channels {
            let mut line = format!("  @{} {:?}", channel.name(), channel.sizes());
            if let Some(shape) = channel.broadcast_shape() {
                let _ = write!(line, " broadcast {shape:?}");
            }
            let kind = channel.channel_type();
            if kind != "npu_dma_stream" {
                let _ = write!(line, " {kind}");
            }
            let uses = io_by_channel
                .get(&channel.name())
                .map(|m| m.iter().map(|(k, n)| format!("{k} x{n}")).collect::<Vec<_>>().join(", "));
            let _ = write!(line, "  [{}]", uses.unwrap_or_else(|| "unused".to_string()));
            let _ = writeln!(out, "{line}  (line {})", chunk.line(channel.0.node()));
        }
    }

    // Externs and other module-level ops.
    let funcs: Vec<FuncOp<'_>> = module.iter().filter_map(|op| FuncOp::cast(*op)).collect();
    let externs: Vec<&FuncOp<'_>> = funcs.iter().filter(|f| f.is_declaration()).collect();
    // `@callee` -> the herds with `link_with` that call it (`herd @h link_with "x.o"`).
    let mut herd_links_by_callee: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    for herd in all_ops(root).filter_map(Hierarchy::cast).filter(|h| h.kind == HierarchyKind::Herd) {
        let (Some(object), Some(body)) = (herd.link_with(), herd.body()) else { continue };
        let name = herd.sym_name().map(|n| format!("herd @{n}")).unwrap_or_else(|| "a herd".to_string());
        for call in body.descendants().filter_map(Op::cast).filter(|op| matches!(op.name(), "func.call" | "call")) {
            if let Some(callee) = call.symbol() {
                herd_links_by_callee
                    .entry(callee.text().to_string())
                    .or_default()
                    .insert(format!("{name} with link_with \"{object}\""));
            }
        }
    }
    if !externs.is_empty() {
        let _ = writeln!(out, "externs ({}):", externs.len());
        for func in externs {
            let types: Vec<String> =
                func.args().iter().map(|a| a.ty.map(|t| collapse_whitespace(t.text())).unwrap_or_default()).collect();
            let mut line = format!("  @{}({})", func.name(), types.join(", "));
            let results: Vec<String> = func.results().iter().map(|t| collapse_whitespace(t.text())).collect();
            if !results.is_empty() {
                let _ = write!(line, " -> {}", results.join(", "));
            }
            match func.link_with() {
                Some(object) => {
                    let _ = write!(line, "  link_with \"{object}\"");
                }
                None => {
                    // The object may come from the calling herd's `link_with` instead.
                    let through: Vec<String> = herd_links_by_callee
                        .get(&format!("@{}", func.name()))
                        .map(|herds| herds.iter().cloned().collect())
                        .unwrap_or_default();
                    if through.is_empty() {
                        line.push_str("  (no link_with)");
                    } else {
                        let _ = write!(line, "  (no link_with; called from {})", through.join(", "));
                    }
                }
            }
            let _ = writeln!(out, "{line}  (line {})", chunk.line(func.op().node()));
        }
    }
    let others: Vec<String> = module
        .iter()
        .filter(|op| FuncOp::cast(**op).is_none() && ChannelDecl::cast(**op).is_none())
        .map(|op| match op.symbol() {
            Some(sym) => format!("{} {} (line {})", op.name(), sym.text(), chunk.line(op.node())),
            None => format!("{} (line {})", op.name(), chunk.line(op.node())),
        })
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "other module ops ({}): {}", others.len(), others.join(", "));
    }

    // Functions with bodies.
    for func in funcs.iter().filter(|f| !f.is_declaration()) {
        let args: Vec<String> = func
            .args()
            .iter()
            .map(|a| {
                let name = a.name.map(|t| t.text()).unwrap_or("_");
                format!("{name}: {}", a.ty.map(|t| collapse_whitespace(t.text())).unwrap_or_default())
            })
            .collect();
        let visibility = func.visibility().map(|v| format!("{v} ")).unwrap_or_default();
        let _ = writeln!(out, "func {visibility}@{} (line {})", func.name(), chunk.line(func.op().node()));
        for (idx, arg) in args.iter().enumerate() {
            let _ = writeln!(out, "  arg {idx}: {arg}");
        }
        if let Some(body) = func.body() {
            let tops = nested_hierarchy(body);
            if tops.is_empty() {
                let _ = writeln!(out, "  (no air.launch / air.segment / air.herd)");
            }
            for hierarchy in tops {
                write_hierarchy(&chunk, &mut out, hierarchy, 1);
            }
            write_movements(&mut out, body, 1, "func body");
        }
    }
    if out.is_empty() {
        out.push_str("(empty module)\n");
    }
    out
}

fn write_hierarchy(chunk: &OutlinedChunk<'_>, out: &mut String, h: Hierarchy<'_>, depth: usize) {
    let indent = "  ".repeat(depth);
    let mut header = h.kind.op_name().to_string();
    if let Some(name) = h.sym_name() {
        let _ = write!(header, " @{name}");
    }
    let ids: Vec<&str> = h.ids().iter().map(|n| n.text()).collect();
    let sizes: Vec<String> = h.sizes().iter().map(|s| chunk.value(s.outer)).collect();
    match h.kind {
        HierarchyKind::Herd => {
            let _ = write!(header, " tile ({}) in ({})", ids.join(", "), sizes.join("x"));
        }
        _ if !ids.is_empty() || h.kind == HierarchyKind::Launch => {
            let _ = write!(header, " ({}) in ({})", ids.join(", "), sizes.join("x"));
        }
        _ => {}
    }
    if h.is_async() {
        header.push_str(" async");
    }
    let deps: Vec<&str> = h.deps().iter().map(|d| d.text()).collect();
    if !deps.is_empty() {
        let _ = write!(header, " after [{}]", deps.join(", "));
    }
    if h.body().is_none() {
        // Printed without a region: a named op whose body holds only its terminator.
        header.push_str(" (no body)");
    }
    if let Some(object) = h.link_with() {
        let _ = write!(header, " link_with \"{object}\"");
    }
    let bare = h.kind == HierarchyKind::Herd && depth == 1;
    let _ = writeln!(
        out,
        "{indent}{header}  (line {}){}",
        chunk.line(h.node()),
        if bare { "  [bare: not inside air.launch]" } else { "" }
    );
    for arg in h.kernel_args() {
        let ty = arg.ty.map(|t| collapse_whitespace(t.text())).unwrap_or_else(|| "?".to_string());
        let outer = arg.outer.map(|o| o.text()).unwrap_or("?");
        // A forwarded constant (often a launch size passed down as an index) shows its value.
        let value = arg
            .outer
            .and_then(|o| constant_of_use(&chunk.parse.tree, &chunk.parse.scopes, o))
            .map(|v| format!(" (= {v})"))
            .unwrap_or_default();
        let _ = writeln!(out, "{indent}  arg {} = {outer}{value} : {ty}", arg.inner.text());
    }
    if let Some(body) = h.body() {
        let calls: Vec<String> = {
            let mut callees: Vec<String> = body
                .descendants()
                .filter_map(Op::cast)
                .filter(|op| matches!(op.name(), "func.call" | "call"))
                .filter_map(|op| op.symbol().map(|s| s.text().to_string()))
                .collect();
            callees.sort();
            callees.dedup();
            callees
        };
        if h.kind == HierarchyKind::Herd && !calls.is_empty() {
            let _ = writeln!(out, "{indent}  calls: {}", calls.join(", "));
        }
        write_movements(out, body, depth + 1, "");
        for child in h.children() {
            write_hierarchy(chunk, out, child, depth + 1);
        }
    }
}

/// Counts channel put/get and DMAs directly in `body` (not in nested hierarchy ops), by level.
fn write_movements(out: &mut String, body: SyntaxNode<'_>, depth: usize, label: &str) {
    // The nested hierarchy ops have their own lines: their subtrees are not walked (by range,
    // so the walk stays linear in the body).
    let nested: std::collections::BTreeSet<(u32, u32)> = nested_hierarchy(body)
        .iter()
        .map(|h| {
            let r = h.node().text_range();
            (r.start, r.end)
        })
        .collect();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut stack: Vec<SyntaxNode<'_>> = body.children().collect();
    stack.reverse();
    while let Some(node) = stack.pop() {
        let r = node.text_range();
        if nested.contains(&(r.start, r.end)) {
            continue;
        }
        let before = stack.len();
        stack.extend(node.children());
        stack[before..].reverse();
        let Some(op) = Op::cast(node) else { continue };
        if let Some(io) = ChannelIo::cast(op) {
            let key = format!("channel.{} {}", if io.is_put { "put" } else { "get" }, space_of(io.memref_type()));
            *counts.entry(key).or_default() += 1;
        } else if let Some(dma) = DmaMemcpy::cast(op) {
            let key = format!("dma_memcpy_nd {}<-{}", space_of(dma.dst_type()), space_of(dma.src_type()));
            *counts.entry(key).or_default() += 1;
        }
    }
    if counts.is_empty() {
        return;
    }
    let indent = "  ".repeat(depth);
    let list: Vec<String> = counts.iter().map(|(k, n)| format!("{k} x{n}")).collect();
    let prefix = if label.is_empty() { String::new() } else { format!("{label} ") };
    let _ = writeln!(out, "{indent}{prefix}data movement: {}", list.join(", "));
}

//! Channels: every `air.channel.put/get` names an `air.channel` declared in the module, with
//! either no bundle indices (the whole bundle, as the corpus writes `@chan[]` for `[1, 1]`
//! channels) or one `index` value per dimension of the channel's size; a channel declared
//! with `[]` is a single channel and takes no index or one.
//!
//! AIR's own verifiers (ChannelPutOp/ChannelGetOp::verify in AIRDialect.cpp) check neither:
//! `resolveChannelDecl` failing "silently passes", and the index count is never compared. The
//! lowering to AIE needs the declaration, so a missing one is an error here; more indices
//! than dimensions occur in AIR's own tests (broadcast and packet channels), so that is only a
//! warning.

use super::hierarchy::plural;
use super::Cx;
use crate::codes;
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::{attr_int_array, attr_string, symbol_name, ChannelDecl, ChannelIo, IndexEntry, Op};
use air_syntax::SyntaxKind;
use std::collections::BTreeMap;

/// A declaration: its size list and where it is.
struct Declared {
    sizes: Vec<i64>,
    at: TextRange,
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    let _tree = &cx.input.parse.tree;
    let ops: Vec<Op<'_>> = cx.ops.iter().map(|(op, _)| *op).collect();
    let mut declared: BTreeMap<String, Declared> = BTreeMap::new();
    for op in &ops {
        if op.name() != air_ops::CHANNEL {
            continue;
        }
        if let Some(decl) = ChannelDecl::cast(*op) {
            let at = decl.sym_token().map(|t| t.text_range()).unwrap_or_else(|| op.node().text_range());
            declared.entry(decl.name()).or_insert(Declared { sizes: decl.sizes(), at });
        } else if let Some(name) = op.attr(air_attrs::SYM_NAME).and_then(attr_string) {
            // Generic form: `"air.channel"() <{size = [..], sym_name = ".."}>`.
            let sizes = op.attr("size").and_then(attr_int_array).unwrap_or_default();
            declared.entry(name).or_insert(Declared { sizes, at: op.node().text_range() });
        }
    }
    // Undeclared channels: reported once each, at the first use.
    let mut undeclared: BTreeMap<String, (TextRange, &'static str, usize)> = BTreeMap::new();
    for op in &ops {
        let Some(io) = ChannelIo::cast(*op) else { continue };
        let Some(token) = io.chan_token() else { continue };
        let name = symbol_name(token.text());
        let Some(decl) = declared.get(&name) else {
            let what = if io.is_put { air_ops::CHANNEL_PUT } else { air_ops::CHANNEL_GET };
            undeclared.entry(name).and_modify(|u| u.2 += 1).or_insert((token.text_range(), what, 1));
            continue;
        };
        let indices = io.indices();
        let index_at =
            op.node().child(SyntaxKind::CHANNEL_INDICES).map(|n| n.text_range()).unwrap_or(token.text_range());
        for entry in &indices {
            if let IndexEntry::Const(value) = entry {
                cx.diagnostics.push(
                    cx.error(
                        codes::AIR_SYNTAX,
                        format!("channel index `{value}` of `{}` must be an `index` value, not a constant", op.name()),
                        index_at,
                        "constant index",
                    )
                    .with_help(
                        "bundle indices are operands: define `%c = arith.constant N : index` and write `@chan[%c]`",
                    ),
                );
            }
        }
        let rank = decl.sizes.len();
        let count = indices.len();
        let fits = count == 0 || count == rank || (rank == 0 && count == 1);
        if fits {
            continue;
        }
        let dims: Vec<String> = decl.sizes.iter().map(|s| s.to_string()).collect();
        let message = format!(
            "`@{name}` has {rank} dimension{} `[{}]` but `{}` gives {count} index{}",
            plural(rank),
            dims.join(", "),
            op.name(),
            if count == 1 { "" } else { "es" }
        );
        let label = format!("{count} index{}", if count == 1 { "" } else { "es" });
        // Fewer indices than dimensions name no channel of the bundle. More is what AIR's
        // own tests write for broadcast and packet channels (`@k [1]` put at `[%tx, %ty]`),
        // and AIR's verifier does not check the count: a warning.
        let diagnostic = if count > rank {
            Diagnostic::warning(codes::CHANNEL_INDEX_COUNT, message).with_primary(
                cx.input.file,
                index_at.shift(cx.input.offset),
                label,
            )
        } else {
            cx.error(codes::CHANNEL_INDEX_COUNT, message, index_at, label)
        };
        let diagnostic =
            cx.secondary(diagnostic, decl.at, format!("declared with {rank} dimension{} here", plural(rank)));
        cx.diagnostics.push(diagnostic.with_help(format!(
            "give one index per dimension (`@{name}[{}]`), or none for the whole bundle",
            (0..rank).map(|i| format!("%i{i}")).collect::<Vec<_>>().join(", ")
        )));
    }
    for (name, (at, what, uses)) in undeclared {
        let mut diagnostic = cx
            .error(
                codes::UNDECLARED_CHANNEL,
                format!("`{what}` uses channel `@{name}`, which no `air.channel` declares"),
                at,
                "undeclared channel",
            )
            .with_help(format!("declare it at module level, e.g. `air.channel @{name} [1, 1]`"));
        if uses > 1 {
            diagnostic = diagnostic.with_note(format!("`@{name}` is used {uses} times in this chunk"));
        }
        cx.diagnostics.push(diagnostic);
    }
}

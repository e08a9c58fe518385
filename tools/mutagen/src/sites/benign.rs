//! Benign edits AIR accepts: consistent SSA renames, a discardable attribute, swapping
//! independent ops, a constant changed in range, `async` and a token added, a duplicated
//! dependency, comments and line breaks. Also the `lax-*` edits: things AIR's verifier does
//! not check (so it accepts them), kept to pin down where air-stitch is stricter.

use super::{add_attr, async_keyword, dep_list, deps, Cx, Site, ASYNC_DEP_OPS};
use air_syntax::air_ops;
use air_syntax::views::{region_ops, ChannelIo, Hierarchy, Op};
use air_syntax::SyntaxKind::*;
use air_syntax::SyntaxNode;

/// AIR ops (custom form) that take an attribute dictionary.
const ATTR_OPS: &[&str] = &[
    air_ops::LAUNCH,
    air_ops::SEGMENT,
    air_ops::HERD,
    air_ops::RANK,
    air_ops::WAIT_ALL,
    air_ops::DMA_MEMCPY_ND,
    air_ops::CHANNEL_PUT,
    air_ops::CHANNEL_GET,
    air_ops::CHANNEL,
    air_ops::EXECUTE,
];

/// A value renamed at its definition and every use.
pub fn rename_ssa(cx: &Cx<'_>) -> Vec<Site> {
    cx.parse
        .scopes
        .defs
        .iter()
        .filter(|def| def.count == 1)
        .filter_map(|def| {
            let node = cx.tree().node(def.node);
            let uses = cx.uses_of(node);
            if uses.is_empty() || !in_air_op(node) {
                return None;
            }
            let mut edits = cx.edits().replace_token(cx.tree().token(def.token), "%mutagen_renamed");
            for use_node in uses {
                edits = edits.replace_token(use_node.first_token()?, "%mutagen_renamed");
            }
            Site::at(node, edits)
        })
        .collect()
}

/// `node` belongs to an `air.*` op (its results or the values it binds).
fn in_air_op(node: SyntaxNode<'_>) -> bool {
    node.ancestors().find_map(Op::cast).is_some_and(|op| op.name().starts_with("air."))
}

/// A discardable attribute (dialect-prefixed, so no op verifies it) on an AIR op.
pub fn discardable_attr(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(ATTR_OPS)
        .filter_map(|op| Site::at(op.node(), add_attr(cx.edits(), op, "mutagen.tag = 1 : i64")?))
        .collect()
}

/// Two adjacent ops, one of them an AIR op, swapped when neither uses the other's results
/// and the second is not its block's last op (so never a terminator).
pub fn reorder_ops(cx: &Cx<'_>) -> Vec<Site> {
    let mut sites = Vec::new();
    for block in cx.tree().nodes().filter(|n| n.kind() == BLOCK) {
        let ops: Vec<Op<'_>> = block.children_of(OPERATION).map(Op).collect();
        for pair in ops.windows(3) {
            let (a, b) = (pair[0], pair[1]);
            let air = a.name().starts_with("air.") || b.name().starts_with("air.");
            if !air || depends(cx, b, a) || depends(cx, a, b) {
                continue;
            }
            let edits = cx.edits().replace_node(a.node(), b.node().text()).replace_node(b.node(), a.node().text());
            sites.extend(Site::at(a.node(), edits));
        }
    }
    sites
}

/// Some value used anywhere in `user` is a result of `producer`.
fn depends(cx: &Cx<'_>, user: Op<'_>, producer: Op<'_>) -> bool {
    let results: Vec<SyntaxNode<'_>> = producer.result_nodes().collect();
    user.node()
        .descendants()
        .filter(|n| n.kind() == VALUE_USE)
        .any(|u| cx.def_of(u).is_some_and(|def| results.contains(&def)))
}

/// An `index` constant between 1 and 2^20 used by an AIR op, made one larger.
pub fn constant_change(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&["arith.constant"])
        .filter_map(|op| {
            let tokens: Vec<_> = op.node().direct_tokens().filter(|t| !t.kind().is_trivia()).collect();
            let [int, colon, ty] = tokens.get(0..3)? else { return None };
            if int.kind() != INT || colon.kind() != COLON || ty.text() != "index" {
                return None;
            }
            let value: i64 = int.text().parse().ok().filter(|v| (1..1 << 20).contains(v))?;
            let result = op.result_nodes().next()?;
            let used_by_air = cx.uses_of(result).into_iter().any(in_air_op);
            used_by_air.then_some(())?;
            Site::at(op.node(), cx.edits().replace_token(*int, (value + 1).to_string()))
        })
        .collect()
}

/// A synchronous AIR op made asynchronous, its token unused.
pub fn add_async(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(ASYNC_DEP_OPS)
        .filter(|op| async_keyword(*op).is_none() && op.node().child(RESULT_LIST).is_none())
        .filter_map(|op| {
            let name = op.name_node()?;
            let edits = cx.edits().insert_before(name.first_token()?, "%mutagen_token = ");
            // `async` goes where `custom<AsyncDependencies>` reads it: after the symbol of a
            // hierarchy op or air.custom, after the op name otherwise, before `[deps]`.
            let edits = match (
                dep_list(op),
                op.symbol().filter(|_| Hierarchy::cast(op).is_some() || op.name() == air_ops::CUSTOM),
            ) {
                (Some(list), _) => edits.insert_before(list.first_token()?, "async "),
                (None, Some(symbol)) => edits.insert_after(symbol, " async"),
                (None, None) => edits.insert_after(name.significant_tokens().last()?, " async"),
            };
            Site::at(op.node(), edits)
        })
        .collect()
}

/// The first dependency listed again at the end of the list.
pub fn duplicate_dep(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter(|op| !op.is_generic() && (ASYNC_DEP_OPS.contains(&op.name()) || op.name() == air_ops::EXECUTE))
        .filter_map(|op| {
            let first = *deps(op).first()?;
            let last = *deps(op).last()?;
            let token = last.significant_tokens().last()?;
            Site::at(first, cx.edits().insert_after(token, format!(", {}", first.text())))
        })
        .collect()
}

/// A comment line before an AIR op, or a line break after a comma inside one.
pub fn comment_whitespace(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter(|op| op.name().starts_with("air.") && !air_ops::is_named_terminator(op.name()))
        .enumerate()
        .filter_map(|(idx, op)| {
            let comma = op.node().significant_tokens().find(|t| t.kind() == COMMA);
            let edits = match comma.filter(|_| cx.variant(idx, 2) == 1) {
                Some(comma) => {
                    cx.edits().insert_after(comma, format!("\n{}    ", crate::edit::column_indentation(op.node())))
                }
                None => cx.edits().line_before(op.node(), "// mutagen: a comment, then an empty line\n"),
            };
            Site::at(op.node(), edits)
        })
        .collect()
}

/// Lax, AIRDialect.cpp:1937-1944 (and 801-808, 1222-1229, 1528-1535): the parsers read
/// every type after `args(...) :` but use only one per argument, so one more is accepted.
pub fn lax_args_extra_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(super::HIERARCHY_OPS)
        .filter_map(Hierarchy::cast)
        .filter_map(|h| {
            let last = *h.arg_types().last()?;
            Site::at(last, cx.edits().insert_after(last.significant_tokens().last()?, ", index"))
        })
        .collect()
}

/// Lax, AIR.td:1184-1198: `air.execute_terminator` has no verifier matching its operands to
/// the execute's results, so yielding nothing is accepted.
pub fn lax_execute_yield(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::EXECUTE])
        .filter_map(|op| {
            let last = *region_ops(op.first_region()?).last()?;
            let name = last.name_node()?;
            let (_, name_end) = name.token_range();
            let (_, end) = last.node().token_range();
            let yields = last.name() == air_ops::EXECUTE_TERMINATOR && last.node().child(VALUE_USE).is_some();
            yields.then_some(())?;
            Site::at(last.node(), cx.edits().delete_tokens(name_end, end))
        })
        .collect()
}

/// Lax, AIR.td:767/963: nothing checks the number of channel indices against the bundle's
/// rank, so dropping one is accepted.
pub fn lax_index_count(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let indices = io.op.node().child(CHANNEL_INDICES)?;
            indices.children_of(VALUE_USE).next()?;
            Site::at(indices, super::drop_last_entry(cx.edits(), indices)?)
        })
        .collect()
}

/// Lax, AIRDialect.cpp:3600-3603: a put or get of a channel nobody declares (the lookup
/// failure passes silently). air-stitch rejects it on purpose (AS0508).
pub fn lax_undeclared_channel(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter_map(ChannelIo::cast)
        .filter_map(|io| {
            let chan = io.chan_token()?;
            Site::at_token(io.op.node(), chan, cx.edits().replace_token(chan, "@mutagen_undeclared"))
        })
        .collect()
}

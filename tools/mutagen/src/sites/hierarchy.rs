//! Rules of the hierarchy ops' bodies: IsolatedFromAbove, single block, terminators and
//! their parents, air.rank nesting, and herd attributes.

use super::{region_owners, set_attr, Cx, Site, HIERARCHY_OPS};
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::{region_ops, Hierarchy, HierarchyKind, Op};
use air_syntax::SyntaxNode;

/// The custom-form hierarchy ops named `names` with at least one op in their body.
pub fn with_body<'s>(cx: &'s Cx<'_>, names: &'s [&str]) -> impl Iterator<Item = (Hierarchy<'s>, Vec<Op<'s>>)> + 's {
    cx.ops_named(names).filter_map(Hierarchy::cast).filter_map(|h| {
        let ops = region_ops(h.body()?);
        (!ops.is_empty()).then_some((h, ops))
    })
}

/// AIR.td:38/144/234/355 `IsolatedFromAbove`: a use of an `args` block argument inside the
/// body replaced by the operand it is bound to (same value type, but defined outside).
pub fn isolated_from_above(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(HIERARCHY_OPS)
        .filter_map(Hierarchy::cast)
        .filter_map(|h| {
            let body = h.body()?;
            h.kernel_args().into_iter().find_map(|arg| {
                let outer = arg.outer?;
                let outer_name = outer.first_token()?.text();
                // The outer name must still mean the outer value inside the body.
                if defines_name(cx, body, outer_name) {
                    return None;
                }
                let use_node = cx
                    .uses_of(arg.inner)
                    .into_iter()
                    .find(|u| cx.isolating(*u).map(|op| op.node()) == Some(h.node()))?;
                Site::at(use_node, cx.edits().replace_node(use_node, outer.text()))
            })
        })
        .collect()
}

/// Some definition inside `region` is named `name`.
fn defines_name(cx: &Cx<'_>, region: SyntaxNode<'_>, name: &str) -> bool {
    cx.parse.scopes.defs.iter().any(|def| {
        let node = cx.tree().node(def.node);
        region.is_ancestor_of(node) && cx.tree().token(def.token).text() == name
    })
}

/// The terminator of a different hierarchy op, for [`terminator_parent`].
fn foreign_terminator(kind: HierarchyKind) -> &'static str {
    match kind {
        HierarchyKind::Herd | HierarchyKind::Launch => air_ops::SEGMENT_TERMINATOR,
        HierarchyKind::Segment => air_ops::HERD_TERMINATOR,
        HierarchyKind::Rank => air_ops::EXECUTE_TERMINATOR,
    }
}

/// AIR.td:128/218/340/450/1184 `HasParent<...>` of the terminators: a body that ends with
/// the terminator of another op.
pub fn terminator_parent(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, HIERARCHY_OPS)
        .filter_map(|(h, ops)| {
            let last = *ops.last()?;
            let wrong = foreign_terminator(h.kind);
            let edits = if air_ops::is_named_terminator(last.name()) {
                cx.edits().replace_node(last.node(), wrong)
            } else {
                cx.edits().line_after(last.node(), wrong)
            };
            Site::at(last.node(), edits)
        })
        .collect()
}

/// AIR.td:130/220/341/451 `Terminator`: the body's own terminator written first.
pub fn terminator_last(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, HIERARCHY_OPS)
        .filter(|(_, ops)| !air_ops::is_named_terminator(ops[0].name()))
        .filter_map(|(h, ops)| Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), h.kind.terminator())))
        .collect()
}

/// AIR.td:41/147/237/358 `SingleBlockImplicitTerminator`: a second block in the body.
pub fn single_block(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, HIERARCHY_OPS)
        .filter_map(|(_, ops)| {
            let last = ops.last()?.node();
            Site::at(last, cx.edits().line_after(last, "^mutagen_bb:"))
        })
        .collect()
}

const RANK_LINES: &str =
    "%mutagen_c1 = arith.constant 1 : index\nair.rank (%mutagen_rx) in (%mutagen_rs=%mutagen_c1) {\n}";

/// AIRDialect.cpp:1334-1341 `RankOp::verify`: an `air.rank` inside a segment, herd or rank.
pub fn rank_nesting(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::SEGMENT, air_ops::HERD, air_ops::RANK])
        .filter_map(|(_, ops)| Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), RANK_LINES)))
        .collect()
}

/// Benign, AIRDialect.cpp:1335: an `air.rank` may sit in an `air.launch` (one that is not
/// itself in a rank).
pub fn rank_in_launch(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::LAUNCH])
        .filter(|(h, _)| !inside_rank(h.node()))
        .filter_map(|(_, ops)| Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), RANK_LINES)))
        .collect()
}

/// Lax, AIR.td:360 `OptionalAttr<StrAttr>:$link_with`: an integer `link_with`, which the
/// herd's custom parser (AIRDialect.cpp:1946) drops without a word.
pub fn link_with_kind(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::HERD])
        .filter_map(|op| Site::at(op.node(), set_attr(cx.edits(), op, air_attrs::LINK_WITH, "1 : i64")?))
        .collect()
}

/// The region owners of `node` include a custom-form `air.rank`.
pub fn inside_rank(node: SyntaxNode<'_>) -> bool {
    region_owners(node).any(|op| op.name() == air_ops::RANK)
}

//! Rules of the hierarchy ops' bodies: IsolatedFromAbove, single block, terminators and
//! their parents, air.rank nesting, memory spaces of allocations and of direct accesses in
//! herds and segments, and herd attributes.

use super::{integer_space, region_owners, set_attr, Ctx, Site, HIERARCHY_OPS};
use air_syntax::views::{parse_memref_type, region_ops, Hierarchy, HierarchyKind, MemRefType, Op};
use air_syntax::SyntaxNode;

/// The custom-form hierarchy ops named `names` with at least one op in their body.
fn with_body<'s>(ctx: &'s Ctx<'_>, names: &'s [&str]) -> impl Iterator<Item = (Hierarchy<'s>, Vec<Op<'s>>)> + 's {
    ctx.ops_named(names).filter_map(Hierarchy::cast).filter_map(|h| {
        let ops = region_ops(h.body()?);
        (!ops.is_empty()).then_some((h, ops))
    })
}

fn is_terminator(op: Op<'_>) -> bool {
    op.name().ends_with("_terminator")
}

/// AIR.td:38/144/234/355 `IsolatedFromAbove`: a use of an `args` block argument inside the
/// body replaced by the operand it is bound to (same value type, but defined outside).
pub fn isolated_from_above(ctx: &Ctx<'_>) -> Vec<Site> {
    ctx.ops_named(HIERARCHY_OPS)
        .filter_map(Hierarchy::cast)
        .filter_map(|h| {
            let body = h.body()?;
            h.kernel_args().into_iter().find_map(|arg| {
                let outer = arg.outer?;
                let outer_name = outer.first_token()?.text();
                // The outer name must still mean the outer value inside the body.
                if defines_name(ctx, body, outer_name) {
                    return None;
                }
                let use_node = ctx
                    .uses_of(arg.inner)
                    .into_iter()
                    .find(|u| ctx.isolating(*u).map(|op| op.node()) == Some(h.node()))?;
                Site::at(use_node, ctx.edits().replace_node(use_node, outer.text()))
            })
        })
        .collect()
}

/// Some definition inside `region` is named `name`.
fn defines_name(ctx: &Ctx<'_>, region: SyntaxNode<'_>, name: &str) -> bool {
    ctx.parse.scopes.defs.iter().any(|def| {
        let node = ctx.tree().node(def.node);
        region.is_ancestor_of(node) && ctx.tree().token(def.token).text() == name
    })
}

/// The terminator of a different hierarchy op, for [`terminator_parent`].
fn foreign_terminator(kind: HierarchyKind) -> &'static str {
    match kind {
        HierarchyKind::Herd | HierarchyKind::Launch => "air.segment_terminator",
        HierarchyKind::Segment | HierarchyKind::Rank => "air.herd_terminator",
    }
}

/// AIR.td:128/218/340/450 `HasParent<...>` of the terminators: a body that ends with the
/// terminator of another hierarchy op.
pub fn terminator_parent(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, HIERARCHY_OPS)
        .filter_map(|(h, ops)| {
            let last = *ops.last()?;
            let wrong = foreign_terminator(h.kind);
            let edits = if is_terminator(last) {
                ctx.edits().replace_node(last.node(), wrong)
            } else {
                ctx.edits().line_after(last.node(), wrong)
            };
            Site::at(last.node(), edits)
        })
        .collect()
}

/// AIR.td:130/220/341/451 `Terminator`: the body's own terminator written first.
pub fn terminator_last(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, HIERARCHY_OPS)
        .filter(|(_, ops)| !is_terminator(ops[0]))
        .filter_map(|(h, ops)| Site::at(ops[0].node(), ctx.edits().line_before(ops[0].node(), h.kind.terminator())))
        .collect()
}

/// AIR.td:41/147/237/358 `SingleBlockImplicitTerminator`: a second block in the body.
pub fn single_block(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, HIERARCHY_OPS)
        .filter_map(|(_, ops)| {
            let last = ops.last()?.node();
            Site::at(last, ctx.edits().line_after(last, "^mutagen_bb:"))
        })
        .collect()
}

const RANK_LINES: &str =
    "%mutagen_c1 = arith.constant 1 : index\nair.rank (%mutagen_rx) in (%mutagen_rs=%mutagen_c1) {\n}";

/// AIRDialect.cpp:1334-1341 `RankOp::verify`: an `air.rank` inside a segment, herd or rank.
pub fn rank_nesting(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.segment", "air.herd", "air.rank"])
        .filter_map(|(_, ops)| Site::at(ops[0].node(), ctx.edits().line_before(ops[0].node(), RANK_LINES)))
        .collect()
}

/// Benign, AIRDialect.cpp:1335: an `air.rank` may sit in an `air.launch` (one that is not
/// itself in a rank).
pub fn rank_in_launch(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.launch"])
        .filter(|(h, _)| !inside_rank(h.node()))
        .filter_map(|(_, ops)| Site::at(ops[0].node(), ctx.edits().line_before(ops[0].node(), RANK_LINES)))
        .collect()
}

/// The memref types of the `memref.alloc`s directly in a body (no nested hierarchy).
fn body_allocs(ctx: &Ctx<'_>, h: Hierarchy<'_>) -> Vec<MemRefType> {
    let Some(body) = h.body() else { return Vec::new() };
    body.descendants()
        .filter_map(Op::cast)
        .filter(|op| {
            op.name() == "memref.alloc" && ctx.enclosing(op.node(), HIERARCHY_OPS).map(|o| o.node()) == Some(h.node())
        })
        .filter_map(|op| parse_memref_type(op.trailing_types().last()?.text()))
        .collect()
}

/// `memref<shape x element[, space]>` for a copy of `ty` in another memory space.
fn retyped(ty: &MemRefType, space: &str) -> Option<String> {
    if ty.unranked || ty.layout.is_some() || ty.shape.iter().any(Option::is_none) {
        return None;
    }
    let dims: String = ty.shape.iter().flatten().map(|d| format!("{d}x")).collect();
    Some(format!("memref<{dims}{}{space}>", ty.element))
}

/// An alloc in `h`'s body of a buffer shaped like one already there (or a small one), in
/// memory space `space` (`""` for L3).
fn insert_alloc(ctx: &Ctx<'_>, h: Hierarchy<'_>, first: Op<'_>, level: i64, space: &str) -> Option<Site> {
    let shaped = body_allocs(ctx, h).into_iter().find(|ty| integer_space(ty) == Some(level));
    let ty = shaped.and_then(|ty| retyped(&ty, space)).unwrap_or_else(|| format!("memref<8xi32{space}>"));
    let line = format!("%mutagen_alloc = memref.alloc() : {ty}");
    Site::at(first.node(), ctx.edits().line_before(first.node(), &line))
}

/// AIRDialect.cpp:1660 via `SegmentOp::verify` (1753): an L3 alloc inside a segment (a copy
/// of one of its L2 buffers in L3).
pub fn segment_alloc_space(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.segment"]).filter_map(|(h, ops)| insert_alloc(ctx, h, ops[0], 1, "")).collect()
}

/// AIRDialect.cpp:1660 via `HerdOp::verify` (2056): an L2 alloc inside a herd (a copy of one
/// of its L1 buffers in L2).
pub fn herd_alloc_space(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.herd"]).filter_map(|(h, ops)| insert_alloc(ctx, h, ops[0], 2, ", 1 : i32")).collect()
}

/// Benign, AIRDialect.cpp:1652-1655: `#air.symmetric_heap` allocations are exempt from the
/// per-level rule, in herds and segments alike.
pub fn symmetric_heap_alloc(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.herd", "air.segment"])
        .filter_map(|(_, ops)| {
            let line = "%mutagen_alloc = memref.alloc() : memref<8xi32, #air.symmetric_heap>";
            Site::at(ops[0].node(), ctx.edits().line_before(ops[0].node(), line))
        })
        .collect()
}

/// AIRDialect.cpp:1738 `verifyComputeMemoryAccess`: a `memref.load` in a herd from a
/// kernel argument that lives in L2 or L3.
pub fn herd_direct_access(ctx: &Ctx<'_>) -> Vec<Site> {
    with_body(ctx, &["air.herd"])
        .filter_map(|(h, ops)| {
            let id = h.ids().first()?.first_token()?.text().to_string();
            h.kernel_args().into_iter().find_map(|arg| {
                let ty_node = arg.ty?;
                let ty = parse_memref_type(ty_node.text())?;
                if ty.unranked || integer_space(&ty)? >= 2 {
                    return None;
                }
                let inner = arg.inner.first_token()?.text();
                let indices = vec![id.as_str(); ty.shape.len()].join(", ");
                let line = format!("%mutagen_v = memref.load {inner}[{indices}] : {}", ty_node.text());
                Site::at(ops[0].node(), ctx.edits().line_before(ops[0].node(), &line))
            })
        })
        .collect()
}

/// Lax, AIR.td:360 `OptionalAttr<StrAttr>:$link_with`: an integer `link_with`, which the
/// herd's custom parser (AIRDialect.cpp:1946) drops without a word.
pub fn link_with_kind(ctx: &Ctx<'_>) -> Vec<Site> {
    ctx.ops_named(&["air.herd"])
        .filter_map(|op| Site::at(op.node(), set_attr(ctx.edits(), op, "link_with", "1 : i64")?))
        .collect()
}

/// The region owners of `node` include a custom-form `air.rank`.
pub fn inside_rank(node: SyntaxNode<'_>) -> bool {
    region_owners(node).any(|op| op.name() == "air.rank")
}

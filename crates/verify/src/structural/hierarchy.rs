//! The hierarchy ops (launch, segment, herd, rank): bodies isolated from above, `args`
//! arity and types, as many sizes as ids, and where `air.rank` may nest.

use super::Cx;
use crate::codes;
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::air_ops;
use air_syntax::views::{types_equal, Hierarchy, HierarchyKind, Op};
use air_syntax::{NodeId, SyntaxKind};
use std::collections::BTreeMap;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    isolation(cx);
    for &(op, name) in cx.ops {
        if HierarchyKind::from_name(name).is_none() {
            continue;
        }
        let Some(hierarchy) = Hierarchy::cast(op) else { continue };
        ids_and_sizes(cx, hierarchy);
        args(cx, hierarchy);
        if hierarchy.kind == HierarchyKind::Rank {
            rank_nesting(cx, hierarchy);
        }
    }
}

/// One outer value used in one body: reported once, at its first use.
struct Escape {
    first_use: TextRange,
    uses: usize,
    name: String,
    def: TextRange,
    op_name: &'static str,
    op_at: TextRange,
}

/// A launch/segment/herd/rank body may use only its own block arguments and values defined
/// inside it (`IsolatedFromAbove` in AIR.td). One walk in document order with a stack of the
/// open hierarchy bodies; a use is checked against the innermost one only.
fn isolation(cx: &mut Cx<'_, '_>) {
    let parse = cx.input.parse;
    let tree = &parse.tree;
    // (region id, region's last node id, op name, op name range)
    let mut open: Vec<(u32, u32, &'static str, TextRange)> = Vec::new();
    let mut escapes: BTreeMap<(u32, NodeId), Escape> = BTreeMap::new();
    for node in tree.nodes() {
        let id = node.id().0;
        while open.last().is_some_and(|(_, end, _, _)| *end < id) {
            open.pop();
        }
        match node.kind() {
            SyntaxKind::REGION => {
                let Some(op) = node.parent().and_then(Op::cast) else { continue };
                let Some(hierarchy) = Hierarchy::cast(op) else { continue };
                if hierarchy.body() == Some(node) {
                    let at = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
                    open.push((id, node.subtree_end().0, hierarchy.kind.op_name(), at));
                }
            }
            SyntaxKind::VALUE_USE => {
                let Some(&(region, end, op_name, op_at)) = open.last() else { continue };
                let Some(def) = parse.scopes.def_of_use(node.id()) else { continue };
                if (region..=end).contains(&def.scope.0) {
                    continue;
                }
                let token = tree.token(def.token);
                escapes.entry((region, def.node)).and_modify(|e| e.uses += 1).or_insert(Escape {
                    first_use: node.text_range(),
                    uses: 1,
                    name: token.text().to_string(),
                    def: token.text_range(),
                    op_name,
                    op_at,
                });
            }
            _ => {}
        }
    }
    let mut escapes: Vec<Escape> = escapes.into_values().collect();
    escapes.sort_by_key(|e| e.first_use.start);
    for escape in escapes {
        let short = escape.op_name.trim_start_matches("air.");
        let mut diagnostic = cx.error(
            codes::OUTER_VALUE_IN_BODY,
            format!(
                "`{}` is defined outside this `{}`, whose body may only use its own arguments",
                escape.name, escape.op_name
            ),
            escape.first_use,
            format!("used inside the {short} body"),
        );
        diagnostic = cx.secondary(diagnostic, escape.def, format!("defined here, outside the {short}"));
        diagnostic = cx.secondary(diagnostic, escape.op_at, format!("`{}` is isolated from above", escape.op_name));
        if escape.uses > 1 {
            diagnostic = diagnostic.with_note(format!("used {} times in this body", escape.uses));
        }
        diagnostic = diagnostic.with_help(format!(
            "pass it in through `args(%{}_in={}) : <type>` and use `%{}_in` inside",
            escape.name.trim_start_matches('%'),
            escape.name,
            escape.name.trim_start_matches('%')
        ));
        cx.diagnostics.push(diagnostic);
    }
}

fn ids_and_sizes(cx: &mut Cx<'_, '_>, hierarchy: Hierarchy<'_>) {
    let Some(id_list) = hierarchy.node().child(SyntaxKind::ID_LIST) else { return };
    let Some(size_list) = hierarchy.node().child(SyntaxKind::SIZE_LIST) else { return };
    let ids = id_list.children_of(SyntaxKind::ARG_DEF).count();
    let sizes = size_list.children_of(SyntaxKind::ASSIGN).count();
    if ids == sizes {
        return;
    }
    let name = hierarchy.kind.op_name();
    let diagnostic = cx.error(
        codes::IDS_SIZES_COUNT,
        format!("`{name}` has {ids} id{} but {sizes} size{}", plural(ids), plural(sizes)),
        size_list.text_range(),
        format!("{sizes} size{} here", plural(sizes)),
    );
    let diagnostic = cx.secondary(diagnostic, id_list.text_range(), format!("{ids} id{} here", plural(ids)));
    cx.diagnostics.push(diagnostic.with_help("write one `%size=%value` per id: `(%x, %y) in (%sx=%c2, %sy=%c4)`"));
}

/// `args(%inner=%outer, ...) : T, ...`: one type per pair, each equal to the type of the
/// operand it binds (AIR's parser resolves the operand with the written type).
fn args(cx: &mut Cx<'_, '_>, hierarchy: Hierarchy<'_>) {
    let Some(clause) = hierarchy.args_clause() else { return };
    let name = hierarchy.kind.op_name();
    let pairs = clause.child(SyntaxKind::ASSIGN_LIST).map(|l| l.children_of(SyntaxKind::ASSIGN).count()).unwrap_or(0);
    let types = hierarchy.arg_types().len();
    if pairs != types {
        let at = clause.child(SyntaxKind::TYPE_LIST).map(|l| l.text_range()).unwrap_or_else(|| clause.text_range());
        let message =
            format!("`args` of `{name}` binds {pairs} value{} but lists {types} type{}", plural(pairs), plural(types));
        // AIR's parser reads every listed type and uses the first `pairs` of them: extra
        // types are ignored (two upstream tests have one), missing ones are out of bounds.
        let diagnostic = if types > pairs {
            Diagnostic::warning(codes::ARGS_ARITY, message)
                .with_primary(cx.input.file, at.shift(cx.input.offset), format!("{types} types"))
                .with_note(format!("AIR's parser ignores the {} extra type{}", types - pairs, plural(types - pairs)))
        } else {
            cx.error(codes::ARGS_ARITY, message, at, format!("{types} type{}", plural(types)))
        };
        let diagnostic = clause
            .child(SyntaxKind::ASSIGN_LIST)
            .map(|l| cx.secondary(diagnostic.clone(), l.text_range(), format!("{pairs} value{}", plural(pairs))))
            .unwrap_or(diagnostic);
        cx.diagnostics.push(
            diagnostic
                .with_help("give one type per `%inner=%outer` pair, in the same order: `args(%a=%x, %b=%y) : T1, T2`"),
        );
        return;
    }
    let _parse = cx.input.parse;
    for arg in hierarchy.kernel_args() {
        let (Some(outer), Some(declared)) = (arg.outer, arg.ty) else { continue };
        let Some(actual) = cx.type_of(outer) else { continue };
        let declared_text = air_syntax::views::text::compact(declared);
        if types_equal(&declared_text, &actual.text) {
            continue;
        }
        let diagnostic = cx.error(
            codes::ARGS_TYPE_MISMATCH,
            format!(
                "`{name}` operand `{}` has type `{}`, but `args` declares `{declared_text}`",
                outer.text(),
                actual.text
            ),
            outer.text_range(),
            format!("this value is `{}`", actual.text),
        );
        let diagnostic = cx.secondary(diagnostic, declared.text_range(), format!("declared `{declared_text}` here"));
        let diagnostic =
            cx.secondary(diagnostic, actual.def_range, format!("{} defined here as `{}`", actual.origin, actual.text));
        cx.diagnostics.push(diagnostic.with_help(format!(
            "MLIR compares types exactly: make the `args` type `{}`, or pass a value of type `{declared_text}` (e.g. through `memref.reinterpret_cast` or `memref.collapse_shape`)",
            actual.text
        )));
    }
}

/// AIR's RankOp verifier: a rank may nest in a launch, not in a segment, herd or rank.
fn rank_nesting(cx: &mut Cx<'_, '_>, hierarchy: Hierarchy<'_>) {
    let Some(outer) = hierarchy
        .op
        .node()
        .ancestors()
        .skip(1)
        .filter_map(Op::cast)
        .find(|op| matches!(op.name(), air_ops::SEGMENT | air_ops::HERD | air_ops::RANK))
    else {
        return;
    };
    let at = hierarchy.op.name_node().map(|n| n.text_range()).unwrap_or_else(|| hierarchy.node().text_range());
    let outer_at = outer.name_node().map(|n| n.text_range()).unwrap_or_else(|| outer.node().text_range());
    let diagnostic = cx.error(
        codes::RANK_NESTING,
        format!("`air.rank` cannot be nested inside `{}`", outer.name()),
        at,
        "rank here",
    );
    let diagnostic = cx.secondary(diagnostic, outer_at, "inside this op");
    cx.diagnostics.push(diagnostic.with_help("an `air.rank` may sit at function level or inside an `air.launch`"));
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

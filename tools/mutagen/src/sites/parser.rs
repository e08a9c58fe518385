//! Rules AIR's custom parsers enforce while reading an op (AIRDialect.cpp), and the ODS
//! operand types those parsers resolve operands against (AIR.td): `async` needs a name, a
//! named op needs `async`, `!air.` types, the herd's `tile`, one size per id, index sizes,
//! token dependencies, `args` types, execute result counts.

use super::{async_keyword, deps, Cx, Site, ASYNC_DEP_OPS, HIERARCHY_OPS};
use air_syntax::air_ops;
use air_syntax::views::{Hierarchy, Op};
use air_syntax::SyntaxKind::*;

/// AIRDialect.cpp:221: `async` without a result name.
pub fn async_unnamed(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(ASYNC_DEP_OPS)
        .filter(|op| async_keyword(*op).is_some() && cx.results_unused(*op))
        .filter_map(|op| {
            let results = op.node().child(RESULT_LIST)?;
            let name = op.name_node()?;
            Site::at(op.node(), cx.edits().delete_tokens(results.token_range().0, name.token_range().0))
        })
        .collect()
}

/// AIRDialect.cpp:219 with AIR.td `Optional<air_AsyncToken>:$async_token`: without `async`
/// the op has no result, so a result name has nothing to bind. Only unused tokens: MLIR's
/// parser goes on after the error, and a later use of the token can crash it.
pub fn async_result_without_async(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(ASYNC_DEP_OPS)
        .filter(|op| op.node().child(RESULT_LIST).is_some() && cx.results_unused(*op))
        .filter_map(|op| {
            let keyword = async_keyword(op)?;
            Site::at(op.node(), cx.edits().delete_word(keyword))
        })
        .collect()
}

/// AIRDialect.cpp:70: `!air.` followed by a keyword the dialect does not define.
pub fn unknown_air_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.tree()
        .nodes()
        .flat_map(|node| node.direct_tokens().map(move |token| (node, token)))
        .filter(|(_, t)| t.kind() == BANG_ID && t.text() == "!air.async.token")
        .filter_map(|(node, token)| Site::at_token(node, token, cx.edits().replace_token(token, "!air.async_token")))
        .collect()
}

/// AIR.td (the op list `airDialect::initialize` registers, AIRDialect.cpp:49-52): an
/// `air.wait_all` spelled as an op AIR does not have, its token unused.
pub fn unknown_air_op(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::WAIT_ALL])
        .filter(|op| cx.results_unused(*op))
        .filter_map(|op| {
            let name = op.name_node()?.first_token()?;
            Site::at(op.node(), cx.edits().replace_token(name, "air.wait_any"))
        })
        .collect()
}

/// AIRDialect.cpp:1884: `air.herd` must read `tile` before its ids.
pub fn herd_tile_keyword(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::HERD])
        .filter_map(|op| {
            let tile = op.node().direct_tokens().find(|t| t.kind() == BARE_ID && t.text() == "tile")?;
            Site::at(op.node(), cx.edits().delete_word(tile))
        })
        .collect()
}

/// AIRDialect.cpp:756-760 (launch), 1169-1175 (rank), 1487-1493 (segment), 1892-1898
/// (herd): the sizes list has one `%size=%value` per id; the last one is dropped.
pub fn sizes_match_ids(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(HIERARCHY_OPS)
        .filter_map(|op| {
            let list = op.node().child(SIZE_LIST)?;
            Site::at(op.node(), super::drop_last_entry(cx.edits(), list)?)
        })
        .collect()
}

/// AIR.td:45/150/240/362 `Variadic<Index>:$sizes`, resolved as `index` by the parsers
/// (AIRDialect.cpp:776, 1197, 1502, 1912): a size operand of type i32.
pub fn size_operand_index(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(HIERARCHY_OPS)
        .filter_map(Hierarchy::cast)
        .filter_map(|h| {
            let outer = h.sizes().first()?.outer?;
            let edits = cx
                .edits()
                .line_before(h.node(), "%mutagen_i32 = arith.constant 1 : i32")
                .replace_node(outer, "%mutagen_i32");
            Site::at(outer, edits)
        })
        .collect()
}

/// AIR.td:43/149/239/361/468/595/765/961/1141 `Variadic<air_AsyncToken>:$async_dependencies`:
/// an `index` value in a dependency list.
pub fn dep_token_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops()
        .filter(|op| !op.is_generic() && (ASYNC_DEP_OPS.contains(&op.name()) || op.name() == air_ops::EXECUTE))
        .filter_map(|op| {
            let first = *deps(op).first()?;
            let edits = cx
                .edits()
                .line_before(op.node(), "%mutagen_idx = arith.constant 0 : index")
                .replace_node(first, "%mutagen_idx");
            Site::at(first, edits)
        })
        .collect()
}

/// AIRDialect.cpp:805, 1226, 1532, 1941: each `args` operand is resolved with the type
/// listed for it, so a listed type that is not the operand's type is an error.
pub fn kernel_operand_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(HIERARCHY_OPS)
        .filter_map(Hierarchy::cast)
        .filter_map(|h| {
            let arg = h.kernel_args().into_iter().find(|arg| arg.ty.is_some() && arg.outer.is_some())?;
            let ty = arg.ty?;
            let other = if ty.text().trim() == "index" { "i32" } else { "index" };
            Site::at(ty, cx.edits().replace_node(ty, other))
        })
        .collect()
}

/// AIR.td:1143-1146: `air.execute` defines its token and one value per `-> (types)` entry;
/// one name more than that is an error.
pub fn execute_result_count(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::EXECUTE])
        .filter_map(|op: Op<'_>| {
            let last = op.result_nodes().last()?;
            let token = last.significant_tokens().last()?;
            Site::at(op.node(), cx.edits().insert_after(token, ", %mutagen_extra"))
        })
        .collect()
}

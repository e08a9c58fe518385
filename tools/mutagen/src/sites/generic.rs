//! Rules only the generic form can break (the custom parsers always build a well-formed
//! op): operand segments and the execute's single block, by inserting a generic-form AIR op
//! at the start of a body; the benign counterpart; and the universe operand of `air.rank`.

use super::{Cx, Site};
use air_syntax::air_ops;
use air_syntax::views::{region_ops, Op};
use air_syntax::SyntaxKind::*;

/// The first op of every body that holds AIR ops: functions with an `air.*` op, and the
/// hierarchy ops.
fn body_starts<'s>(cx: &'s Cx<'_>) -> Vec<Op<'s>> {
    cx.ops_named(&["func.func", air_ops::LAUNCH, air_ops::SEGMENT, air_ops::HERD, air_ops::RANK])
        .filter(|op| {
            op.name() != "func.func"
                || op.node().descendants().filter_map(Op::cast).any(|o| o.name().starts_with("air."))
        })
        .filter_map(|op| region_ops(op.first_region()?).first().copied())
        .collect()
}

fn insert_at_body_starts(cx: &Cx<'_>, lines: &str) -> Vec<Site> {
    body_starts(cx)
        .into_iter()
        .filter_map(|first| Site::at(first.node(), cx.edits().line_before(first.node(), lines)))
        .collect()
}

/// AIR.td:1241 `AttrSizedOperandSegments` (on air.custom, as on every hierarchy op, put,
/// get and DMA): segment sizes that add up to more operands than the op has.
pub fn operand_segments(cx: &Cx<'_>) -> Vec<Site> {
    insert_at_body_starts(cx, "\"air.custom\"() <{operandSegmentSizes = array<i32: 0, 1>}> : () -> ()")
}

/// AIR.td:1150 `SizedRegion<1>` of air.execute (ahead of ExecuteOp::verify, 2065-2072, whose
/// own checks it makes unreachable): an execute whose region has no block.
pub fn execute_one_block(cx: &Cx<'_>) -> Vec<Site> {
    insert_at_body_starts(cx, "%mutagen_t = \"air.execute\"() ({}) : () -> !air.async.token")
}

/// Benign: an AIR op written in generic form.
pub fn generic_form(cx: &Cx<'_>) -> Vec<Site> {
    insert_at_body_starts(cx, "%mutagen_t = \"air.wait_all\"() : () -> !air.async.token")
}

/// AIR.td:44 `Optional<air_Universe>:$universe`, resolved as `!air.universe`
/// (AIRDialect.cpp:1193): an index value as the universe.
pub fn rank_universe_type(cx: &Cx<'_>) -> Vec<Site> {
    cx.ops_named(&[air_ops::RANK])
        .filter_map(|op| {
            let universe = op.node().direct_tokens().find(|t| t.kind() == BARE_ID && t.text() == "universe")?;
            // `universe(%u)`: the group right after the keyword.
            let group = op.node().children_of(GROUP).find(|g| g.text_range().start >= universe.text_range().end)?;
            let operand = group.child(VALUE_USE)?;
            let edits = cx
                .edits()
                .line_before(op.node(), "%mutagen_idx = arith.constant 1 : index")
                .replace_node(operand, "%mutagen_idx");
            Site::at(operand, edits)
        })
        .collect()
}

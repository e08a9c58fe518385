//! Region shapes: the body of `air.launch/segment/herd/rank` and of `air.execute` is one
//! block (`SizedRegion<1>` and `SingleBlockImplicitTerminator` in AIR.td: "expects region #0
//! to have 0 or 1 blocks"). An empty body gets its terminator implicitly, so
//! ExecuteOp::verify's "non-empty body" (AIRDialect.cpp 2065–2073) cannot fail on parsed text.

use super::Cx;
use crate::codes;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::Op;
use air_syntax::SyntaxKind;

const SINGLE_BLOCK_OPS: &[&str] = &[air_ops::LAUNCH, air_ops::SEGMENT, air_ops::HERD, air_ops::RANK, air_ops::EXECUTE];

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !SINGLE_BLOCK_OPS.contains(&name) {
            continue;
        }
        let Some(region) = op.first_region() else { continue };
        let blocks: Vec<_> = region.children_of(SyntaxKind::BLOCK).collect();
        if op.is_generic() {
            generic_body(cx, op, name, &blocks);
        }
        if blocks.len() <= 1 {
            continue;
        }
        let second = blocks[1].child(SyntaxKind::BLOCK_LABEL).map(|l| l.text_range()).unwrap_or(blocks[1].text_range());
        let diagnostic = cx.error(
            codes::REGION_SHAPE,
            format!("the body of `{}` must be a single block, but it has {}", op.name(), blocks.len()),
            second,
            "a second block starts here",
        );
        let diagnostic = cx.secondary(diagnostic, name_range(op), "this op's body");
        cx.diagnostics.push(diagnostic.with_help(
            "AIR bodies are straight-line code: replace the branches with `scf.if`/`scf.for`, or move them into a function",
        ));
    }
}

/// The generic form gets no implicit block or terminator: the region has exactly one block,
/// and it ends with the op's terminator ("region with 1 blocks", "expects a non-empty block",
/// "block with no terminator").
fn generic_body(cx: &mut Cx<'_, '_>, op: Op<'_>, name: &str, blocks: &[air_syntax::SyntaxNode<'_>]) {
    let terminator = format!("{name}_terminator");
    let message = match blocks {
        [] => format!("the region of `{name}` has no block; it needs exactly one"),
        [block] => match block.children_of(SyntaxKind::OPERATION).last().map(Op) {
            None => format!("the body of `{name}` is empty; it must end with `{terminator}`"),
            Some(last) if last.name() == terminator => return,
            Some(last) => format!("the body of `{name}` ends with `{}`, not with `{terminator}`", last.name()),
        },
        _ => return,
    };
    let diagnostic = cx.error(codes::REGION_SHAPE, message, name_range(op), "generic-form body");
    cx.diagnostics.push(diagnostic.with_help(format!(
        "in generic form nothing is implicit: write one block ending with `\"{terminator}\"() : () -> ()`"
    )));
}

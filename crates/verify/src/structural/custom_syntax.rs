//! What AIR's custom parsers refuse that air-stitch's parser, which reads these ops
//! leniently, lets through: `dest(%d)` belongs to `air.channel.put` only (AIR.td 833), an
//! `air.channel` states its bundle size (`$sym_name $size attr-dict`, 625), and a hierarchy op
//! without a body must be named (LaunchOp::parse 816–820 and its siblings fail, silently,
//! otherwise), and `air.execute`'s result types are parenthesized (`-> (T)`, AIR.td 1163).

use super::Cx;
use crate::codes;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::{Hierarchy, Op};
use air_syntax::SyntaxKind;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") || op.is_generic() {
            continue;
        }
        match op.name() {
            air_ops::CHANNEL_GET => get_without_dest(cx, op),
            air_ops::EXECUTE => execute_types_in_parens(cx, op),
            air_ops::CHANNEL if op.node().child(SyntaxKind::GROUP).is_none() => {
                let diagnostic = cx.error(
                    codes::AIR_SYNTAX,
                    "`air.channel` needs its bundle size after the name".to_string(),
                    name_range(op),
                    "no `[...]` size",
                );
                cx.diagnostics
                    .push(diagnostic.with_help("write `air.channel @name [1, 1]` (or `[]` for a single channel)"));
            }
            _ => {
                if let Some(hierarchy) = Hierarchy::cast(op) {
                    if hierarchy.body().is_none() && hierarchy.sym_token().is_none() {
                        let name = op.name();
                        let diagnostic = cx.error(
                            codes::AIR_SYNTAX,
                            format!("`{name}` without a body must be named (`{name} @callee ...`)"),
                            name_range(op),
                            "no body and no name",
                        );
                        cx.diagnostics.push(diagnostic.with_help(
                            "give it a body `{ ... }`, or a symbol naming what it runs; AIR's parser fails here without a message",
                        ));
                    }
                }
            }
        }
    }
}

fn get_without_dest(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let dest = op.node().elements().find(|e| e.kind() == SyntaxKind::BARE_ID && e.text() == "dest");
    let Some(dest) = dest else { return };
    let diagnostic = cx.error(
        codes::AIR_SYNTAX,
        "`dest(...)` is an operand of `air.channel.put` only".to_string(),
        dest.text_range(),
        "not part of `air.channel.get`",
    );
    cx.diagnostics.push(diagnostic.with_help("drop `dest(...)`: a get writes into its own memref operand"));
}

fn execute_types_in_parens(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let Some(results) = op.node().child(SyntaxKind::EXEC_RESULTS) else { return };
    if results.direct_tokens().any(|t| t.kind() == SyntaxKind::L_PAREN) || results.child(SyntaxKind::TYPE).is_none() {
        return;
    }
    let diagnostic = cx.error(
        codes::AIR_SYNTAX,
        "the result types of `air.execute` are written in parentheses".to_string(),
        results.text_range(),
        "no `(`",
    );
    let types = air_syntax::views::text::compact(results);
    let inner = types.trim_start_matches("->").trim();
    cx.diagnostics.push(diagnostic.with_help(format!("write `-> ({inner})`")));
}

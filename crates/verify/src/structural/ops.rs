//! Names of the AIR dialect: an `air.*` op that AIR.td does not define is an error ("custom op
//! 'air.x' is unknown" from AIR's parser, "unregistered operation" for the generic form), and
//! so is a `!air.*` type other than `!air.async.token` and `!air.universe` (AIRDialect.cpp
//! `parseType` 55–71: "unknown air type") or a `#air.*` attribute other than
//! `#air.symmetric_heap` (AIROpBase.td): the dialect is registered, so none of them can be
//! something MLIR just carries along.

use super::Cx;
use crate::codes;
use crate::dialect::dialect_of;
use air_syntax::air_ops::{self, AirOp};
use air_syntax::views::value_types::{TOKEN_TYPE, UNIVERSE_TYPE};
use air_syntax::SyntaxKind;

const TYPES: &[&str] = &[TOKEN_TYPE, UNIVERSE_TYPE];
const ATTRIBUTES: &[&str] = &["#air.symmetric_heap"];

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    names(cx);
    for token in cx.input.parse.tree.tokens() {
        let (known, what, article) = match token.kind() {
            SyntaxKind::BANG_ID => (TYPES, "type", "a"),
            SyntaxKind::HASH_ID => (ATTRIBUTES, "attribute", "an"),
            _ => continue,
        };
        let text = token.text();
        if !text.starts_with(&known[0][..5]) || known.contains(&text) {
            continue;
        }
        let diagnostic = cx.error(
            codes::UNKNOWN_AIR_TYPE,
            format!("`{text}` is not {article} {what} of the AIR dialect"),
            token.text_range(),
            format!("unknown AIR {what}"),
        );
        cx.diagnostics.push(diagnostic.with_help(format!(
            "AIR defines the {what}{} {}",
            if known.len() > 1 { "s" } else { "" },
            known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(" and ")
        )));
    }
}

fn names(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if dialect_of(name) != "air" || AirOp::from_name(name).is_some() {
            continue;
        }
        let Some(at) = op.name_node().map(|n| n.text_range()) else { continue };
        let hint = if name.starts_with(air_ops::PIPELINE_PREFIX) {
            "the `air.pipeline` ops were removed from AIR; express the stages as herds connected by channels"
        } else {
            "AIR.td at mlir-air e972f29 defines launch, segment, herd, rank, channel, channel.put/get, dma_memcpy_nd, wait_all, execute, custom, translate, universe.alloc and the terminators"
        };
        cx.diagnostics.push(
            cx.error(codes::UNKNOWN_AIR_OP, format!("`{name}` is not an op of the AIR dialect"), at, "unknown AIR op")
                .with_help(hint),
        );
    }
}

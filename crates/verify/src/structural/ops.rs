//! Op names: an `air.*` op that AIR.td does not define is an error ("custom op 'air.x' is
//! unknown" from AIR's parser, "unregistered operation" for the generic form): the dialect is
//! registered, so it cannot be an op MLIR just carries along.

use super::Ctx;
use crate::codes;
use crate::dialect::{dialect_of, AirOp};

pub(super) fn check(ctx: &mut Ctx<'_, '_>) {
    for &(op, name) in ctx.ops {
        if dialect_of(name) != "air" || AirOp::from_name(name).is_some() {
            continue;
        }
        let Some(at) = op.name_node().map(|n| n.text_range()) else { continue };
        let hint = if name.starts_with("air.pipeline") {
            "the `air.pipeline` ops were removed from AIR; express the stages as herds connected by channels"
        } else {
            "AIR.td at mlir-air e972f29 defines launch, segment, herd, rank, channel, channel.put/get, dma_memcpy_nd, wait_all, execute, custom, translate, universe.alloc and the terminators"
        };
        ctx.diagnostics.push(
            ctx.error(codes::UNKNOWN_AIR_OP, format!("`{name}` is not an op of the AIR dialect"), at, "unknown AIR op")
                .with_help(hint),
        );
    }
}

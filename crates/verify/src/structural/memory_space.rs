//! Memory spaces inside the hierarchy, as AIR's SegmentOp and HerdOp verifiers check them
//! (AIRDialect.cpp `verifyAllocMemorySpace` 1641–1679, `getDirectlyAccessedMemref` 1688–1706, `verifyComputeMemoryAccess` 1718–1750,
//! `SegmentOp::verify` 1752, `HerdOp::verify` 2055): every `memref.alloc` anywhere inside a
//! segment is L2 or L1 (memory space >= 1), inside a herd L1 (>= 2); loads, stores and vector
//! transfers inside a herd touch only L1 memrefs. `#air.symmetric_heap` memrefs are exempt.
//! A memory space that is not an integer makes AIR's verifier crash
//! (`getMemorySpaceAsInt`), so it gives no verdict here either.

use super::Cx;
use crate::codes;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::value_types::op_result_type;
use air_syntax::views::{parse_memref_type, Op};

/// L1 (core tile memory) in AIR's `MemorySpace` enum; L2 is 1, L3 is 0.
const L1: i64 = 2;
const L2: i64 = 1;

/// What a memref type's memory space is, for these rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Space {
    /// An integer memory space (none written is 0, L3).
    Int(i64),
    /// `#air.symmetric_heap`: GPU HBM, exempt from the per-level rules.
    SymmetricHeap,
    /// Any other attribute (AIR's verifier crashes on these), or not a memref.
    Unknown,
}

/// The memory space of a type, when it is a memref.
pub(super) fn space_of(type_text: &str) -> Space {
    let Some(memref) = parse_memref_type(type_text) else { return Space::Unknown };
    match memref.memory_space_text.as_deref() {
        None => Space::Int(memref.memory_space),
        Some(text) if text.starts_with("#air.symmetric_heap") => Space::SymmetricHeap,
        Some(text) if text.split(':').next().is_some_and(|head| head.trim().parse::<i64>().is_ok()) => {
            Space::Int(memref.memory_space)
        }
        Some(_) => Space::Unknown,
    }
}

fn level_name(space: i64) -> String {
    match space {
        0 => "L3".to_string(),
        1 => "L2".to_string(),
        2 => "L1".to_string(),
        n => format!("numeric memory space {n}"),
    }
}

/// The operand position of the memref a direct memory access reads or writes.
fn accessed_operand(name: &str) -> Option<usize> {
    match name {
        "memref.load" | "affine.load" | "vector.transfer_read" | "vector.load" => Some(0),
        "memref.store" | "affine.store" | "vector.transfer_write" | "vector.store" => Some(1),
        _ => None,
    }
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        let node = op.node();
        if name != "memref.alloc" && accessed_operand(name).is_none() {
            continue;
        }
        let mut herd = None;
        let mut segment = None;
        for ancestor in node.ancestors().skip(1).filter_map(Op::cast) {
            match ancestor.name() {
                air_ops::HERD if herd.is_none() => herd = Some(ancestor),
                air_ops::SEGMENT if segment.is_none() => segment = Some(ancestor),
                _ => {}
            }
        }
        if name == "memref.alloc" {
            // A herd's rule (L1) is stricter than a segment's (L2): report the herd's.
            if let Some(herd) = herd {
                alloc(cx, op, herd, L1);
            } else if let Some(segment) = segment {
                alloc(cx, op, segment, L2);
            }
        } else if let Some(herd) = herd {
            access(cx, op, herd);
        }
    }
}

fn alloc(cx: &mut Cx<'_, '_>, op: Op<'_>, owner: Op<'_>, min: i64) {
    let Some(ty) = op_result_type(op, 0) else { return };
    let Space::Int(space) = space_of(&ty) else { return };
    if space >= min {
        return;
    }
    let owner_name = owner.name();
    let at = op.trailing_types().last().map(|t| t.text_range()).unwrap_or_else(|| name_range(op));
    let diagnostic = cx.error(
        codes::ALLOC_MEMORY_SPACE,
        format!(
            "`memref.alloc` inside `{owner_name}` must have memory space >= {}, but found {}",
            level_name(min),
            level_name(space)
        ),
        at,
        format!("allocates in {}", level_name(space)),
    );
    let diagnostic = cx.secondary(diagnostic, name_range(owner), format!("inside this `{owner_name}`"));
    let help = if min == L1 {
        "a herd allocates core-local L1 buffers only: write `memref<..., 2 : i32>`, or allocate the buffer outside the herd and move data with `air.channel` / `air.dma_memcpy_nd`"
    } else {
        "a segment allocates L2 (memtile) or L1 buffers: write `memref<..., 1 : i32>`, or allocate L3 buffers before the `air.launch` and pass them in through `args(...)`"
    };
    cx.diagnostics.push(diagnostic.with_help(help));
}

fn access(cx: &mut Cx<'_, '_>, op: Op<'_>, herd: Op<'_>) {
    let Some(position) = accessed_operand(op.name()) else { return };
    let uses = op.operand_uses();
    let Some(memref) = uses.get(position).copied() else { return };
    let ty = cx.type_of(memref).map(|t| t.text).or_else(|| {
        op.trailing_types()
            .into_iter()
            .map(air_syntax::views::text::compact)
            .find(|t| t.trim_start().starts_with("memref"))
    });
    let Some(ty) = ty else { return };
    let Space::Int(space) = space_of(&ty) else { return };
    if space >= L1 {
        return;
    }
    let diagnostic = cx.error(
        codes::HERD_DIRECT_ACCESS,
        format!(
            "`{}` inside `air.herd` accesses `{}` in {}; AIE core tiles can only access L1 memory directly",
            op.name(),
            memref.text(),
            level_name(space)
        ),
        memref.text_range(),
        format!("`{ty}`"),
    );
    let diagnostic = cx.secondary(diagnostic, name_range(herd), "inside this herd");
    cx.diagnostics.push(diagnostic.with_help(
        "stage the data into an L1 buffer first (`air.channel.get` or `air.dma_memcpy_nd` into a `memref<..., 2 : i32>`) and access that",
    ));
}

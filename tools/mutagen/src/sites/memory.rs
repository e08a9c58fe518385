//! Memory-space rules of herds and segments: what `memref.alloc` may allocate inside them
//! (verifyAllocMemorySpace, AIRDialect.cpp:1641-1681) and what a herd's cores may load and
//! store directly (verifyComputeMemoryAccess, 1683-1750), with the exemptions AIR grants.

use super::hierarchy::with_body;
use super::{integer_space, Cx, Site, HIERARCHY_OPS};
use air_syntax::air_ops;
use air_syntax::views::{parse_memref_type, Hierarchy, MemRefType, Op};

/// The memref types of the `memref.alloc`s of a body (not those of a nested hierarchy op).
fn body_allocs(cx: &Cx<'_>, h: Hierarchy<'_>) -> Vec<MemRefType> {
    let Some(body) = h.body() else { return Vec::new() };
    body.descendants()
        .filter_map(Op::cast)
        .filter(|op| {
            op.name() == "memref.alloc" && cx.enclosing(op.node(), HIERARCHY_OPS).map(|o| o.node()) == Some(h.node())
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

/// An alloc at the start of `h`'s body of a buffer shaped like one of its buffers in memory
/// space `level` (or a small one), in memory space `space` (`""` for L3). Every second site
/// allocates inside an `air.execute`, as async IR does: the verifier walks nested regions.
fn insert_alloc(cx: &Cx<'_>, h: Hierarchy<'_>, first: Op<'_>, nth: usize, level: i64, space: &str) -> Option<Site> {
    let shaped = body_allocs(cx, h).into_iter().find(|ty| integer_space(ty) == Some(level));
    let ty = shaped.and_then(|ty| retyped(&ty, space)).unwrap_or_else(|| format!("memref<8xi32{space}>"));
    let lines = if cx.variant(nth, 2) == 0 {
        format!("%mutagen_alloc = memref.alloc() : {ty}")
    } else {
        format!(
            "%mutagen_t, %mutagen_alloc = air.execute -> ({ty}) {{\n  %mutagen_a = memref.alloc() : {ty}\n  \
             air.execute_terminator %mutagen_a : {ty}\n}}"
        )
    };
    Site::at(first.node(), cx.edits().line_before(first.node(), &lines))
}

/// AIRDialect.cpp:1660 via `SegmentOp::verify` (1753): an L3 alloc inside a segment (a copy
/// of one of its L2 buffers in L3).
pub fn segment_alloc_space(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::SEGMENT])
        .enumerate()
        .filter_map(|(nth, (h, ops))| insert_alloc(cx, h, ops[0], nth, 1, ""))
        .collect()
}

/// AIRDialect.cpp:1660 via `HerdOp::verify` (2056): an L2 alloc inside a herd (a copy of one
/// of its L1 buffers in L2).
pub fn herd_alloc_space(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::HERD])
        .enumerate()
        .filter_map(|(nth, (h, ops))| insert_alloc(cx, h, ops[0], nth, 2, ", 1 : i32"))
        .collect()
}

/// Benign, AIRDialect.cpp:1652-1655: `#air.symmetric_heap` allocations are exempt from the
/// per-level rule, in herds and segments alike.
pub fn symmetric_heap_alloc(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::HERD, air_ops::SEGMENT])
        .filter_map(|(_, ops)| {
            let line = "%mutagen_alloc = memref.alloc() : memref<8xi32, #air.symmetric_heap>";
            Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), line))
        })
        .collect()
}

/// Lax, AIRDialect.cpp:1646: the rule walks `memref::AllocOp` only, so an L3
/// `memref.alloca` in a herd is accepted.
pub fn alloca_space(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::HERD])
        .filter_map(|(_, ops)| {
            let line = "%mutagen_alloca = memref.alloca() : memref<8xi32>";
            Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), line))
        })
        .collect()
}

/// The literal zero of a scalar type, for the accesses that need a value.
fn zero(element: &str) -> Option<&'static str> {
    match element {
        "f16" | "bf16" | "f32" | "f64" => Some("0.0"),
        "index" => Some("0"),
        _ => {
            let bits = element.strip_prefix('i')?;
            bits.bytes().all(|b| b.is_ascii_digit()).then_some("0")
        }
    }
}

/// Variant `variant` (0-5) of the accesses verifyComputeMemoryAccess checks (AIRDialect.cpp:1688-1705:
/// memref/affine load and store, vector load and transfer_read) of `memref` at `indices`:
/// the lines to insert. Accesses that need a scalar or vector of the element type fall back
/// to `memref.load` when the element type is not a plain scalar or the memref has rank 0.
fn access(variant: usize, memref: &str, indices: &str, ty: &str, mem: &MemRefType) -> String {
    let element = mem.element.as_str();
    let load = format!("%mutagen_v = memref.load {memref}[{indices}] : {ty}");
    let Some(zero) = zero(element).filter(|_| !mem.shape.is_empty()) else { return load };
    let constant = format!("%mutagen_e = arith.constant {zero} : {element}");
    match variant {
        1 => format!("%mutagen_v = affine.load {memref}[{indices}] : {ty}"),
        2 => format!("%mutagen_v = vector.load {memref}[{indices}] : {ty}, vector<4x{element}>"),
        3 => format!(
            "{constant}\n%mutagen_v = vector.transfer_read {memref}[{indices}], %mutagen_e : {ty}, vector<4x{element}>"
        ),
        4 => format!("{constant}\nmemref.store %mutagen_e, {memref}[{indices}] : {ty}"),
        5 => format!("{constant}\naffine.store %mutagen_e, {memref}[{indices}] : {ty}"),
        _ => load,
    }
}

/// AIRDialect.cpp:1738 `verifyComputeMemoryAccess`: a load or store in a herd on a kernel
/// argument that lives in L2 or L3 (indexed by the herd's first id).
pub fn herd_direct_access(cx: &Cx<'_>) -> Vec<Site> {
    with_body(cx, &[air_ops::HERD])
        .enumerate()
        .filter_map(|(nth, (h, ops))| {
            let id = h.ids().first()?.first_token()?.text().to_string();
            h.kernel_args().into_iter().find_map(|arg| {
                let ty_node = arg.ty?;
                let mem = parse_memref_type(ty_node.text())?;
                if mem.unranked || integer_space(&mem)? >= 2 {
                    return None;
                }
                let inner = arg.inner.first_token()?.text();
                let indices = vec![id.as_str(); mem.shape.len()].join(", ");
                let lines = access(cx.variant(nth, 6), inner, &indices, ty_node.text(), &mem);
                Site::at(ops[0].node(), cx.edits().line_before(ops[0].node(), &lines))
            })
        })
        .collect()
}

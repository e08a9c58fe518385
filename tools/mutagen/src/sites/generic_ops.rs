//! Every AIR op in MLIR's generic form, inserted at the start of a body: the operand and
//! result type constraints ODS checks there (async tokens, `air.execute`'s results, index and
//! memref operands, the universe), `operandSegmentSizes`, the kinds of the inherent
//! attributes (`static_*` `array<i64>`, a channel's `size` `[i64]`), and valid generic-form
//! uses of each op and attribute. The custom parsers build these parts themselves, so only
//! the generic form can get them wrong. Each rule has variants (one per op), chosen per site
//! by [`Cx::variant`], so a capped rule still covers the ops.

use super::{Cx, Site};
use air_syntax::air_ops;
use air_syntax::views::{region_ops, Op};

/// Where a variant may go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// The start of any body (a function, launch, segment, herd or rank).
    Any,
    /// A function body only: hierarchy ops, which do not nest everywhere.
    Func,
    /// A function body, with `"air.channel"() <{sym_name = "mutagen_c", size = [1]}>`
    /// declared before the function (put and get name it).
    Channel,
}

use Scope::{Any, Channel, Func};

/// Values the variants use: a token, an index, an i32 and an L1 buffer (L1 is allowed in
/// every body, verifyAllocMemorySpace AIRDialect.cpp:1641-1679).
const PRELUDE: &str = "%mutagen_t0 = \"air.wait_all\"() : () -> !air.async.token\n%mutagen_i = arith.constant 1 : index\n%mutagen_n = arith.constant 1 : i32\n%mutagen_m = memref.alloc() : memref<4xi32, 2>\n";

const CHANNEL_DECL: &str = "\"air.channel\"() <{sym_name = \"mutagen_c\", size = [1]}> : () -> ()";

/// `static_*` arrays of one access pattern with a dynamic offset (`kDynamic`, i64::MIN).
const PUT_ATTRS: &str = "chan_name = @mutagen_c, operandSegmentSizes = array<i32: 0, 0, 1, 1, 0, 0, 0>, static_src_offsets = array<i64: -9223372036854775808>, static_src_sizes = array<i64: 4>, static_src_strides = array<i64: 1>";

/// The start of every body that holds AIR ops, and whether it is a function's.
fn body_starts<'s>(cx: &'s Cx<'_>) -> Vec<(Op<'s>, Option<Op<'s>>)> {
    cx.ops_named(&["func.func", air_ops::LAUNCH, air_ops::SEGMENT, air_ops::HERD, air_ops::RANK])
        .filter(|op| {
            op.name() != "func.func"
                || op.node().descendants().filter_map(Op::cast).any(|o| o.name().starts_with("air."))
        })
        .filter_map(|op| {
            let first = region_ops(op.first_region()?).first().copied()?;
            Some((first, (op.name() == "func.func").then_some(op)))
        })
        .collect()
}

/// One site per body start, each with a variant its scope allows.
fn snippet_sites(cx: &Cx<'_>, variants: &[(Scope, &str)]) -> Vec<Site> {
    body_starts(cx)
        .into_iter()
        .enumerate()
        .filter_map(|(nth, (first, func))| {
            let fitting: Vec<&(Scope, &str)> =
                variants.iter().filter(|(scope, _)| *scope == Any || func.is_some()).collect();
            if fitting.is_empty() {
                return None;
            }
            let &(scope, snippet) = fitting[cx.variant(nth, fitting.len())];
            let mut edits = cx.edits().line_before(first.node(), &format!("{PRELUDE}{snippet}"));
            if let (Channel, Some(func)) = (scope, func) {
                edits = edits.line_before(func.node(), CHANNEL_DECL);
            }
            Site::at(first.node(), edits)
        })
        .collect()
}

/// A generic hierarchy op of `name` over one dimension, `deps` and `ty` its dependency
/// operands and their types, `result` its result type text (`""` for none).
fn hierarchy(name: &str, deps: (&str, &str), result: &str) -> String {
    let (dep_values, dep_types) = deps;
    let n_deps = usize::from(!dep_values.is_empty());
    // A rank's segments are deps, universe, sizes, operands (AIR.td 43-46); no universe here.
    let seg =
        if name == "rank" { format!("array<i32: {n_deps}, 0, 1, 0>") } else { format!("array<i32: {n_deps}, 1, 0>") };
    let (bind, arrow) = if result.is_empty() {
        (String::new(), "()".to_string())
    } else {
        ("%mutagen_h = ".to_string(), result.to_string())
    };
    format!(
        "{bind}\"air.{name}\"({dep_values}%mutagen_i) <{{operandSegmentSizes = {seg}}}> ({{\n^bb0(%mutagen_x: index, %mutagen_sx: index):\n  \"air.{name}_terminator\"() : () -> ()\n}}) : ({dep_types}index) -> {arrow}"
    )
}

/// AIR.td 47/152/242/364/490/597/784/973/1262 `Optional<air_AsyncToken>` results and 1143
/// `air_AsyncToken:$async_token` of air.execute: an index result where the token goes.
pub fn result_token(cx: &Cx<'_>) -> Vec<Site> {
    let launch = hierarchy("launch", ("", ""), "index");
    let segment = hierarchy("segment", ("", ""), "index");
    let herd = hierarchy("herd", ("", ""), "index");
    snippet_sites(
        cx,
        &[
            (Any, "%mutagen_r = \"air.wait_all\"(%mutagen_t0) : (!air.async.token) -> index"),
            (Any, "%mutagen_r = \"air.custom\"(%mutagen_m) <{operandSegmentSizes = array<i32: 0, 1>}> : (memref<4xi32, 2>) -> index"),
            (Any, "%mutagen_r, %mutagen_v = \"air.execute\"() ({\n  \"air.execute_terminator\"(%mutagen_i) : (index) -> ()\n}) : () -> (index, index)"),
            (Any, "%mutagen_r = \"air.dma_memcpy_nd\"(%mutagen_m, %mutagen_m) <{operandSegmentSizes = array<i32: 0, 1, 0, 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>, static_src_offsets = array<i64>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (memref<4xi32, 2>, memref<4xi32, 2>) -> index"),
            (Channel, &format!("%mutagen_r = \"air.channel.put\"(%mutagen_m, %mutagen_i) <{{{PUT_ATTRS}}}> : (memref<4xi32, 2>, index) -> index")),
            (Func, &launch),
            (Func, &segment),
            (Func, &herd),
        ],
    )
}

/// The same results: more than one (`Optional` holds 0 or 1).
pub fn result_count(cx: &Cx<'_>) -> Vec<Site> {
    snippet_sites(
        cx,
        &[
            (Any, "%mutagen_r:2 = \"air.wait_all\"() : () -> (!air.async.token, !air.async.token)"),
            (Any, "%mutagen_r:2 = \"air.custom\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> (!air.async.token, !air.async.token)"),
            (Channel, "%mutagen_r:2 = \"air.channel.get\"(%mutagen_m) <{chan_name = @mutagen_c, operandSegmentSizes = array<i32: 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>}> : (memref<4xi32, 2>) -> (!air.async.token, !air.async.token)"),
        ],
    )
}

/// AIR.td 1143-1146: air.execute returns its token, so at least one result.
pub fn execute_results(cx: &Cx<'_>) -> Vec<Site> {
    snippet_sites(
        cx,
        &[(
            Any,
            "\"air.execute\"(%mutagen_t0) ({\n  \"air.execute_terminator\"() : () -> ()\n}) : (!air.async.token) -> ()",
        )],
    )
}

/// AIR.td 43/149/239/361/468/595/765/961/1141 `Variadic<air_AsyncToken>:$async_dependencies`:
/// an index value among the dependencies.
pub fn dep_token(cx: &Cx<'_>) -> Vec<Site> {
    let herd = hierarchy("herd", ("%mutagen_i, ", "index, "), "");
    let rank = hierarchy("rank", ("%mutagen_i, ", "index, "), "");
    snippet_sites(
        cx,
        &[
            (Any, "\"air.wait_all\"(%mutagen_t0, %mutagen_i) : (!air.async.token, index) -> ()"),
            (Any, "%mutagen_r = \"air.execute\"(%mutagen_i) ({\n  \"air.execute_terminator\"() : () -> ()\n}) : (index) -> !air.async.token"),
            (Any, "\"air.custom\"(%mutagen_i) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> ()"),
            (Any, "\"air.dma_memcpy_nd\"(%mutagen_i, %mutagen_m, %mutagen_m) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>, static_src_offsets = array<i64>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (index, memref<4xi32, 2>, memref<4xi32, 2>) -> ()"),
            (Func, &herd),
            (Func, &rank),
        ],
    )
}

/// AIR.td `Variadic<Index>` sizes, indices, offsets (45/150/240/362, 471-473, 766, 768-770)
/// and air.universe.alloc's `Index:$capacity` (23): an i32 value there.
pub fn operand_index(cx: &Cx<'_>) -> Vec<Site> {
    snippet_sites(
        cx,
        &[
            (Any, "%mutagen_u = \"air.universe.alloc\"(%mutagen_n) : (i32) -> !air.universe"),
            (Channel, "\"air.channel.put\"(%mutagen_m, %mutagen_n) <{chan_name = @mutagen_c, operandSegmentSizes = array<i32: 0, 0, 1, 1, 0, 0, 0>, static_src_offsets = array<i64: -9223372036854775808>, static_src_sizes = array<i64: 4>, static_src_strides = array<i64: 1>}> : (memref<4xi32, 2>, i32) -> ()"),
            (Any, "\"air.dma_memcpy_nd\"(%mutagen_m, %mutagen_n, %mutagen_m) <{operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64: -9223372036854775808>, static_dst_sizes = array<i64: 4>, static_dst_strides = array<i64: 1>, static_src_offsets = array<i64>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (memref<4xi32, 2>, i32, memref<4xi32, 2>) -> ()"),
        ],
    )
}

/// AIR.td 470/474, 767, 963 `AnyRankedOrUnrankedMemRef` buffers: an index value as one.
pub fn operand_memref(cx: &Cx<'_>) -> Vec<Site> {
    snippet_sites(
        cx,
        &[
            (Channel, "\"air.channel.get\"(%mutagen_i) <{chan_name = @mutagen_c, operandSegmentSizes = array<i32: 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>}> : (index) -> ()"),
            (Any, "\"air.dma_memcpy_nd\"(%mutagen_m, %mutagen_i) <{operandSegmentSizes = array<i32: 0, 1, 0, 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>, static_src_offsets = array<i64>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (memref<4xi32, 2>, index) -> ()"),
        ],
    )
}

/// AIR.td 479-484, 779-781, 968-970 `DenseI64ArrayAttr` and 622 `I64ArrayAttr:$size`:
/// another attribute kind (MLIR's property conversion refuses it).
pub fn attr_kind(cx: &Cx<'_>) -> Vec<Site> {
    snippet_sites(
        cx,
        &[
            (Any, "\"air.channel\"() <{sym_name = \"mutagen_d\", size = array<i64: 1>}> : () -> ()"),
            (Channel, "\"air.channel.put\"(%mutagen_m) <{chan_name = @mutagen_c, operandSegmentSizes = array<i32: 0, 0, 1, 0, 0, 0, 0>, static_src_offsets = array<i32>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (memref<4xi32, 2>) -> ()"),
            (Any, "\"air.dma_memcpy_nd\"(%mutagen_m, %mutagen_m) <{operandSegmentSizes = array<i32: 0, 1, 0, 0, 0, 1, 0, 0, 0>, static_dst_offsets = [0], static_dst_sizes = array<i64>, static_dst_strides = array<i64>, static_src_offsets = array<i64>, static_src_sizes = array<i64>, static_src_strides = array<i64>}> : (memref<4xi32, 2>, memref<4xi32, 2>) -> ()"),
        ],
    )
}

/// `ZeroResults` of the terminators (AIR.td 128/218/340/450/1184): a result on one.
pub fn zero_results(cx: &Cx<'_>) -> Vec<Site> {
    let herd = "\"air.herd\"(%mutagen_i) <{operandSegmentSizes = array<i32: 0, 1, 0>}> ({\n^bb0(%mutagen_x: index, %mutagen_sx: index):\n  %mutagen_z = \"air.herd_terminator\"() : () -> index\n}) : (index) -> ()";
    let launch = herd.replace("herd", "launch");
    snippet_sites(
        cx,
        &[
            (Any, "%mutagen_r = \"air.execute\"() ({\n  %mutagen_z = \"air.execute_terminator\"() : () -> index\n}) : () -> !air.async.token"),
            (Func, herd),
            (Func, &launch),
        ],
    )
}

/// Benign: every AIR op in generic form as AIR accepts it, with each inherent attribute,
/// `static_*` arrays holding `kDynamic` (-9223372036854775808) among them.
pub fn valid_generic_ops(cx: &Cx<'_>) -> Vec<Site> {
    let launch = "\"air.launch\"(%mutagen_t0, %mutagen_i) <{operandSegmentSizes = array<i32: 1, 1, 0>, sym_name = \"mutagen_l\"}> ({\n^bb0(%mutagen_x: index, %mutagen_sx: index):\n  %mutagen_s = \"air.segment\"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({\n    \"air.segment_terminator\"() : () -> ()\n  }) : () -> !air.async.token\n  \"air.launch_terminator\"() : () -> ()\n}) : (!air.async.token, index) -> ()";
    let rank = "%mutagen_u = \"air.universe.alloc\"(%mutagen_i) : (index) -> !air.universe\n\"air.rank\"(%mutagen_u, %mutagen_i) <{operandSegmentSizes = array<i32: 0, 1, 1, 0>}> ({\n^bb0(%mutagen_x: index, %mutagen_sx: index):\n  \"air.rank_terminator\"() : () -> ()\n}) : (!air.universe, index) -> ()";
    let herd = hierarchy("herd", ("%mutagen_t0, ", "!air.async.token, "), "!air.async.token");
    snippet_sites(
        cx,
        &[
            (Any, "%mutagen_r, %mutagen_v = \"air.execute\"(%mutagen_t0) ({\n  %mutagen_c = arith.constant 2 : index\n  \"air.execute_terminator\"(%mutagen_c) : (index) -> ()\n}) : (!air.async.token) -> (!air.async.token, index)"),
            (Any, "%mutagen_r = \"air.custom\"(%mutagen_t0, %mutagen_m) <{operandSegmentSizes = array<i32: 1, 1>, symbol = @mutagen_k}> : (!air.async.token, memref<4xi32, 2>) -> !air.async.token"),
            (Any, "%mutagen_r = \"air.dma_memcpy_nd\"(%mutagen_m, %mutagen_i, %mutagen_m) <{operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64: -9223372036854775808>, static_dst_sizes = array<i64: 4>, static_dst_strides = array<i64: 1>, static_src_offsets = array<i64: 0>, static_src_sizes = array<i64: 4>, static_src_strides = array<i64: 1>, pad_before = array<i32: 0>, pad_after = array<i32: 0>}> : (memref<4xi32, 2>, index, memref<4xi32, 2>) -> !air.async.token"),
            (Channel, &format!("%mutagen_r = \"air.channel.put\"(%mutagen_m, %mutagen_i) <{{{PUT_ATTRS}}}> : (memref<4xi32, 2>, index) -> !air.async.token\n\"air.channel.get\"(%mutagen_r, %mutagen_m) {{chan_name = @mutagen_c, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0>, static_dst_offsets = array<i64>, static_dst_sizes = array<i64>, static_dst_strides = array<i64>}} : (!air.async.token, memref<4xi32, 2>) -> ()")),
            (Func, launch),
            (Func, rank),
            (Func, &herd),
        ],
    )
}

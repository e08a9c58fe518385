//! Rules of `air.channel` declarations (ChannelOp::verify, AIRDialect.cpp:3766-3846, and the
//! ODS of AIR.td:620-623), the refeed count shared with puts and gets (3567-3581), and the
//! channel-type rules a put or get checks against its declaration (3603-3622, 3714-3734).

use super::{add_attr, attr_entry, integer_space, region_owners, set_attr, Cx, Site};
use crate::edit::Edits;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::{parse_memref_type, ChannelDecl, ChannelIo, Op};
use air_syntax::SyntaxKind::*;
use air_syntax::{SyntaxNode, SyntaxToken};

fn decls<'s>(cx: &'s Cx<'_>) -> impl Iterator<Item = ChannelDecl<'s>> + 's {
    cx.ops().filter_map(ChannelDecl::cast)
}

/// The declared `channel_type` as written, `None` when it is left to its default.
fn written_type(decl: ChannelDecl<'_>) -> Option<String> {
    decl.attrs().and_then(|a| a.string("channel_type"))
}

/// A channel whose type defaults to, or is, `npu_dma_stream`.
fn is_stream(decl: ChannelDecl<'_>) -> bool {
    written_type(decl).is_none_or(|t| t == "npu_dma_stream")
}

fn site(decl: ChannelDecl<'_>, edits: Option<Edits<'_>>) -> Option<Site> {
    Site::at(decl.0.node(), edits?)
}

/// AIRDialect.cpp:3775: a `channel_type` outside the allow-list (the pre-`npu_` spelling).
pub fn type_supported(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, set_attr(cx.edits(), d.0, "channel_type", "\"dma_stream\""))).collect()
}

/// AIR.td:623 `DefaultValuedAttr<StrAttr, ...>:$channel_type`: an integer channel type.
pub fn type_kind(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, set_attr(cx.edits(), d.0, "channel_type", "1 : i64"))).collect()
}

/// AIR.td:622 `DefaultValuedAttr<I64ArrayAttr, "{}">:$size`: an i32 bundle size.
pub fn size_kind(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter_map(|d| {
            let group = d.0.node().child(GROUP)?;
            let edits = match group.significant_tokens().find(|t| t.kind() == INT) {
                Some(int) => cx.edits().replace_token(int, format!("{} : i32", int.text())),
                None => cx.edits().insert_after(group.first_token()?, "1 : i32"),
            };
            site(d, Some(edits))
        })
        .collect()
}

/// The integer tokens of the `broadcast_shape = [...]` array, when every entry is one.
fn broadcast_ints(decl: ChannelDecl<'_>) -> Option<(SyntaxNode<'_>, Vec<SyntaxToken<'_>>)> {
    let value = decl.attrs()?.get("broadcast_shape")?;
    let tokens: Vec<SyntaxToken<'_>> = value.significant_tokens().collect();
    let ints: Vec<SyntaxToken<'_>> = tokens.iter().copied().filter(|t| t.kind() == INT).collect();
    let plain = tokens.iter().all(|t| matches!(t.kind(), INT | COMMA | L_BRACK | R_BRACK));
    (plain && !ints.is_empty()).then_some((value, ints))
}

/// The integer tokens of the bundle sizes `[a, b]`.
fn size_ints(decl: ChannelDecl<'_>) -> Vec<SyntaxToken<'_>> {
    let group = decl.0.node().child(GROUP);
    group.map(|g| g.significant_tokens().filter(|t| t.kind() == INT).collect()).unwrap_or_default()
}

fn value(token: SyntaxToken<'_>) -> i64 {
    air_syntax::views::parse_int_literal(token.text()).unwrap_or(0)
}

/// AIRDialect.cpp:3784: `broadcast_shape` of another rank than the bundle.
pub fn broadcast_rank(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter_map(|d| {
            let (shape, ints) = broadcast_ints(d)?;
            (ints.len() == size_ints(d).len()).then_some(())?;
            site(d, Some(cx.edits().insert_before(shape.significant_tokens().last()?, ", 1")))
        })
        .collect()
}

/// AIRDialect.cpp:3800: a `broadcast_shape` entry below the bundle size.
pub fn broadcast_shrink(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter_map(|d| {
            let (_, ints) = broadcast_ints(d)?;
            let sizes = size_ints(d);
            (ints.len() == sizes.len()).then_some(())?;
            let (dim, size) = sizes.iter().enumerate().max_by_key(|(i, s)| (value(**s), std::cmp::Reverse(*i)))?;
            site(d, Some(cx.edits().replace_token(ints[dim], (value(*size) - 1).to_string())))
        })
        .collect()
}

/// AIRDialect.cpp:3804: a bundle size that is neither 1 nor the broadcast size.
pub fn broadcast_compatible(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter_map(|d| {
            let (_, ints) = broadcast_ints(d)?;
            let sizes = size_ints(d);
            (ints.len() == sizes.len()).then_some(())?;
            if let Some(dim) = (0..sizes.len()).find(|&i| value(sizes[i]) >= 2) {
                let wider = (value(sizes[dim]) + 1).to_string();
                return site(d, Some(cx.edits().replace_token(ints[dim], wider)));
            }
            let dim = (0..sizes.len()).find(|&i| value(sizes[i]) == 1 && value(ints[i]) >= 3)?;
            site(d, Some(cx.edits().replace_token(sizes[dim], "2")))
        })
        .collect()
}

/// AIRDialect.cpp:3794: a `broadcast_shape` entry that is not an integer.
pub fn broadcast_int(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter_map(|d| {
            let (_, ints) = broadcast_ints(d)?;
            site(d, Some(cx.edits().replace_token(ints[0], format!("{}.0", ints[0].text()))))
        })
        .collect()
}

/// Channel declarations, puts and gets: the ops that may carry `air.refeed_count`.
fn refeed_carriers<'s>(cx: &'s Cx<'_>) -> impl Iterator<Item = Op<'s>> + 's {
    cx.ops().filter(|op| {
        !op.is_generic() && matches!(op.name(), air_ops::CHANNEL | air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET)
    })
}

/// AIRDialect.cpp:3573: a string `air.refeed_count`.
pub fn refeed_kind(cx: &Cx<'_>) -> Vec<Site> {
    refeed_carriers(cx)
        .filter_map(|op| Site::at(op.node(), set_attr(cx.edits(), op, air_attrs::REFEED_COUNT, "\"2\"")?))
        .collect()
}

/// AIRDialect.cpp:3578: `air.refeed_count` outside [1, INT32_MAX].
pub fn refeed_range(cx: &Cx<'_>) -> Vec<Site> {
    refeed_carriers(cx)
        .filter_map(|op| Site::at(op.node(), set_attr(cx.edits(), op, air_attrs::REFEED_COUNT, "0")?))
        .collect()
}

/// Benign, AIRDialect.cpp:3567-3581: a refeed count in range on a declaration.
pub fn refeed_valid(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter(|d| attr_entry(d.0, air_attrs::REFEED_COUNT).is_none())
        .filter_map(|d| site(d, add_attr(cx.edits(), d.0, "air.refeed_count = 2")))
        .collect()
}

/// `d` made a packet channel with `packet_ids = ids`: the type set when it is a stream
/// (default or written), left when it is already `npu_dma_packet`.
fn packet_channel<'t>(cx: &'t Cx<'_>, d: ChannelDecl<'_>, ids: &str) -> Option<Edits<'t>> {
    if written_type(d).as_deref() == Some("npu_dma_packet") {
        return set_attr(cx.edits(), d.0, "packet_ids", ids);
    }
    if !is_stream(d) || attr_entry(d.0, "packet_ids").is_some() {
        return None;
    }
    match d.attrs().and_then(|a| a.get("channel_type")) {
        Some(existing) => set_attr(cx.edits().replace_node(existing, "\"npu_dma_packet\""), d.0, "packet_ids", ids),
        None => add_attr(cx.edits(), d.0, &format!("channel_type = \"npu_dma_packet\", packet_ids = {ids}")),
    }
}

/// AIRDialect.cpp:3824: `packet_ids` that is not an array.
pub fn packet_ids_array(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, packet_channel(cx, d, "3"))).collect()
}

/// AIRDialect.cpp:3827: `packet_ids` on a stream channel.
pub fn packet_ids_type(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter(|d| is_stream(*d) && attr_entry(d.0, "packet_ids").is_none())
        .filter_map(|d| site(d, set_attr(cx.edits(), d.0, "packet_ids", "[1]")))
        .collect()
}

/// AIRDialect.cpp:3834: a `packet_ids` element that is not an integer.
pub fn packet_ids_int(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, packet_channel(cx, d, "[\"1\"]"))).collect()
}

/// AIRDialect.cpp:3838: a packet id outside [0, 31].
pub fn packet_ids_range(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, packet_channel(cx, d, "[32]"))).collect()
}

/// AIRDialect.cpp:3841: a packet id used twice.
pub fn packet_ids_unique(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx).filter_map(|d| site(d, packet_channel(cx, d, "[2, 2]"))).collect()
}

/// Benign, AIRDialect.cpp:3818-3843: a stream channel made a packet channel with one id.
pub fn packet_ids_valid(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter(|d| written_type(*d).is_none() && attr_entry(d.0, "packet_ids").is_none())
        .filter_map(|d| site(d, packet_channel(cx, d, "[3]")))
        .collect()
}

/// Benign, AIRDialect.cpp:3781-3809: a broadcast of a size-1 dimension to 4.
pub fn broadcast_valid(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter(|d| attr_entry(d.0, "broadcast_shape").is_none())
        .filter_map(|d| {
            let sizes: Vec<i64> = size_ints(d).into_iter().map(value).collect();
            let dim = sizes.iter().position(|&s| s == 1)?;
            let shape: Vec<String> =
                sizes.iter().enumerate().map(|(i, s)| if i == dim { "4".to_string() } else { s.to_string() }).collect();
            site(d, add_attr(cx.edits(), d.0, &format!("broadcast_shape = [{}]", shape.join(", "))))
        })
        .collect()
}

/// AIR.td:620 `Symbol` in the module's symbol table: the declaration written twice.
pub fn symbol_unique(cx: &Cx<'_>) -> Vec<Site> {
    decls(cx)
        .filter(|d| !d.0.node().text().contains('\n'))
        .filter_map(|d| site(d, Some(cx.edits().line_after(d.0.node(), d.0.node().text()))))
        .collect()
}

/// The symbol table an op is looked up in: its innermost enclosing module (or the file).
fn symbol_table(node: SyntaxNode<'_>) -> Option<SyntaxNode<'_>> {
    region_owners(node).find(|op| matches!(op.name(), "module" | "builtin.module")).map(|op| op.node())
}

/// The memory space of a put's or get's memref, `None` when it is not an integer space.
fn io_space(io: ChannelIo<'_>) -> Option<i64> {
    let ty = parse_memref_type(io.memref_type()?.text().trim_start_matches('(').trim_end_matches(')'))?;
    integer_space(&ty)
}

/// Declarations whose puts and gets all resolve to them (same symbol table), with those
/// puts and gets: AIR looks the declaration up from each put and get (AIRDialect.cpp:3437).
/// Declarations with `packet_ids` are left out: their ids are only valid on a packet
/// channel (3827), so changing their type would break that rule first.
fn with_ios<'s>(cx: &'s Cx<'_>) -> Vec<(ChannelDecl<'s>, Vec<ChannelIo<'s>>)> {
    decls(cx)
        .filter(|d| attr_entry(d.0, "packet_ids").is_none())
        .filter_map(|d| {
            let table = symbol_table(d.0.node());
            let ios = cx.channel_ios(&d.name());
            let resolved = !ios.is_empty() && ios.iter().all(|io| symbol_table(io.op.node()) == table);
            resolved.then_some((d, ios))
        })
        .collect()
}

/// AIRDialect.cpp:3607: an `npu_mmio` channel (the declaration changed) whose put reads
/// L1/L2 while every get writes L1, so only the put rule is broken.
pub fn mmio_put_source(cx: &Cx<'_>) -> Vec<Site> {
    with_ios(cx)
        .into_iter()
        .filter(|(_, ios)| {
            let (puts, gets): (Vec<ChannelIo<'_>>, Vec<ChannelIo<'_>>) = ios.iter().partition(|io| io.is_put);
            puts.iter().any(|p| io_space(*p).is_some_and(|s| s != 0)) && gets.iter().all(|g| io_space(*g) == Some(2))
        })
        .filter_map(|(d, _)| site(d, set_attr(cx.edits(), d.0, "channel_type", "\"npu_mmio\"")))
        .collect()
}

/// AIRDialect.cpp:3718: an `npu_mmio` channel whose puts read L3 and a get writes L2/L3.
pub fn mmio_get_destination(cx: &Cx<'_>) -> Vec<Site> {
    with_ios(cx)
        .into_iter()
        .filter(|(_, ios)| {
            let (puts, gets): (Vec<ChannelIo<'_>>, Vec<ChannelIo<'_>>) = ios.iter().partition(|io| io.is_put);
            puts.iter().all(|p| io_space(*p) == Some(0)) && gets.iter().any(|g| io_space(*g).is_some_and(|s| s != 2))
        })
        .filter_map(|(d, _)| site(d, set_attr(cx.edits(), d.0, "channel_type", "\"npu_mmio\"")))
        .collect()
}

/// AIRDialect.cpp:3618, 3730: a `gpu_symmetric_heap` channel used outside any `air.rank`.
pub fn gpu_heap_rank(cx: &Cx<'_>) -> Vec<Site> {
    with_ios(cx)
        .into_iter()
        .filter(|(_, ios)| ios.iter().any(|io| !super::hierarchy::inside_rank(io.op.node())))
        .filter_map(|(d, _)| site(d, set_attr(cx.edits(), d.0, "channel_type", "\"gpu_symmetric_heap\"")))
        .collect()
}

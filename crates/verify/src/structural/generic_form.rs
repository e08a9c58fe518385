//! AIR ops written in MLIR's generic form, where nothing of the custom syntax holds them
//! together: the `operandSegmentSizes` of every op with `AttrSizedOperandSegments` (present,
//! one entry per segment, summing to the operand count), the inherent attributes ODS requires
//! (`chan_name`, `static_*` offsets/sizes/strides, a channel's `sym_name`), and the entry
//! block of a hierarchy body (ids and sizes, two per dimension, then one per kernel operand:
//! the RegionBranchOpInterface edge AIR's ops declare).

use super::Cx;
use crate::attr_value::AttrValue;
use crate::codes;
use air_syntax::air_attrs;
use air_syntax::air_ops::AirOp;
use air_syntax::views::name_range;
use air_syntax::views::Op;
use air_syntax::SyntaxKind;

/// Segments of an op with `AttrSizedOperandSegments`, in ODS order.
fn segments(air: AirOp) -> Option<&'static [&'static str]> {
    Some(match air {
        AirOp::Launch => &["async_dependencies", "sizes", "launch_operands"],
        AirOp::Segment => &["async_dependencies", "sizes", "segment_operands"],
        AirOp::Herd => &["async_dependencies", "sizes", "herd_operands"],
        AirOp::Rank => &["async_dependencies", "universe", "sizes", "rank_operands"],
        AirOp::ChannelPut => &["async_dependencies", "indices", "src", "offsets", "sizes", "strides", "dest"],
        AirOp::ChannelGet => &["async_dependencies", "indices", "dst", "offsets", "sizes", "strides"],
        AirOp::DmaMemcpyNd => &[
            "async_dependencies",
            "dst",
            "dst_offsets",
            "dst_sizes",
            "dst_strides",
            "src",
            "src_offsets",
            "src_sizes",
            "src_strides",
        ],
        AirOp::Custom => &["async_dependencies", "custom_operands"],
        _ => return None,
    })
}

/// Inherent attributes without a default that ODS requires.
fn required(air: AirOp) -> &'static [&'static str] {
    match air {
        AirOp::Channel => &[air_attrs::SYM_NAME],
        AirOp::ChannelPut => &["chan_name", "static_src_offsets", "static_src_sizes", "static_src_strides"],
        AirOp::ChannelGet => &["chan_name", "static_dst_offsets", "static_dst_sizes", "static_dst_strides"],
        AirOp::DmaMemcpyNd => &[
            "static_dst_offsets",
            "static_dst_sizes",
            "static_dst_strides",
            "static_src_offsets",
            "static_src_sizes",
            "static_src_strides",
        ],
        _ => &[],
    }
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") || !op.is_generic() {
            continue;
        }
        let Some(air) = AirOp::from_name(op.name()) else { continue };
        for key in required(air) {
            if !op.has_attr(key) {
                let diagnostic = cx.error(
                    codes::GENERIC_FORM,
                    format!("`{}` requires attribute `{key}`", op.name()),
                    name_range(op),
                    "missing",
                );
                cx.diagnostics
                    .push(diagnostic.with_help(format!("add `{key} = ...` to the op's properties `<{{...}}>`")));
            }
        }
        let Some(names) = segments(air) else { continue };
        let operands = op.node().child(SyntaxKind::OPERAND_LIST).map(|l| l.children_of(SyntaxKind::VALUE_USE).count());
        let operands = operands.unwrap_or(0);
        let Some(sizes) = segment_sizes(cx, op, names.len(), operands) else { continue };
        if let (Some(body), AirOp::Launch | AirOp::Segment | AirOp::Herd | AirOp::Rank) = (op.first_region(), air) {
            let (dims, kernel) = match air {
                AirOp::Rank => (sizes[2], sizes[3]),
                _ => (sizes[1], sizes[2]),
            };
            let expected = 2 * dims + kernel;
            let entry = body.children_of(SyntaxKind::BLOCK).next();
            let args = entry
                .and_then(|b| b.child(SyntaxKind::BLOCK_LABEL))
                .map(|l| l.descendants().filter(|n| n.kind() == SyntaxKind::BLOCK_ARG).count())
                .unwrap_or(0);
            if args != expected {
                let diagnostic = cx.error(
                    codes::GENERIC_FORM,
                    format!(
                        "the body of `{}` takes {expected} block argument{} ({dims} id{s}, {dims} size{s}, {kernel} kernel argument{k}), but its entry block has {args}",
                        op.name(),
                        if expected == 1 { "" } else { "s" },
                        s = if dims == 1 { "" } else { "s" },
                        k = if kernel == 1 { "" } else { "s" },
                    ),
                    name_range(op),
                    "entry block arguments do not match the operands",
                );
                cx.diagnostics
                    .push(diagnostic.with_help("write `^bb0(%ids..., %sizes...: index, %args...: T)` for the body"));
            }
        }
    }
}

/// The op's `operandSegmentSizes` when it fits the op (`segments` entries, non-negative i32
/// values summing to `operands`); `None` otherwise, without a finding (see [`segment_sizes`]).
pub(super) fn segment_counts(op: Op<'_>, segments: usize, operands: usize) -> Option<Vec<usize>> {
    let AttrValue::DenseArray { ty, values } = AttrValue::read(op.attr(air_attrs::OPERAND_SEGMENT_SIZES)?) else {
        return None;
    };
    let sizes: Vec<usize> = values.iter().map(|v| v.and_then(|v| usize::try_from(v).ok())).collect::<Option<_>>()?;
    (ty == "i32" && sizes.len() == segments && sizes.iter().sum::<usize>() == operands).then_some(sizes)
}

/// The op's `operandSegmentSizes`, checked against the segment count and operand count.
fn segment_sizes(cx: &mut Cx<'_, '_>, op: Op<'_>, segments: usize, operands: usize) -> Option<Vec<usize>> {
    let name = op.name();
    let mut problem = |message: String| {
        let diagnostic = cx.error(codes::GENERIC_FORM, message, name_range(op), "operand segments");
        cx.diagnostics.push(diagnostic.with_help(
            "`operandSegmentSizes = array<i32: ...>` gives the number of operands of each ODS segment, in order",
        ));
    };
    let Some(value) = op.attr(air_attrs::OPERAND_SEGMENT_SIZES) else {
        problem(format!("`{name}` requires attribute `operandSegmentSizes`"));
        return None;
    };
    let AttrValue::DenseArray { ty, values } = AttrValue::read(value) else {
        problem(format!("`operandSegmentSizes` of `{name}` must be an `array<i32: ...>`"));
        return None;
    };
    let sizes: Option<Vec<usize>> = values.iter().map(|v| v.and_then(|v| usize::try_from(v).ok())).collect();
    let Some(sizes) = sizes.filter(|_| ty == "i32") else {
        problem(format!("`operandSegmentSizes` of `{name}` must be non-negative i32 values"));
        return None;
    };
    if sizes.len() != segments {
        problem(format!("`operandSegmentSizes` of `{name}` must have {segments} elements, but has {}", sizes.len()));
        return None;
    }
    let total: usize = sizes.iter().sum();
    if total != operands {
        problem(format!("`{name}` has {operands} operands, but `operandSegmentSizes` totals {total}"));
        return None;
    }
    Some(sizes)
}

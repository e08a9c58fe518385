//! `air.channel` declarations, as AIR's ChannelOp verifier (AIRDialect.cpp 3766–3845) and its
//! ODS arguments (AIR.td 620–623: `size` an I64ArrayAttr, `channel_type` a StrAttr) check
//! them: a supported `channel_type`; `broadcast_shape` of the bundle's rank following NumPy's
//! broadcasting rules; `packet_ids` only on packet channels, each a distinct 5-bit id; and
//! `air.refeed_count` (also on puts and gets, 3567–3581) a positive 32-bit count.

use super::Cx;
use crate::attr_value::AttrValue;
use crate::codes;
use air_diagnostics::TextRange;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::{AttrDict, Op};
use air_syntax::{SyntaxKind, SyntaxNode};

/// The `channel_type` values AIR's verifier accepts.
pub(super) const CHANNEL_TYPES: &[&str] =
    &["npu_dma_stream", "npu_dma_packet", "npu_cascade", "npu_mmio", "gpu_symmetric_heap"];

/// AIR's name for the re-feed count attribute (`air::attrs::RefeedCount`).
const REFEED_COUNT: &str = air_attrs::REFEED_COUNT;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        match name {
            air_ops::CHANNEL => declaration(cx, op),
            air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET => refeed_count(cx, op),
            _ => {}
        }
    }
}

/// An attribute of the op (any dictionary) with its value read.
fn attribute<'a>(op: Op<'a>, key: &str) -> Option<(SyntaxNode<'a>, AttrValue)> {
    let entry = op.attr_dicts().into_iter().find_map(|dict: AttrDict<'a>| dict.entry(key))?;
    let value = entry.child(SyntaxKind::ATTRIBUTE);
    Some((entry, value.map(AttrValue::read).unwrap_or(AttrValue::Unit)))
}

/// The bundle sizes: the custom form's `[...]` or the generic form's `size` property.
fn bundle(op: Op<'_>) -> Option<(TextRange, AttrValue)> {
    if op.is_generic() {
        return attribute(op, "size").map(|(entry, value)| (entry.text_range(), value));
    }
    let group = op.node().child(SyntaxKind::GROUP)?;
    Some((group.text_range(), AttrValue::read(group)))
}

fn declaration(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let channel_type = match attribute(op, "channel_type") {
        None => "npu_dma_stream".to_string(),
        Some((entry, AttrValue::Str(value))) => {
            if !CHANNEL_TYPES.contains(&value.as_str()) {
                let expected: Vec<String> = CHANNEL_TYPES.iter().map(|t| format!("\"{t}\"")).collect();
                cx.diagnostics.push(
                    cx.error(
                        codes::CHANNEL_TYPE,
                        format!("unsupported `channel_type` \"{value}\" on `air.channel`"),
                        entry.text_range(),
                        "not a channel type AIR knows",
                    )
                    .with_help(format!("use one of {}", expected.join(", "))),
                );
            }
            value
        }
        Some((entry, other)) => {
            cx.diagnostics.push(attribute_kind(cx, op, "channel_type", entry, &other, "a string attribute"));
            return;
        }
    };
    let sizes = match bundle(op) {
        Some((_, value @ AttrValue::Array(_))) if value.is_i64_array() => match value {
            AttrValue::Array(items) => items.iter().map(AttrValue::int).collect::<Vec<_>>(),
            _ => Vec::new(),
        },
        Some((at, other)) => {
            let diagnostic = cx
                .error(
                    codes::ATTRIBUTE_KIND,
                    format!(
                        "the bundle size of `air.channel` must be an array of i64 integers, not {}",
                        other.describe()
                    ),
                    at,
                    "size here",
                )
                .with_help("write the bundle as `[N, M]` with plain integers (`air.channel @c [2, 4]`)");
            cx.diagnostics.push(diagnostic);
            return;
        }
        None => Vec::new(),
    };
    broadcast_shape(cx, op, &sizes);
    refeed_count(cx, op);
    packet_ids(cx, op, &channel_type);
}

/// An ODS attribute-kind error (`attribute 'x' failed to satisfy constraint: ...`).
pub(super) fn attribute_kind(
    cx: &Cx<'_, '_>,
    op: Op<'_>,
    key: &str,
    entry: SyntaxNode<'_>,
    found: &AttrValue,
    expected: &str,
) -> air_diagnostics::Diagnostic {
    let diagnostic = cx.error(
        codes::ATTRIBUTE_KIND,
        format!("attribute `{key}` of `{}` must be {expected}, not {}", op.name(), found.describe()),
        entry.text_range(),
        format!("{} here", found.describe()),
    );
    cx.secondary(diagnostic, name_range(op), "on this op")
        .with_help(format!("AIR's ODS declares `{key}` as {expected}"))
}

fn broadcast_shape(cx: &mut Cx<'_, '_>, op: Op<'_>, sizes: &[Option<i64>]) {
    // AIR reads `broadcast_shape` with `getAttrOfType<ArrayAttr>`: anything else is not a
    // broadcast at all.
    let Some((entry, AttrValue::Array(shape))) = attribute(op, "broadcast_shape") else { return };
    let at = entry.text_range();
    let mut problem = |message: String, help: &str| {
        cx.diagnostics.push(cx.error(codes::BROADCAST_SHAPE, message, at, "broadcast_shape here").with_help(help));
    };
    if shape.len() != sizes.len() {
        problem(
            format!("`broadcast_shape` has rank {} but the channel bundle has rank {}", shape.len(), sizes.len()),
            "give `broadcast_shape` one entry per bundle dimension",
        );
        return;
    }
    for (i, (size, bcast)) in sizes.iter().zip(&shape).enumerate() {
        let Some(bcast) = bcast.int() else {
            problem(
                format!("`broadcast_shape[{i}]` must be an integer, not {}", bcast.describe()),
                "write `broadcast_shape` as a list of integers",
            );
            return;
        };
        let Some(size) = *size else { return };
        if bcast < size {
            problem(
                format!("`broadcast_shape[{i}]` ({bcast}) must be >= size[{i}] ({size}): broadcasting cannot shrink a dimension"),
                "each `broadcast_shape` entry is the bundle size or larger",
            );
            return;
        }
        if size != bcast && size != 1 {
            problem(
                format!("size[{i}] ({size}) is not compatible with `broadcast_shape[{i}]` ({bcast}): size must be 1 or equal to it (NumPy broadcasting)"),
                "broadcast only along dimensions of size 1",
            );
            return;
        }
    }
}

fn refeed_count(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let Some((entry, value)) = attribute(op, REFEED_COUNT) else { return };
    let message = match &value {
        AttrValue::Int { value: Some(n), .. } if (1..=i64::from(i32::MAX)).contains(n) => return,
        AttrValue::Int { value, .. } => format!(
            "`{REFEED_COUNT}` ({}) on `{}` must be in [1, INT32_MAX]",
            value.map(|v| v.to_string()).unwrap_or_else(|| "out of range".to_string()),
            op.name()
        ),
        other => format!("`{REFEED_COUNT}` on `{}` must be an integer, not {}", op.name(), other.describe()),
    };
    cx.diagnostics
        .push(cx.error(codes::REFEED_COUNT, message, entry.text_range(), "re-feed count here").with_help(
            "the count sizes a 32-bit semaphore lock: give a positive integer, e.g. `air.refeed_count = 4`",
        ));
}

fn packet_ids(cx: &mut Cx<'_, '_>, op: Op<'_>, channel_type: &str) {
    let Some((entry, value)) = attribute(op, "packet_ids") else { return };
    let at = entry.text_range();
    let mut problem = |message: String, help: &str| {
        cx.diagnostics.push(cx.error(codes::PACKET_IDS, message, at, "packet_ids here").with_help(help));
    };
    let AttrValue::Array(ids) = value else {
        problem(format!("`packet_ids` must be an array, not {}", value.describe()), "write `packet_ids = [0, 1]`");
        return;
    };
    if channel_type != "npu_dma_packet" {
        problem(
            format!("`packet_ids` is only valid on a \"npu_dma_packet\" channel, not on \"{channel_type}\""),
            "add `channel_type = \"npu_dma_packet\"`, or drop `packet_ids`",
        );
        return;
    }
    let mut seen = 0u32;
    for id in ids {
        let Some(id) = id.int() else {
            problem("`packet_ids` elements must be integers".to_string(), "write `packet_ids = [0, 1]`");
            return;
        };
        if !(0..=31).contains(&id) {
            problem(format!("packet id {id} must be in [0, 31]"), "an AIE packet id has 5 bits");
            return;
        }
        if seen & (1u32 << id) != 0 {
            problem(format!("packet id {id} is duplicated"), "give each id once");
            return;
        }
        seen |= 1u32 << id;
    }
}

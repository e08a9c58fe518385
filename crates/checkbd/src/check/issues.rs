//! How a field issue of one buffer descriptor (from `dims`) becomes a finding: the rule, the
//! message with the numbers, the label on the transfer's operand, and the remedy.

use super::dims::Issue;
use super::{Cx, Finding};
use crate::rules::{self, Rule};
use air_model::program::Endpoint;

pub(super) fn emit_issue(cx: &mut Cx<'_>, endpoint: &Endpoint, issue: &Issue, level: &str, repeat_help: &str) {
    let at = endpoint.operand_range;
    let file = cx.file;
    let (rule, severity_error, message, help): (&'static Rule, bool, String, String) = match issue {
        Issue::Repeat { value, limit } => (
            &rules::REPEAT_COUNT,
            true,
            format!("this {level} transfer needs repeat count {value} (runs {}), the limit is {limit}", value + 1),
            repeat_help.to_string(),
        ),
        Issue::Wrap { dim, value, limit } => (
            &rules::WRAP,
            true,
            format!("dimension d{dim} of this {level} transfer has wrap {value}, the field holds at most {limit}"),
            "split the dimension (reshape the transfer so every size is at most 1023 granules), or make the transfer contiguous".to_string(),
        ),
        Issue::Stride { dim, granules, limit } => (
            &rules::STRIDE,
            true,
            format!("dimension d{dim} of this {level} transfer steps {granules} granules (4 B), the field holds at most {limit}"),
            "shrink the stride (a smaller tile_k_l2 or a transposed layout on the host) or split the transfer".to_string(),
        ),
        Issue::StaticSize { dim, size } => (
            &rules::WRAP,
            true,
            format!("dimension d{dim} of this {level} transfer has size {size}; the BD verifier accepts at most 512 (`Size may not exceed 1023.`, mlir-aie DMABDOp::verify)"),
            "split the dimension so every size is at most 512 elements, or make the transfer contiguous".to_string(),
        ),
        Issue::StaticStride { dim, elements } => (
            &rules::STRIDE,
            true,
            format!("dimension d{dim} of this {level} transfer steps {elements} elements; the BD verifier accepts less than 524288 (`Stride may not exceed 1048576`, mlir-aie DMABDOp::verify)"),
            "shrink the stride (a smaller L2 tile, or a different layout) or split the transfer".to_string(),
        ),
        Issue::Length { words, limit } => (
            &rules::BD_LENGTH,
            true,
            format!("this {level} transfer is {words} words long, the BD length field holds {limit}"),
            "split the transfer into smaller pieces".to_string(),
        ),
        Issue::Dims { value, limit } => (
            &rules::BD_DIMS,
            true,
            format!("this {level} transfer needs {value} dimensions, a BD has {limit}"),
            "merge or drop dimensions of the access pattern".to_string(),
        ),
        Issue::D0Bytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("the innermost dimension of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2 for a GEMV output row)".to_string(),
        ),
        Issue::StrideBytes { dim, bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("dimension d{dim} of this {level} transfer steps {bytes} bytes, not a multiple of 4"),
            "use strides that are whole 32-bit words".to_string(),
        ),
        Issue::LengthBytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("this {level} transfer moves {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2)".to_string(),
        ),
        Issue::OffsetBytes { bytes } => (
            &rules::ALIGNMENT,
            true,
            format!("an offset of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "start every transfer on a 4-byte boundary".to_string(),
        ),
        Issue::InnerStride { stride, elem_bits } => (
            &rules::INNER_STRIDE,
            true,
            format!("the innermost stride of this {level} transfer is {stride} elements of a {elem_bits}-bit type; it must be 1"),
            "restructure the layout so the innermost dimension is contiguous (e.g. transpose on the host, or change the producer's memref shape)".to_string(),
        ),
    };
    let mut finding = if severity_error { Finding::error(rule, message) } else { Finding::warning(rule, message) };
    finding = finding.at(file, at, format!("{level} side: {}", describe_operand(cx, endpoint)));
    if let Issue::InnerStride { .. } = issue {
        finding = finding.note("on the shim path mlir-aie does not check this: the transfer may compile and move the wrong elements (model doc §3.4)");
    }
    cx.emit(finding.help(help));
}

fn describe_operand(cx: &Cx<'_>, endpoint: &Endpoint) -> String {
    let _ = cx;
    match endpoint.kind {
        air_model::program::EndpointKind::DmaSrc => "source".to_string(),
        air_model::program::EndpointKind::DmaDst => "destination".to_string(),
        air_model::program::EndpointKind::Put => "put".to_string(),
        air_model::program::EndpointKind::Get => "get".to_string(),
    }
}

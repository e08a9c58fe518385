//! The text of the fields findings: how a field issue of one buffer descriptor (from `dims`)
//! reads: the rule, the message with the numbers, the label on the transfer's operand, and the
//! remedy.

use super::Finding;
use crate::check::dims::Issue;
use crate::facts::fields::{FieldFact, RepeatRemedy};
use crate::rules::{self, Rule};
use air_diagnostics::FileId;
use air_model::program::{EndpointKind, Level};

pub(super) fn render(fact: &FieldFact, file: FileId) -> Finding {
    match fact {
        FieldFact::Issue { issue, operand, kind, level, repeat } => {
            let (rule, message, help) = issue_text(issue, level_name(*level), *repeat);
            let mut finding = Finding::error(rule, message).at(
                file,
                *operand,
                format!("{} side: {}", level_name(*level), operand_name(*kind)),
            );
            if let Issue::InnerStride { .. } = issue {
                finding = finding.note("on the shim path mlir-aie does not check this: the transfer may compile and move the wrong elements (model doc §3.4)");
            }
            finding.help(help)
        }
    }
}

/// The memory level as the findings name it.
pub(super) fn level_name(level: Level) -> &'static str {
    match level {
        Level::L1 => "L1",
        Level::L2 => "L2",
        Level::L3 => "L3",
        Level::Other => "other",
    }
}

/// Which operand of its op a transfer's side is.
fn operand_name(kind: EndpointKind) -> &'static str {
    match kind {
        EndpointKind::DmaSrc => "source",
        EndpointKind::DmaDst => "destination",
        EndpointKind::Put => "put",
        EndpointKind::Get => "get",
    }
}

/// The help of a repeat count over its limit.
fn repeat_help(remedy: RepeatRemedy) -> &'static str {
    match remedy {
        RepeatRemedy::None => "",
        RepeatRemedy::SplitShimTask => "split the transfer (run the kernel per partition, tile the launch loop with its slice's shim_dma_tile_sizes, or give the repeated operand its own launch) so each task repeats at most 256 times",
    }
}

/// The rule, message and help of one issue of a transfer at `level`.
fn issue_text(issue: &Issue, level: &str, repeat: RepeatRemedy) -> (&'static Rule, String, &'static str) {
    match issue {
        Issue::Repeat { value, limit } => (
            &rules::REPEAT_COUNT,
            format!("this {level} transfer needs repeat count {value} (runs {}), the limit is {limit}", value + 1),
            repeat_help(repeat),
        ),
        Issue::Wrap { dim, value, limit } => (
            &rules::WRAP,
            format!("dimension d{dim} of this {level} transfer has wrap {value}, the field holds at most {limit}"),
            "split the dimension (reshape the transfer so every size is at most 1023 granules), or make the transfer contiguous",
        ),
        Issue::Stride { dim, granules, limit } => (
            &rules::STRIDE,
            format!("dimension d{dim} of this {level} transfer steps {granules} granules (4 B), the field holds at most {limit}"),
            "shrink the stride (a smaller tile_k_l2 or a transposed layout on the host) or split the transfer",
        ),
        Issue::StaticSize { dim, size } => (
            &rules::WRAP,
            format!("dimension d{dim} of this {level} transfer has size {size}; the BD verifier accepts at most 512 (`Size may not exceed 1023.`, mlir-aie DMABDOp::verify)"),
            "split the dimension so every size is at most 512 elements, or make the transfer contiguous",
        ),
        Issue::StaticStride { dim, elements } => (
            &rules::STRIDE,
            format!("dimension d{dim} of this {level} transfer steps {elements} elements; the BD verifier accepts less than 524288 (`Stride may not exceed 1048576`, mlir-aie DMABDOp::verify)"),
            "shrink the stride (a smaller L2 tile, or a different layout) or split the transfer",
        ),
        Issue::ZeroStride { dim, size } => (
            &rules::STRIDE,
            format!("dimension d{dim} of this {level} transfer moves {size} elements with stride 0; a shim BD's dimensions d0-d2 step by at least 1 (`Stride {dim} must be a positive integer.`, mlir-aie verifyStridesWraps)"),
            "give the dimension its real stride (1 for a contiguous run: AIR's patterns take strides as written, a 0 is not \"contiguous\"), or drop it (size 1)",
        ),
        Issue::Length { words, limit } => (
            &rules::BD_LENGTH,
            format!("this {level} transfer is {words} words long, the BD length field holds {limit}"),
            "split the transfer into smaller pieces",
        ),
        Issue::Dims { value, limit } => (
            &rules::BD_DIMS,
            format!("this {level} transfer needs {value} dimensions, a BD has {limit}"),
            "merge or drop dimensions of the access pattern",
        ),
        Issue::D0Bytes { bytes } => (
            &rules::ALIGNMENT,
            format!("the innermost dimension of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2 for a GEMV output row)",
        ),
        Issue::StrideBytes { dim, bytes } => (
            &rules::ALIGNMENT,
            format!("dimension d{dim} of this {level} transfer steps {bytes} bytes, not a multiple of 4"),
            "use strides that are whole 32-bit words",
        ),
        Issue::LengthBytes { bytes } => (
            &rules::ALIGNMENT,
            format!("this {level} transfer moves {bytes} bytes, not a multiple of 4"),
            "move whole 32-bit words: for bf16 an even number of elements (e.g. tile_m ≥ 2)",
        ),
        Issue::OffsetBytes { bytes } => (
            &rules::ALIGNMENT,
            format!("an offset of this {level} transfer is {bytes} bytes, not a multiple of 4"),
            "start every transfer on a 4-byte boundary",
        ),
        Issue::InnerStride { stride, elem_bits } => (
            &rules::INNER_STRIDE,
            format!("the innermost stride of this {level} transfer is {stride} elements of a {elem_bits}-bit type; it must be 1"),
            "restructure the layout so the innermost dimension is contiguous (e.g. transpose on the host, or change the producer's memref shape)",
        ),
    }
}

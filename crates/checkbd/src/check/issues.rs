//! A field issue of one buffer descriptor (from `dims`) as a fact: the issue, the transfer's
//! operand and its side (`render::fields` gives it words).

use super::dims::Issue;
use super::Cx;
use crate::facts::fields::{FieldFact, RepeatRemedy};
use air_model::program::{Endpoint, Level};

/// Reports `issue` of `endpoint`'s side at `level` ("L1", "L2" or "L3"). `repeat_help` is
/// empty: a repeat count over its limit only comes from a shim task, whose remedy the shim
/// check gives as data ([`report_issue`] with [`RepeatRemedy::SplitShimTask`]).
pub(super) fn emit_issue(cx: &mut Cx<'_>, endpoint: &Endpoint, issue: &Issue, level: &str, repeat_help: &str) {
    debug_assert!(repeat_help.is_empty(), "a repeat remedy is data: call report_issue");
    report_issue(cx, endpoint, issue, level_of(level), RepeatRemedy::None);
}

/// Reports `issue` of `endpoint`'s side at `level`, with the remedy of a repeat count over its limit.
pub(super) fn report_issue(cx: &mut Cx<'_>, endpoint: &Endpoint, issue: &Issue, level: Level, repeat: RepeatRemedy) {
    cx.report(FieldFact::Issue {
        issue: issue.clone(),
        operand: endpoint.operand_range,
        kind: endpoint.kind,
        level,
        repeat,
    });
}

/// The memory level the checks name "L1", "L2" or "L3".
pub(super) fn level_of(name: &str) -> Level {
    match name {
        "L1" => Level::L1,
        "L2" => Level::L2,
        "L3" => Level::L3,
        _ => Level::Other,
    }
}

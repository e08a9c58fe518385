//! A field issue of one buffer descriptor (from `dims`) as a fact: the issue, the transfer's
//! operand and its side (`render::fields` gives it words).

use super::dims::Issue;
use super::Cx;
use crate::facts::fields::{FieldFact, RepeatRemedy};
use air_model::program::{Endpoint, Level};

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

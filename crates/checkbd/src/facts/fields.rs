//! Facts of the fields of one buffer descriptor: wraps, strides, repeat counts, lengths, alignment.

use crate::check::dims::Issue;
use air_diagnostics::TextRange;
use air_model::program::{EndpointKind, Level};

/// What the fields checks found.
#[derive(Clone, Debug)]
pub(crate) enum FieldFact {
    /// One field of the BD(s) a transfer becomes is out of range.
    Issue {
        /// The field and its numbers.
        issue: Issue,
        /// The transfer's operand on the side the BD serves.
        operand: TextRange,
        /// Which operand of its op that is (source, destination, put, get).
        kind: EndpointKind,
        /// The memory level of that side (L1: a core, L2: a memtile, L3: the shim).
        level: Level,
        /// The remedy of a repeat count over the limit.
        repeat: RepeatRemedy,
    },
}

/// The remedy a repeat count over its limit gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RepeatRemedy {
    /// None is given (an empty help; core and memtile BDs have no repeat count to check).
    None,
    /// Split the shim task so each repeats at most 256 times.
    SplitShimTask,
}

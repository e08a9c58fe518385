//! Facts of the fields of one buffer descriptor: wraps, strides, repeat counts, lengths, alignment.

/// What the fields checks found.
#[derive(Clone, Debug)]
pub(crate) enum FieldFact {}

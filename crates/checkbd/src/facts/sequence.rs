//! Facts of host transfers the lowering cannot build.

/// What the sequence checks found.
#[derive(Clone, Debug)]
pub(crate) enum SequenceFact {}

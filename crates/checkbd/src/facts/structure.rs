//! Facts of the module as a whole: symbols shared across launches, generic-form ops, buffer-object spans, a module with nothing to check.

/// What the structure checks found.
#[derive(Clone, Debug)]
pub(crate) enum StructureFact {}

//! Facts of herds on the core array.

/// What the placement checks found.
#[derive(Clone, Debug)]
pub(crate) enum PlacementFact {}

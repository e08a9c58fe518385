//! Facts of L1 per core, L2 per segment and per memtile.

/// What the memory checks found.
#[derive(Clone, Debug)]
pub(crate) enum MemoryFact {}

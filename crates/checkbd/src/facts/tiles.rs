//! Facts of core tiles' and memtiles' DMA channels, BD chains and locks.

/// What the tiles checks found.
#[derive(Clone, Debug)]
pub(crate) enum TileFact {}

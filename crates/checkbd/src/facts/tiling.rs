//! Facts of a launch's `air.shim_dma_tile_sizes` as air-opt-shim-dma-bds reads it.

/// What the tiling checks found.
#[derive(Clone, Debug)]
pub(crate) enum TilingFact {}

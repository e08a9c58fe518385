//! Facts of shim DMA channels and buffer descriptors per shim tile.

/// What the shim checks found.
#[derive(Clone, Debug)]
pub(crate) enum ShimFact {}

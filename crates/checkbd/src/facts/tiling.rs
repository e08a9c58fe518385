//! Facts of a launch's `air.shim_dma_tile_sizes` as air-opt-shim-dma-bds reads it.

use air_diagnostics::TextRange;
use air_model::program::TileSizesValue;

/// What the tiling check found on one launch's attribute (`at` is the attribute).
#[derive(Clone, Debug)]
pub(crate) enum TilingFact {
    /// A non-empty global `--air-runtime-loop-tiling-sizes` wins over the attribute.
    Overridden {
        at: TextRange,
        /// The attribute's value, and the launch's label.
        value: TileSizesValue,
        unit: String,
        /// The global sizes (`[0]` turns tiling off everywhere).
        global: Vec<i64>,
    },
    /// Not an `array<i64: ...>`: AIR reads it as no attribute.
    NotDense { at: TextRange, text: String, unit: String },
    /// `array<i64>`: the pass fails.
    Empty { at: TextRange },
    /// A size ≤ 0 other than the single `0`: the pass fails.
    NotPositive { at: TextRange, sizes: Vec<i64> },
}

//! A launch's `air.shim_dma_tile_sizes` as `air-opt-shim-dma-bds` reads it (Xilinx/mlir-air
//! `AIRDependencyScheduleOpt.cpp`, `AIROptimizeShimDMABDs`): a non-empty global
//! `shim-dma-tile-sizes` (aircc's `--air-runtime-loop-tiling-sizes`) wins over every launch's
//! attribute, its single `0` turns tiling off everywhere; otherwise the attribute is validated
//! (empty, or a value ≤ 0 other than the single `0`, fails the pass with AIR's
//! messages, quoted in `render/tiling.rs`) and only a `DenseI64ArrayAttr` is read.

use super::{Cx, Unit};
use crate::facts::tiling::TilingFact;
use air_model::program::{TileSizesAttr, TileSizesValue};

/// Whether AIR accepts the sizes (as the pass validates them).
pub(crate) fn valid(sizes: &[i64]) -> bool {
    !sizes.is_empty() && (sizes == [0] || sizes.iter().all(|&v| v > 0))
}

/// Checks one launch's attribute.
pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit) {
    let Some(launch) = unit.launch.map(|l| cx.prog.launch(l)) else { return };
    let Some(TileSizesAttr { range: at, value }) = launch.tile_sizes_attr.clone() else { return };
    let global = &cx.opts.runtime_loop_tiling_sizes;
    if !global.is_empty() {
        // The pass reads the attribute only when the global option is empty (and not `0`).
        let fact = TilingFact::Overridden { at, value, unit: unit.label.clone(), global: global.clone() };
        cx.report(fact);
        return;
    }
    match value {
        TileSizesValue::Other(text) => cx.report(TilingFact::NotDense { at, text, unit: unit.label.clone() }),
        TileSizesValue::Dense(sizes) if sizes.is_empty() => cx.report(TilingFact::Empty { at }),
        TileSizesValue::Dense(sizes) if !valid(&sizes) => cx.report(TilingFact::NotPositive { at, sizes }),
        TileSizesValue::Dense(_) => {}
    }
}

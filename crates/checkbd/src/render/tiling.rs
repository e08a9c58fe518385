//! The text of the `air.shim_dma_tile_sizes` findings, with AIR's own messages.

use super::Finding;
use crate::facts::tiling::TilingFact;
use crate::rules;
use air_diagnostics::FileId;
use air_model::program::TileSizesValue;
use air_syntax::air_attrs::SHIM_DMA_TILE_SIZES as TILE_SIZES_ATTR;

/// AIR's messages (`emitOpError` on the launch).
const EMPTY_MESSAGE: &str = "air.shim_dma_tile_sizes must not be empty";
const NOT_POSITIVE_MESSAGE: &str =
    "air.shim_dma_tile_sizes values must be > 0 (use single-value [0] for the skip-tile sentinel)";

pub(super) fn render(fact: &TilingFact, file: FileId) -> Finding {
    match fact {
        TilingFact::Overridden { at, value, unit, global } => {
            let written = match value {
                TileSizesValue::Dense(sizes) => {
                    format!("array<i64{}>", if sizes.is_empty() { String::new() } else { format!(": {}", join(sizes, ", ")) })
                }
                TileSizesValue::Other(text) => text.clone(),
            };
            let message = if global.as_slice() == [0] {
                format!("--air-runtime-loop-tiling-sizes 0 turns runtime loop tiling off for every launch: {TILE_SIZES_ATTR} = {written} of {unit} is not used")
            } else {
                format!(
                    "the global --air-runtime-loop-tiling-sizes {} overrides {TILE_SIZES_ATTR} = {written} of {unit}",
                    join(global, ",")
                )
            };
            Finding::info(&rules::TILING_OVERRIDDEN, message)
                .at(file, *at, "not used")
                .note("aircc passes the option to air-opt-shim-dma-bds as shim-dma-tile-sizes, which wins over the per-launch attribute when non-empty (mlir-air Passes.td)")
                .help("drop the global option to compile each launch with its own tiling, as the plan's shim_dma_tile_sizes set it")
        }
        TilingFact::NotDense { at, text, unit } => Finding::warning(
            &rules::SHIM_DMA_TILE_SIZES,
            format!("{TILE_SIZES_ATTR} = {text} is not an array<i64: ...>: AIR reads only that form, so {unit} is not tiled"),
        )
        .at(file, *at, "ignored by AIR")
        .note("AIROptimizeShimDMABDs reads the attribute with getAttrOfType<DenseI64ArrayAttr>; another attribute kind reads as none")
        .help("write the sizes as `array<i64: 2, 2>` (or `array<i64: 0>` to skip tiling for this launch)"),
        TilingFact::Empty { at } => Finding::error(&rules::SHIM_DMA_TILE_SIZES, EMPTY_MESSAGE)
            .at(file, *at, "empty")
            .note(format!("AIR: `'air.launch' op {EMPTY_MESSAGE}` (air-opt-shim-dma-bds, AIRDependencyScheduleOpt.cpp)"))
            .help("give one size per launch loop (`array<i64: 2, 2>`), one size for all (`array<i64: 2>`), `array<i64: 0>` to skip tiling, or drop the attribute"),
        TilingFact::NotPositive { at, sizes } => Finding::error(&rules::SHIM_DMA_TILE_SIZES, NOT_POSITIVE_MESSAGE)
            .at(file, *at, format!("[{}]", join(sizes, ", ")))
            .note(format!("AIR: `'air.launch' op {NOT_POSITIVE_MESSAGE}` (air-opt-shim-dma-bds, AIRDependencyScheduleOpt.cpp)"))
            .help("use sizes > 0, one per launch loop, or the single `0` to skip tiling for this launch"),
    }
}

fn join(sizes: &[i64], sep: &str) -> String {
    sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(sep)
}

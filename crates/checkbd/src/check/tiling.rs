//! A launch's `air.shim_dma_tile_sizes` as `air-opt-shim-dma-bds` reads it (Xilinx/mlir-air
//! `AIRDependencyScheduleOpt.cpp`, `AIROptimizeShimDMABDs`): a non-empty global
//! `shim-dma-tile-sizes` (aircc's `--air-runtime-loop-tiling-sizes`) wins over every launch's
//! attribute, its single `0` turns tiling off everywhere; otherwise the attribute is validated
//! (empty, or a value ≤ 0 other than the single `0`, fails the pass with the messages below)
//! and only a `DenseI64ArrayAttr` is read.

use super::{Cx, Finding, Unit};
use crate::rules;
use air_model::program::{TileSizesAttr, TileSizesValue};
use air_syntax::air_attrs::SHIM_DMA_TILE_SIZES as TILE_SIZES_ATTR;

/// AIR's messages (`emitOpError` on the launch).
pub(crate) const EMPTY_MESSAGE: &str = "air.shim_dma_tile_sizes must not be empty";
pub(crate) const NOT_POSITIVE_MESSAGE: &str =
    "air.shim_dma_tile_sizes values must be > 0 (use single-value [0] for the skip-tile sentinel)";

/// Whether AIR accepts the sizes (as the pass validates them).
pub(crate) fn valid(sizes: &[i64]) -> bool {
    !sizes.is_empty() && (sizes == [0] || sizes.iter().all(|&v| v > 0))
}

fn global(cx: &Cx<'_>) -> String {
    cx.opts.runtime_loop_tiling_sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

/// Checks one launch's attribute.
pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit) {
    let Some(launch) = unit.launch.map(|l| cx.prog.launch(l)) else { return };
    let Some(TileSizesAttr { range, value }) = launch.tile_sizes_attr.clone() else { return };
    let written = match &value {
        TileSizesValue::Dense(sizes) => {
            format!("array<i64{}>", if sizes.is_empty() { String::new() } else { format!(": {}", join(sizes)) })
        }
        TileSizesValue::Other(text) => text.clone(),
    };
    let global_sizes = &cx.opts.runtime_loop_tiling_sizes;
    if !global_sizes.is_empty() {
        // The pass reads the attribute only when the global option is empty (and not `0`).
        let message = if global_sizes == &[0] {
            format!("--air-runtime-loop-tiling-sizes 0 turns runtime loop tiling off for every launch: {TILE_SIZES_ATTR} = {written} of {} is not used", unit.label)
        } else {
            format!(
                "the global --air-runtime-loop-tiling-sizes {} overrides {TILE_SIZES_ATTR} = {written} of {}",
                global(cx),
                unit.label
            )
        };
        cx.emit(
            Finding::info(&rules::TILING_OVERRIDDEN, message)
                .at(cx.file, range, "not used")
                .note("aircc passes the option to air-opt-shim-dma-bds as shim-dma-tile-sizes, which wins over the per-launch attribute when non-empty (mlir-air Passes.td)")
                .help("drop the global option to compile each launch with its own tiling, as the plan's shim_dma_tile_sizes set it"),
        );
        return;
    }
    match value {
        TileSizesValue::Other(text) => cx.emit(
            Finding::warning(
                &rules::SHIM_DMA_TILE_SIZES,
                format!("{TILE_SIZES_ATTR} = {text} is not an array<i64: ...>: AIR reads only that form, so {} is not tiled", unit.label),
            )
            .at(cx.file, range, "ignored by AIR")
            .note("AIROptimizeShimDMABDs reads the attribute with getAttrOfType<DenseI64ArrayAttr>; another attribute kind reads as none")
            .help("write the sizes as `array<i64: 2, 2>` (or `array<i64: 0>` to skip tiling for this launch)"),
        ),
        TileSizesValue::Dense(sizes) if sizes.is_empty() => cx.emit(
            Finding::error(&rules::SHIM_DMA_TILE_SIZES, EMPTY_MESSAGE)
                .at(cx.file, range, "empty")
                .note(format!("AIR: `'air.launch' op {EMPTY_MESSAGE}` (air-opt-shim-dma-bds, AIRDependencyScheduleOpt.cpp)"))
                .help("give one size per launch loop (`array<i64: 2, 2>`), one size for all (`array<i64: 2>`), `array<i64: 0>` to skip tiling, or drop the attribute"),
        ),
        TileSizesValue::Dense(sizes) if !valid(&sizes) => cx.emit(
            Finding::error(&rules::SHIM_DMA_TILE_SIZES, NOT_POSITIVE_MESSAGE)
                .at(cx.file, range, format!("[{}]", join(&sizes)))
                .note(format!("AIR: `'air.launch' op {NOT_POSITIVE_MESSAGE}` (air-opt-shim-dma-bds, AIRDependencyScheduleOpt.cpp)"))
                .help("use sizes > 0, one per launch loop, or the single `0` to skip tiling for this launch"),
        ),
        TileSizesValue::Dense(_) => {}
    }
}

fn join(sizes: &[i64]) -> String {
    sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

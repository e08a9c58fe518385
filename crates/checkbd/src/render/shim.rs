//! The text of the shim findings: L3 transfers whose BDs are not counted, streams over the shim
//! DMA channels (AS0407, AS0408), live BDs over a shim tile's (AS0410), and the fields only a
//! lowered shim task has (AS0414's `cannot tile dim`, AS0436).

use super::Finding;
use crate::facts::shim::{Direction, OverStride, ShimFact, StreamShare, TileShare};
use crate::rules;
use air_diagnostics::{FileId, TextRange};

pub(super) fn render(fact: &ShimFact, file: FileId) -> Finding {
    match fact {
        ShimFact::PatternNotConstant { operand, why } => Finding::info(
            &rules::NOT_CONSTANT,
            format!("the access pattern of this L3 transfer {why}; its shim BDs are not counted"),
        )
        .at(file, *operand, "L3 side"),
        ShimFact::TasksNotConstant { operand, why } => Finding::info(
            &rules::NOT_CONSTANT,
            format!("the shim BDs of this L3 transfer are not counted: they depend on {why}"),
        )
        .at(file, *operand, "L3 side"),
        ShimFact::Channels { direction, unit, device, used, limit, shim_tiles, per_tile, streams } => {
            let over = ChannelsOver { unit, device: device.name(), used: *used, limit: *limit, shim_tiles: *shim_tiles, per_tile: *per_tile };
            channels(file, *direction, &over, streams)
        }
        ShimFact::BdsPerTile { unit, tile, peak, limit, untiled, in_flight, parts } => {
            let over = TileOver { unit, tile: *tile, peak: *peak, limit: *limit, untiled: *untiled, in_flight: *in_flight };
            bds_per_tile(file, &over, parts)
        }
        ShimFact::CannotTile { operand, size, alignment } => Finding::error(
            &rules::WRAP,
            format!("AIR cannot tile a dimension of size {size} of this L3 transfer into shim-legal pieces"),
        )
        .at(file, *operand, "L3 side")
        .note(format!("no factor of {size} in [{alignment}, 1023] is a multiple of {alignment} elements (AIRRtToNpuPass `cannot tile dim`)"))
        .help("pad or reshape the dimension to a size with a factor ≤ 1023 (e.g. a multiple of 64)"),
        ShimFact::IterationStride { operand, over } => iteration_stride(file, *operand, over),
    }
}

/// The numbers of AS0407/AS0408.
struct ChannelsOver<'a> {
    unit: &'a str,
    device: &'static str,
    used: i64,
    limit: i64,
    shim_tiles: i64,
    per_tile: i64,
}

/// AS0407 / AS0408: the largest stream families labelled, every one explained.
fn channels(file: FileId, direction: Direction, over: &ChannelsOver<'_>, streams: &[StreamShare]) -> Finding {
    let (rule, dir) = match direction {
        Direction::Mm2s => (&rules::SHIM_MM2S_CHANNELS, "input (MM2S, L3 → array)"),
        Direction::S2mm => (&rules::SHIM_S2MM_CHANNELS, "output (S2MM, array → L3)"),
    };
    let ChannelsOver { unit, device, used, limit, shim_tiles, per_tile } = *over;
    let mut family: Vec<&StreamShare> = streams.iter().collect();
    family.sort_by_key(|s| std::cmp::Reverse(s.count));
    let message = format!("{unit} needs {used} {dir} shim DMA streams, {device} has {limit}");
    let mut f = Finding::error(rule, message);
    if let Some(first) = family.first() {
        f = f.at(file, first.operand, format!("{} streams", first.count));
    }
    for s in family.iter().skip(1).take(5) {
        f = f.also(file, s.operand, format!("{} streams", s.count));
    }
    for s in &family {
        f = f.note(format!("{} from `{}`: {}", plural(s.count, "stream"), s.text, s.why_count));
    }
    f.note("aie-place-tiles then finds no shim tile for them: `no ShimNOCTile has sufficient DMA capacity` (mlir-aie AIEPlaceTiles, SequentialPlacer)")
        .need(format!("{used} streams"), format!("{limit} ({shim_tiles} shim tiles × {per_tile} channels)"))
        .help("use fewer cores per L3 stream: a herd of 8×1 (or 2×4) for kernels that stream 3 tensors per core, 16 cores for 2; or stage the data through L2 so one shim stream feeds many cores")
}

/// The numbers of AS0410.
struct TileOver<'a> {
    unit: &'a str,
    tile: usize,
    peak: i64,
    limit: i64,
    untiled: bool,
    in_flight: i64,
}

/// AS0410: the tile's heaviest streams labelled, every one explained, and up to two loops that
/// do not fold labelled.
fn bds_per_tile(file: FileId, over: &TileOver<'_>, parts: &[TileShare]) -> Finding {
    let TileOver { unit, tile, peak, limit, untiled, in_flight } = *over;
    let mut parts: Vec<&TileShare> = parts.iter().collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.bds));
    let mut f = Finding::error(
        &rules::SHIM_BDS_PER_TILE,
        format!("shim tile {tile} needs {peak} live buffer descriptors in {unit}, it has {limit}"),
    );
    if let Some(heaviest) = parts.first() {
        f = f.at(file, heaviest.operand, format!("{} on shim tile {tile}", plural(heaviest.bds, "BD")));
    }
    for p in parts.iter().skip(1).take(5) {
        f = f.also(file, p.operand, format!("{} on the same tile", plural(p.bds, "BD")));
    }
    let mut labelled_loops: Vec<TextRange> = Vec::new();
    for p in &parts {
        let capped = match p.capped_tasks {
            Some(tasks) => format!(" (of its {tasks} tasks, boundShimFeedBursts keeps {in_flight} in flight)"),
            None => String::new(),
        };
        f = f.note(format!("{}{capped} for `{}`: {}", plural(p.bds, "BD"), p.text, p.tasks_why));
        if let Some((range, label)) = &p.unfolded {
            if !labelled_loops.contains(range) && labelled_loops.len() < 2 {
                labelled_loops.push(*range);
                f = f.also(file, *range, label.clone());
            }
        }
    }
    if untiled {
        f = f.note(
            "no runtime loop tiling: an output (S2MM) task keeps its BD until the launch's end, where AIR awaits it",
        );
    }
    f.note("aiecc's aie-assign-runtime-sequence-bd-ids then fails: `Too many simultaneously active buffer descriptors on tile` (mlir-aie AIEAssignRuntimeSequenceBDIDs.cpp)")
        .need(format!("{peak} BDs"), format!("{limit} per shim tile"))
        .help("keep launch-level loops foldable (contiguous or ≤ 1023-wide inner transfers), tile this launch's loops (its slice's shim_dma_tile_sizes = [2, 2] in the plan, i.e. air.shim_dma_tile_sizes on the launch; BDs are recycled between tiles; the global --air-runtime-loop-tiling-sizes would override every slice's), or move the iteration into the segment (m_per_segment)")
}

/// AS0436.
fn iteration_stride(file: FileId, operand: TextRange, over: &OverStride) -> Finding {
    let OverStride { stride, encoded, bound, size } = *over;
    Finding::error(
        &rules::SHIM_ITERATION_STRIDE,
        format!("the outermost (iteration) dimension of this L3 transfer steps {stride} elements: encoded stride {encoded} exceeds the shim's [1:{bound}] range"),
    )
    .at(file, operand, format!("{size} iterations, stride {stride}"))
    .note("AIR leaves dimension 0 alone (AIRRtToNpuPass.cpp enforceAIE2StrideLimit folds only middle dimensions of at most 16), and the pinned aiecc's aie-decompose-large-dma-bd slices the outermost dimension only by its size bound, which leaves the stride: mlir-aie's verifier rejects the BD (`Stride 3 exceeds the [1:1048576] range.`; newer mlir-aie slices it into one transfer per iteration)")
    .help("keep the outermost stride within 2^20 granules: tile the launch loop (a plan's shim_dma_tile_sizes), or move that loop into the segment so it strides L2 instead")
}

/// `1 BD`, `3 BDs`.
fn plural(n: i64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

//! Host transfers the lowering cannot build: a shim DMA left with more than one runtime-valued
//! offset (AS0437), a host buffer reshaped outside the launch (AS0438), and the cores of a herd
//! all writing one host location (AS0439).

use super::{Cx, Finding, Unit};
use crate::rules;
use air_model::pattern::endpoint_pattern;
use air_model::program::{EndpointId, Level};
use std::collections::BTreeMap;

pub(crate) fn check(cx: &mut Cx<'_>, unit: &Unit) {
    let l3: Vec<EndpointId> =
        unit.endpoints.iter().copied().filter(|&e| cx.prog.endpoints[e].level == Level::L3).collect();
    runtime_offsets(cx, unit, &l3);
    host_views(cx, &l3);
    fan_in(cx, &l3);
}

/// AS0439. air-dma-to-channel gives a herd's host write one channel per value of the herd ids
/// its host offset depends on; the cores along any other herd dimension then put into one
/// flow, and air-to-aie refuses more than one source for a flow to L3
/// (AIRToAIESchedulingUtils.cpp, `allocateL3`). A write under an `if` (one core writing) is left
/// alone.
fn fan_in(cx: &mut Cx<'_>, l3: &[EndpointId]) {
    for &e in l3 {
        let endpoint = &cx.prog.endpoints[e];
        if endpoint.kind.reads_memory() || endpoint.chan.is_some() || !endpoint.branches.is_empty() {
            continue;
        }
        let Some(herd) = endpoint.within.herd else { continue };
        let Ok(pattern) = endpoint_pattern(endpoint) else { continue };
        let writers: i64 = cx.prog.herds[herd]
            .sizes
            .iter()
            .filter(|d| !pattern.base.depends_on(d.var))
            .filter_map(|d| d.size.as_const())
            .fold(1i64, i64::saturating_mul);
        if writers < 2 {
            continue;
        }
        cx.emit(
            Finding::error(
                &rules::L3_FAN_IN,
                format!("{writers} cores of this herd write the same host location: their flows fan in"),
            )
            .at(cx.file, endpoint.operand_range, "its offset does not depend on every herd id")
            .also(cx.file, cx.prog.herds[herd].range, "the herd")
            .note("air-to-aie gives a flow to L3 one source: `found multiple inputs for an aie.flow. Fan-in for aie.flow isn't supported in current architecture.` (mlir-air AIRToAIESchedulingUtils.cpp)")
            .help("give each core its own slice of the host buffer (an offset in every herd id whose size is above 1), or gather in L2 and write once"),
        );
    }
}

/// AS0437. `air-opt-shim-dma-bds` turns the launch into an `scf.for` nest and folds or unrolls
/// the loops around each host transfer it can isolate; a transfer written at launch level after
/// a segment that feeds it (a channel get whose put is in the segment) depends on the segment's
/// token, stays in the loop body with the segment, and neither folds nor unrolls
/// (`IsolateAsyncDmaLoopNestInSCFForPattern`, AIRDependencyScheduleOpt.cpp). airrt-to-npu
/// keeps runtime-sequence `scf.for` loops rolled, so every launch loop of more than one
/// iteration per tile whose variable reaches the transfer's offsets is a runtime offset, and
/// `DmaToNpuPattern` (AIRRtToNpuPass.cpp) lowers one at most.
fn runtime_offsets(cx: &mut Cx<'_>, unit: &Unit, l3: &[EndpointId]) {
    if unit.dims.len() < 2 {
        return;
    }
    let (windows, _) = super::shim::window_trips(cx, unit);
    for &e in l3 {
        let endpoint = &cx.prog.endpoints[e];
        let Some(chan) = &endpoint.chan else { continue };
        if endpoint.within.segment.is_some() || endpoint.within.herd.is_some() {
            continue;
        }
        // The segment that produces (or consumes) the data, written before the transfer.
        let same_channel = cx.prog.by_channel.get(chan).map(Vec::as_slice).unwrap_or(&[]);
        let feeding = same_channel.iter().map(|&o| &cx.prog.endpoints[o]).find_map(|other| {
            let segment = other.within.segment.filter(|s| unit.segments.contains(s))?;
            let range = cx.prog.segments[segment].range;
            (other.kind.reads_memory() != endpoint.kind.reads_memory() && range.start < endpoint.op_range.start)
                .then_some(range)
        });
        let Some(segment_range) = feeding else { continue };
        let Ok(pattern) = endpoint_pattern(endpoint) else { continue };
        let rolled: Vec<String> = unit
            .dims
            .iter()
            .zip(&windows)
            .filter(|(d, trip)| trip.is_none_or(|t| t > 1) && pattern.base.depends_on(d.var))
            .map(|(_, trip)| trip.map_or_else(|| "?".to_string(), |t| t.to_string()))
            .collect();
        if rolled.len() < 2 {
            continue;
        }
        let f = Finding::error(
            &rules::SHIM_RUNTIME_OFFSETS,
            format!("this host transfer keeps {} launch loops rolled around it ({} iterations per tile), so its shim DMA has {} runtime-valued offsets", rolled.len(), rolled.join(" × "), rolled.len()),
        )
        .at(cx.file, endpoint.operand_range, "offsets from the launch ids")
        .also(cx.file, segment_range, "it waits for this segment, so air-opt-shim-dma-bds cannot isolate it")
        .note("airrt-to-npu lowers one runtime-valued offset per DMA: `'airrt.dma_memcpy_nd' op more than one runtime-valued DMA offset is not supported` (mlir-air AIRRtToNpuPass.cpp DmaToNpuPattern); runtime-sequence scf.for loops stay rolled since mlir-air #1816")
        .help("write the host side inside the segment as an air.dma_memcpy_nd (upstream's GEMM form: air-dma-to-channel then hoists it without the dependence and the launch loops fold), make the launch grid one-dimensional, or tile this launch's loops by 1 (its slice's shim_dma_tile_sizes = [1, 1] in the plan, i.e. air.shim_dma_tile_sizes on the launch)");
        cx.emit(f);
    }
}

/// AS0438: one finding per view, naming the transfers that go through it.
fn host_views(cx: &mut Cx<'_>, l3: &[EndpointId]) {
    let mut by_view: BTreeMap<(u32, u32), (String, air_diagnostics::TextRange, Vec<EndpointId>)> = BTreeMap::new();
    for &e in l3 {
        if let Some((name, range)) = &cx.prog.endpoints[e].host_view {
            by_view.entry((range.start, range.end)).or_insert_with(|| (name.clone(), *range, Vec::new())).2.push(e);
        }
    }
    for (name, range, endpoints) in by_view.into_values() {
        let mut f = Finding::error(
            &rules::HOST_VIEW_IN_SEQUENCE,
            format!("this `{name}` of a host argument is outside any air.launch, and host transfers go through it"),
        )
        .at(cx.file, range, "reshape in the function body");
        for &e in endpoints.iter().take(4) {
            f = f.also(cx.file, cx.prog.endpoints[e].operand_range, "host transfer through it");
        }
        f = f
            .note("airrt-to-npu copies the function body into the runtime sequence; aiecc's aie-dma-tasks-to-npu then fails: `Buffer argument must be a constant aie.buffer, a runtime sequence input argument, or a supported chain of memref.subview, memref.view, memref.cast, or memref.reinterpret_cast operations` (mlir-aie AIEDMATasksToNPU.cpp)")
            .help("move the reshape into the air.launch body, as upstream's builders do, or pass the argument with the shape the kernel reads");
        cx.emit(f);
    }
}

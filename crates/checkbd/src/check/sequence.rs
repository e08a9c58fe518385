//! Host transfers the lowering cannot build: a shim DMA left with more than one runtime-valued
//! offset (AS0437), a host buffer reshaped outside the launch (AS0438), and the cores of a herd
//! all writing one host location (AS0439).

use super::{Cx, Unit};
use crate::facts::sequence::SequenceFact;
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
        cx.report(SequenceFact::FanIn { at: endpoint.operand_range, herd: cx.prog.herds[herd].range, writers });
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
        let rolled: Vec<Option<i64>> = unit
            .dims
            .iter()
            .zip(&windows)
            .filter(|(d, trip)| trip.is_none_or(|t| t > 1) && pattern.base.depends_on(d.var))
            .map(|(_, trip)| *trip)
            .collect();
        if rolled.len() < 2 {
            continue;
        }
        cx.report(SequenceFact::RuntimeOffsets { at: endpoint.operand_range, segment: segment_range, rolled });
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
    for (op, at, endpoints) in by_view.into_values() {
        let transfers = endpoints.iter().map(|&e| cx.prog.endpoints[e].operand_range).collect();
        cx.report(SequenceFact::HostView { at, op, transfers });
    }
}

//! Host transfers `air-dma-to-channel` promotes to packet flows (mlir-air AIRDmaToChannel.cpp,
//! "Auto-detect channels that need packet switching"): per segment, each channel between a herd
//! and an L3 buffer takes one shim DMA channel of a column; when one direction has more of them
//! than a shim column has channels (2), every one of that direction becomes an `npu_dma_packet`
//! channel. Packet flows into (or out of) one core share one of its DMA channels, so they count
//! once against the core's 2 (confirmed with the compiler kit: 3 to 6 host inputs of a 1×1 or
//! 2×1 herd lower; 3 host inputs and 1 from L2 lower, 3 and 2 do not; 2 host inputs and 1 from L2
//! do not either, as they stay circuit-switched).
//!
//! Modelled for `air.dma_memcpy_nd` in a herd with an L3 side, and for written channels the way
//! the pass reads them: a channel with a herd-side endpoint in the segment (a get: an input, a
//! put: an output; the first one met) and, outside every segment and herd, a put (input) or get
//! (output) of an L3 buffer. A written channel with `broadcast_shape` weighs by its first
//! dimension as the pass's span; one already `npu_dma_packet` adds to the pressure and is a
//! packet flow whatever the pressure (kit: 3 written host inputs of a 1×1 herd lower, and 2
//! declared packet inputs with 1 from L2). A DMA every core of a herd makes alike becomes a
//! broadcast channel (air-broadcast-detection), which weighs `ceil(K / span)` for K of them over
//! a span of the herd's columns (kit: three such inputs of a 1×2 herd lower, of a 2×1 herd do
//! not). A DMA alike along some herd dimensions only leaves its segment unpromoted: the count
//! then errs towards an error the compiler may not give, never the other way.

use super::Cx;
use air_model::program::{EndpointId, Level, SegmentId};
use std::collections::{BTreeMap, BTreeSet};

/// The stream keys (per direction: `[inputs, outputs]`) of `segment`'s herds that the compiler
/// turns into packet flows.
pub(crate) fn promoted(cx: &Cx<'_>, segment: Option<SegmentId>, endpoints: &[EndpointId]) -> [BTreeSet<String>; 2] {
    // Per direction: the streams, the non-broadcast count, the broadcast count by column span.
    let mut host: [BTreeSet<String>; 2] = [BTreeSet::new(), BTreeSet::new()];
    let mut plain = [0i64; 2];
    let mut broadcast: [BTreeMap<i64, i64>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for &e in endpoints {
        let ep = &cx.prog.endpoints[e];
        let Some(herd) = ep.within.herd else { continue };
        if ep.level != Level::L1 || ep.chan.is_some() || cx.prog.herds[herd].within.segment != segment {
            continue;
        }
        let Some(peer) = ep.peer.map(|p| &cx.prog.endpoints[p]) else { continue };
        if peer.level != Level::L3 {
            continue;
        }
        let dir = usize::from(ep.kind.reads_memory());
        if !host[dir].insert(ep.stream_key()) {
            continue;
        }
        let dims = &cx.prog.herds[herd].sizes;
        let many: Vec<_> = dims.iter().filter(|d| d.size.as_const().is_none_or(|n| n > 1)).map(|d| d.var).collect();
        let depends = |var| peer.offsets.iter().any(|o| o.as_lin().is_none_or(|l| l.depends_on(var)));
        let walked = many.iter().filter(|&&v| depends(v)).count();
        if walked == many.len() {
            plain[dir] += 1;
        } else if walked == 0 {
            let span = dims.first().and_then(|d| d.size.as_const()).unwrap_or(1).max(1);
            *broadcast[dir].entry(span).or_insert(0) += 1;
        } else {
            return [BTreeSet::new(), BTreeSet::new()];
        }
    }
    let mut declared: [BTreeSet<String>; 2] = [BTreeSet::new(), BTreeSet::new()];
    for (dir, keys, weight) in written_channels(cx, segment) {
        match weight {
            Weight::Declared => {
                plain[dir] += 1;
                declared[dir].extend(keys);
            }
            Weight::Plain => {
                plain[dir] += 1;
                host[dir].extend(keys);
            }
            Weight::Broadcast(span) => {
                *broadcast[dir].entry(span).or_insert(0) += 1;
                host[dir].extend(keys);
            }
        }
    }
    let limits = [cx.dev.shim.mm2s_channels, cx.dev.shim.s2mm_channels];
    let mut out: [BTreeSet<String>; 2] = [BTreeSet::new(), BTreeSet::new()];
    for dir in 0..2 {
        let spread: i64 = broadcast[dir].iter().map(|(span, count)| (count + span - 1) / span).sum();
        if plain[dir] + spread > i64::from(limits[dir]) {
            out[dir] = std::mem::take(&mut host[dir]);
        }
    }
    for dir in 0..2 {
        out[dir].append(&mut declared[dir]);
    }
    out
}

/// How a written channel weighs on its column's pressure.
enum Weight {
    /// Already `npu_dma_packet`: counted, never upgraded, a packet flow anyway.
    Declared,
    Plain,
    /// `broadcast_shape`, spread over this many columns.
    Broadcast(i64),
}

/// The written channels between `segment`'s herds and an L3 buffer at launch level, as
/// air-dma-to-channel selects them: (direction, the herd-side stream keys, the weight).
fn written_channels(cx: &Cx<'_>, segment: Option<SegmentId>) -> Vec<(usize, BTreeSet<String>, Weight)> {
    let mut found = Vec::new();
    for (name, info) in &cx.prog.channels {
        if info.no_dma {
            continue;
        }
        let of_channel = || cx.prog.endpoints.iter().filter(move |ep| ep.chan.as_deref() == Some(name.as_str()));
        let in_segment = |ep: &&air_model::program::Endpoint| {
            ep.within.herd.is_some_and(|h| cx.prog.herds[h].within.segment == segment)
        };
        let Some(herd_side) = of_channel().find(in_segment) else { continue };
        let Some(host_side) =
            of_channel().find(|ep| ep.within.herd.is_none() && ep.within.segment.is_none() && ep.level == Level::L3)
        else {
            continue;
        };
        // Input: a herd-side get fed by a put of an L3 buffer; output: the other way round.
        let dir = usize::from(herd_side.kind.reads_memory());
        if host_side.kind.reads_memory() == herd_side.kind.reads_memory() {
            continue;
        }
        let keys = of_channel()
            .filter(in_segment)
            .filter(|ep| ep.kind.reads_memory() == herd_side.kind.reads_memory())
            .map(|ep| ep.stream_key())
            .collect();
        let weight = match (info.packet, info.broadcast) {
            (true, _) => Weight::Declared,
            (false, true) => Weight::Broadcast(info.broadcast_span),
            (false, false) => Weight::Plain,
        };
        found.push((dir, keys, weight));
    }
    found
}

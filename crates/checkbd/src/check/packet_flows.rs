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

use air_model::device::DeviceModel;
use air_model::program::{EndpointId, HerdId, LaunchId, Level, Program, SegmentId};
use std::collections::{BTreeMap, BTreeSet};

/// Where the pass weighs a herd's host channels: its segment; a herd in a launch but in no
/// segment (no segment is walked, so nothing there is promoted); or a herd outside any launch,
/// which aircc wraps in a launch and segment of its own (air-insert-launch-around-herd).
pub(crate) type Scope = (Option<LaunchId>, Option<SegmentId>, Option<HerdId>);

/// Per segment, the stream keys of its herds (per direction: `[inputs, outputs]`) that the
/// compiler turns into packet flows. Computed once per check, in one pass over the endpoints.
pub(crate) type Promoted = BTreeMap<Scope, [BTreeSet<String>; 2]>;

/// The scope whose shim pressure a herd's transfers add to.
pub(crate) fn scope_of(prog: &Program, herd: HerdId) -> Scope {
    let within = &prog.herds[herd].within;
    match (within.launch, within.segment) {
        (None, _) => (None, None, Some(herd)),
        (launch, segment) => (launch, segment, None),
    }
}

/// Whether the pass weighs a scope at all: it walks segments only.
fn promotes((launch, segment, _): &Scope) -> bool {
    segment.is_some() || launch.is_none()
}

/// One segment's shim pressure, per direction.
#[derive(Default)]
struct Pressure {
    /// The streams the promotion would turn into packet flows.
    host: [BTreeSet<String>; 2],
    /// Channels already `npu_dma_packet`: packet flows whatever the pressure.
    declared: [BTreeSet<String>; 2],
    /// Non-broadcast channels, and broadcast ones by column span.
    plain: [i64; 2],
    broadcast: [BTreeMap<i64, i64>; 2],
    /// A DMA alike along some herd dimensions only: the segment is left unpromoted.
    mixed: bool,
}

pub(crate) fn promoted(prog: &Program, dev: &DeviceModel) -> Promoted {
    let mut segments: BTreeMap<Scope, Pressure> = BTreeMap::new();
    dma_pressure(prog, &mut segments);
    channel_pressure(prog, &mut segments);
    let limits = [dev.shim.mm2s_channels, dev.shim.s2mm_channels];
    segments
        .into_iter()
        .map(|(scope, mut p)| {
            let mut out: [BTreeSet<String>; 2] = [BTreeSet::new(), BTreeSet::new()];
            for dir in 0..2 {
                let spread: i64 = p.broadcast[dir].iter().map(|(span, count)| (count + span - 1) / span).sum();
                if !p.mixed && promotes(&scope) && p.plain[dir] + spread > i64::from(limits[dir]) {
                    out[dir] = std::mem::take(&mut p.host[dir]);
                }
                // Channels written `npu_dma_packet` are packet flows whatever the pass decides.
                out[dir].append(&mut p.declared[dir]);
            }
            (scope, out)
        })
        .collect()
}

/// The DMAs between a herd and an L3 buffer, which air-dma-to-channel turns into channels.
fn dma_pressure(prog: &Program, segments: &mut BTreeMap<Scope, Pressure>) {
    for ep in &prog.endpoints {
        let Some(herd) = ep.within.herd else { continue };
        if ep.level != Level::L1 || ep.chan.is_some() {
            continue;
        }
        let Some(peer) = ep.peer.map(|p| &prog.endpoints[p]) else { continue };
        if peer.level != Level::L3 {
            continue;
        }
        let p = segments.entry(scope_of(prog, herd)).or_default();
        let dir = usize::from(ep.kind.reads_memory());
        if !p.host[dir].insert(ep.stream_key()) {
            continue;
        }
        let dims = &prog.herds[herd].sizes;
        let many: Vec<_> = dims.iter().filter(|d| d.size.as_const().is_none_or(|n| n > 1)).map(|d| d.var).collect();
        let depends = |var| peer.offsets.iter().any(|o| o.as_lin().is_none_or(|l| l.depends_on(var)));
        let walked = many.iter().filter(|&&v| depends(v)).count();
        if walked == many.len() {
            p.plain[dir] += 1;
        } else if walked == 0 {
            let span = dims.first().and_then(|d| d.size.as_const()).unwrap_or(1).max(1);
            *p.broadcast[dir].entry(span).or_insert(0) += 1;
        } else {
            p.mixed = true;
        }
    }
}

/// The written channels between a segment's herds and an L3 buffer at launch level, as
/// air-dma-to-channel selects them: per segment, the channel's first herd-side endpoint gives
/// the direction (a get: an input), and an L3 put (for an input) or get (for an output) outside
/// every segment and herd must feed it.
fn channel_pressure(prog: &Program, segments: &mut BTreeMap<Scope, Pressure>) {
    let mut by_channel: BTreeMap<&str, Vec<EndpointId>> = BTreeMap::new();
    for (e, ep) in prog.endpoints.iter().enumerate() {
        if let Some(chan) = &ep.chan {
            by_channel.entry(chan.as_str()).or_default().push(e);
        }
    }
    for (name, info) in &prog.channels {
        let Some(ids) = by_channel.get(name.as_str()) else { continue };
        if info.no_dma {
            continue;
        }
        let eps = ids.iter().map(|&e| &prog.endpoints[e]);
        let host_side =
            eps.clone().find(|ep| ep.within.herd.is_none() && ep.within.segment.is_none() && ep.level == Level::L3);
        let Some(host_side) = host_side else { continue };
        // Per segment: its first herd-side endpoint, and the stream keys of that direction.
        let mut herd_sides: BTreeMap<Scope, (bool, BTreeSet<String>)> = BTreeMap::new();
        for ep in eps {
            let Some(herd) = ep.within.herd else { continue };
            let (reads, keys) =
                herd_sides.entry(scope_of(prog, herd)).or_insert_with(|| (ep.kind.reads_memory(), BTreeSet::new()));
            if ep.kind.reads_memory() == *reads {
                keys.insert(ep.stream_key());
            }
        }
        for (segment, (reads, keys)) in herd_sides {
            // Input: a herd-side get fed by a host put; output: the other way round.
            if host_side.kind.reads_memory() == reads {
                continue;
            }
            let dir = usize::from(reads);
            let p = segments.entry(segment).or_default();
            match (info.packet, info.broadcast) {
                (true, _) => {
                    p.plain[dir] += 1;
                    p.declared[dir].extend(keys);
                }
                (false, true) => {
                    *p.broadcast[dir].entry(info.broadcast_span).or_insert(0) += 1;
                    p.host[dir].extend(keys);
                }
                (false, false) => {
                    p.plain[dir] += 1;
                    p.host[dir].extend(keys);
                }
            }
        }
    }
}

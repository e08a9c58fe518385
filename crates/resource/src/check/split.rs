//! Which L2 buffers `air-split-l2-memref` may split across memtiles, and into how many pieces
//! (Xilinx/mlir-air `mlir/lib/Transform/AIRMiscPasses.cpp`: `runOnOperation` and
//! `getTargetMemrefAllocs`). The pass never compares sizes: it acts in a segment of more than
//! four tiles (`tiles-per-l2-tile`), on every L2 buffer whose users are all channel ops, unless
//! the buffer is `air.no_split` or pinned with `air.memtile_col`, has one producer and one
//! consumer, or has unequal numbers of both; the factor is the larger number of distinct
//! channel instances on one side. A split buffer's host-side transfer becomes one stream per
//! piece, so its shim BDs and channels are not the ones written.
//!
//! Not modelled (so a buffer this module calls splittable may still stay whole): the launch
//! endpoint cap (`max-launch-channels-*`) and the case of a single-channel side whose channel
//! ends in a herd.

use super::Cx;
use crate::program::{BufferId, Endpoint, Level, SegmentId};
use std::collections::BTreeMap;

/// aircc leaves `tiles-per-l2-tile` at its default: a segment of more tiles is split.
const TILES_PER_L2_TILE: i64 = 4;

/// Tiles of a segment as the pass counts them: herds sharing a symbol are one physical herd,
/// counted at their largest size.
fn segment_tiles(cx: &Cx<'_>, segment: SegmentId) -> i64 {
    let mut named: BTreeMap<&str, i64> = BTreeMap::new();
    let mut unnamed = 0i64;
    for &h in &cx.prog.segments[segment].herds {
        let herd = &cx.prog.herds[h];
        let tiles = herd.shape().map_or(0, |(x, y)| x.saturating_mul(y));
        match herd.name.as_deref() {
            Some(name) => {
                let slot = named.entry(name).or_insert(0);
                *slot = (*slot).max(tiles);
            }
            None => unnamed = unnamed.saturating_add(tiles),
        }
    }
    crate::util::sat_sum(named.into_values()).saturating_add(unnamed)
}

/// Distinct channel instances an endpoint stands for: one per value of the herd ids its
/// offset depends on (a herd DMA becomes one channel per core it addresses), or of the loop
/// and herd variables its channel indices depend on.
pub(crate) fn instances(cx: &Cx<'_>, endpoint: &Endpoint) -> i64 {
    let vars = crate::program::Program::index_vars(endpoint);
    if endpoint.chan.is_some() {
        let herd_dims = endpoint.within.herd.map(|h| cx.prog.herds[h].sizes.as_slice()).unwrap_or(&[]);
        let mut count = 1i64;
        for var in vars {
            let size = match herd_dims.iter().find(|d| d.var == var) {
                Some(d) => d.size.as_const(),
                None => endpoint.loops.iter().map(|&l| &cx.prog.loops[l]).find(|l| l.iv == var).and_then(|l| l.trip),
            };
            count = count.saturating_mul(size.unwrap_or(1).max(1));
        }
        return count;
    }
    let Some(h) = endpoint.within.herd else { return 1 };
    let Ok(pattern) = crate::pattern::endpoint_pattern(endpoint) else { return 1 };
    cx.prog.herds[h]
        .sizes
        .iter()
        .filter(|d| pattern.base.depends_on(d.var))
        .map(|d| d.size.as_const().unwrap_or(1).max(1))
        .fold(1i64, i64::saturating_mul)
}

/// Distinct channel instances on each side of a buffer: (readers, writers).
pub(crate) fn sides(cx: &Cx<'_>, buffer: BufferId) -> (i64, i64) {
    let b = &cx.prog.buffers[buffer];
    let mut readers: BTreeMap<String, i64> = BTreeMap::new();
    let mut writers: BTreeMap<String, i64> = BTreeMap::new();
    for &e in &b.endpoints {
        let endpoint = &cx.prog.endpoints[e];
        let side = if endpoint.kind.reads_memory() { &mut readers } else { &mut writers };
        let count = instances(cx, endpoint);
        let slot = side.entry(endpoint.stream_key()).or_insert(0);
        *slot = (*slot).max(count);
    }
    (crate::util::sat_sum(readers.into_values()), crate::util::sat_sum(writers.into_values()))
}

/// Why the pass leaves a buffer whole, or `None` when it may split it.
pub(crate) fn why_whole(cx: &Cx<'_>, buffer: BufferId) -> Option<&'static str> {
    let b = &cx.prog.buffers[buffer];
    if b.level != Level::L2 {
        return Some("it is not an L2 buffer");
    }
    let Some(segment) = b.within.segment else { return Some("it is not allocated in a segment") };
    if segment_tiles(cx, segment) <= TILES_PER_L2_TILE {
        return Some("its segment has at most 4 tiles, where air-split-l2-memref does not act");
    }
    if b.no_split {
        return Some("it is marked `air.no_split`");
    }
    if b.memtile_col.is_some() {
        return Some("it is pinned with `air.memtile_col`");
    }
    if !b.other_uses.is_empty() {
        return Some("it is used by an op other than a DMA or channel");
    }
    let (readers, writers) = sides(cx, buffer);
    if readers <= 1 && writers <= 1 {
        return Some("it has a single producer and a single consumer");
    }
    if readers > 1 && writers > 1 && readers != writers {
        return Some("its producers and consumers differ in number");
    }
    None
}

/// The pieces the pass would cut a splittable buffer into.
pub(crate) fn factor(cx: &Cx<'_>, buffer: BufferId) -> i64 {
    let (readers, writers) = sides(cx, buffer);
    readers.max(writers).max(1)
}

/// What air-split-l2-memref makes of the host-side transfer of an L3 endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostSide {
    /// Its far end stays whole: the transfer reaches the shim as written.
    AsWritten,
    /// Its far end is split `pieces` ways along the transfer's dimension `dim`: one stream per
    /// piece, each a `1/pieces` slice of that dimension.
    Split { dim: usize, pieces: i64 },
    /// Its far end may be split in a way this model does not follow (the transfer's shape is
    /// not the buffer's, or it is not the buffer's only producer or consumer).
    Unknown,
}

/// The L2 buffers at the other end of an L3 transfer (its DMA peer, or the channel's other side).
fn far_buffers(cx: &Cx<'_>, endpoint: &Endpoint) -> Vec<BufferId> {
    let buffer = |e: &Endpoint| match e.root {
        crate::program::Root::Buffer(b) if cx.prog.buffers[b].level == Level::L2 => Some(b),
        _ => None,
    };
    match (&endpoint.chan, endpoint.peer) {
        (_, Some(peer)) => buffer(&cx.prog.endpoints[peer]).into_iter().collect(),
        (Some(chan), None) => cx
            .prog
            .by_channel
            .get(chan)
            .into_iter()
            .flatten()
            .map(|&e| &cx.prog.endpoints[e])
            .filter(|e| e.kind.reads_memory() != endpoint.kind.reads_memory())
            .filter_map(buffer)
            .collect(),
        (None, None) => Vec::new(),
    }
}

/// The buffer dimension the pass splits and the number of pieces: the dimension the
/// multi-channel side indexes with a varying offset (`getMemrefSplitDim`), cut into slices of
/// the size one transfer takes of it.
fn split_dim(cx: &Cx<'_>, buffer: BufferId) -> Option<(usize, i64)> {
    let b = &cx.prog.buffers[buffer];
    let shape: Vec<i64> = b.ty.as_ref()?.shape.iter().copied().collect::<Option<_>>()?;
    let mut strides = vec![1i64; shape.len()];
    for idx in (0..shape.len().saturating_sub(1)).rev() {
        strides[idx] = strides[idx + 1].saturating_mul(shape[idx + 1]);
    }
    let (readers, _) = sides(cx, buffer);
    let multi_reads = readers > 1;
    for &e in &b.endpoints {
        let endpoint = &cx.prog.endpoints[e];
        if endpoint.kind.reads_memory() != multi_reads || endpoint.offsets.len() != endpoint.sizes.len() {
            continue;
        }
        for (k, offset) in endpoint.offsets.iter().enumerate() {
            if offset.as_lin().is_none_or(|l| l.terms.is_empty()) {
                continue;
            }
            let stride = endpoint.strides.get(k).and_then(|v| v.as_const())?;
            let size = endpoint.sizes.get(k).and_then(|v| v.as_const())?;
            let dim = (0..shape.len()).find(|&d| strides[d] == stride && shape[d] > 1)?;
            return (size > 0 && shape[dim] % size == 0).then_some((dim, shape[dim] / size));
        }
    }
    None
}

/// Per L3 endpoint of a unit, what the L2 split makes of it. The pass works through the L2
/// buffers in order and skips a split that would take the launch's host-side channels of one
/// direction past `2 × columns` (aircc's `max-launch-channels-*`).
pub(crate) fn host_sides(cx: &Cx<'_>, endpoints: &[crate::program::EndpointId]) -> BTreeMap<usize, HostSide> {
    let mut out = BTreeMap::new();
    let cap = i64::from(cx.dev.shim_channels_per_direction());
    let mut streams: BTreeMap<bool, std::collections::BTreeSet<String>> = BTreeMap::new();
    for &e in endpoints {
        let endpoint = &cx.prog.endpoints[e];
        streams.entry(endpoint.kind.reads_memory()).or_default().insert(endpoint.stream_key());
    }
    let mut totals: BTreeMap<bool, i64> = streams.iter().map(|(&dir, keys)| (dir, keys.len() as i64)).collect();
    let mut planned: Vec<(BufferId, usize)> = Vec::new();
    for &e in endpoints {
        let endpoint = &cx.prog.endpoints[e];
        let far = far_buffers(cx, endpoint);
        let side = match far.first() {
            None => HostSide::AsWritten,
            Some(&b) if why_whole(cx, b).is_some() => HostSide::AsWritten,
            Some(&b) => {
                planned.push((b, e));
                HostSide::Unknown
            }
        };
        out.insert(e, side);
    }
    planned.sort_unstable();
    for (b, e) in planned {
        let endpoint = &cx.prog.endpoints[e];
        let (readers, writers) = sides(cx, b);
        // The host transfer must be the single-channel side.
        let single = if endpoint.kind.reads_memory() { writers } else { readers };
        let Some((dim, pieces)) = split_dim(cx, b).filter(|_| single == 1) else { continue };
        let shape: Option<Vec<i64>> = cx.prog.buffers[b].ty.as_ref().and_then(|t| t.shape.iter().copied().collect());
        let sizes: Option<Vec<i64>> = if endpoint.is_whole_buffer() {
            endpoint.ty.as_ref().and_then(|t| t.shape.iter().copied().collect())
        } else {
            endpoint.sizes.iter().map(|v| v.as_const()).collect()
        };
        let total = totals.entry(endpoint.kind.reads_memory()).or_insert(0);
        if total.saturating_add(pieces - 1) > cap {
            out.insert(e, HostSide::AsWritten);
            continue;
        }
        *total = total.saturating_add(pieces - 1);
        if shape.is_some() && shape == sizes {
            out.insert(e, HostSide::Split { dim, pieces });
        }
    }
    out
}

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
use air_model::program::{BufferId, Endpoint, EndpointId, HerdId, Level, SegmentId};
use std::collections::{BTreeMap, BTreeSet};

/// `why_whole`'s reason for a many-to-many buffer whose two sides differ in number.
const DIFFERING_SIDES: &str = "its producers and consumers differ in number";

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
    air_model::arith::sat_sum(named.into_values()).saturating_add(unnamed)
}

/// Distinct channel instances an endpoint stands for: one per value of the herd ids its
/// offset depends on (a herd DMA becomes one channel per core it addresses), or of the loop
/// and herd variables its channel indices depend on.
pub(crate) fn instances(cx: &Cx<'_>, endpoint: &Endpoint) -> i64 {
    let vars = air_model::program::Program::index_vars(endpoint);
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
    let Ok(pattern) = air_model::pattern::endpoint_pattern(endpoint) else { return 1 };
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
    (air_model::arith::sat_sum(readers.into_values()), air_model::arith::sat_sum(writers.into_values()))
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
        return Some(DIFFERING_SIDES);
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
        air_model::program::Root::Buffer(b) if cx.prog.buffers[b].level == Level::L2 => Some(b),
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
pub(crate) fn host_sides(cx: &Cx<'_>, endpoints: &[EndpointId]) -> BTreeMap<usize, HostSide> {
    host_plan(cx, endpoints).0
}

/// [`host_sides`], and the splittable buffers the launch's channel cap keeps whole.
fn host_plan(cx: &Cx<'_>, endpoints: &[EndpointId]) -> (BTreeMap<usize, HostSide>, BTreeSet<BufferId>) {
    let mut out = BTreeMap::new();
    let mut capped = BTreeSet::new();
    let cap = i64::from(cx.dev.shim_channels_per_direction());
    let mut streams: BTreeMap<bool, BTreeSet<String>> = BTreeMap::new();
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
            capped.insert(b);
            continue;
        }
        *total = total.saturating_add(pieces - 1);
        if shape.is_some() && shape == sizes {
            out.insert(e, HostSide::Split { dim, pieces });
        }
    }
    (out, capped)
}

/// How `air-split-l2-memref` cuts one buffer, where this model follows the pass exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pieces {
    /// One piece per distinct offset of the many-instance side (`partitionMemref`'s keys).
    pub count: i64,
    /// The buffer dimension cut (`getMemrefSplitDim`).
    pub dim: usize,
    /// Each piece's shape: the buffer's, with `dim` the extent one access takes of it.
    pub shape: Vec<i64>,
    pub bytes: i64,
    /// The herd whose cores sit on the many-instance side.
    pub herd: HerdId,
    /// Which of the herd's ids selects the piece: 0 = x (the column), 1 = y (the row).
    pub by: usize,
    /// The single side's endpoint (the host feed or drain).
    pub single: EndpointId,
}

/// What the L2 split makes of a buffer in this model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// The pass leaves it whole, for a reason that does not depend on counts this model
    /// approximates.
    Whole,
    Split(Pieces),
    /// The pass may cut it in a way this model does not follow: checks that need its pieces
    /// stay silent.
    Unknown,
}

/// The fate of every L2 buffer of a unit (launch): [`Fate::Split`] only when the pieces are
/// followed exactly and the launch's shim channel cap lets the split happen.
pub(crate) fn fates(cx: &Cx<'_>, unit: &super::Unit) -> BTreeMap<BufferId, Fate> {
    let capped = host_plan(cx, &unit.l3_dma_endpoints(cx.prog)).1;
    let mut out = BTreeMap::new();
    for &b in &unit.buffers {
        if cx.prog.buffers[b].level != Level::L2 {
            continue;
        }
        let fate = match why_whole(cx, b) {
            // `sides` counts channel instances as this model sees them, which may differ from
            // the pass's count of distinct (symbol, indices) pairs: not a certain reason.
            Some(reason) if reason == DIFFERING_SIDES => Fate::Unknown,
            Some(_) => Fate::Whole,
            None if capped.contains(&b) => Fate::Unknown,
            None => pieces(cx, b).map_or(Fate::Unknown, Fate::Split),
        };
        out.insert(b, fate);
    }
    out
}

/// The pieces of a buffer the pass may split, when the model follows the split exactly: the
/// many-instance side is one herd DMA whose first varying offset is a single herd id (the
/// column id, or the row id of an access no column id reaches, which air-broadcast-detection
/// turns into one broadcast channel per row), stepping by the extent it takes, and the single
/// side is one host transfer. Then (mlir-air `AIRMiscPasses.cpp`) the segment's `scf.parallel`
/// is unrolled on its first dimension (line 2622), `getMemrefSplitDim` (line 2051) finds that
/// dimension as the first whose offsets differ, `partitionMemref` (line 1786) makes one piece
/// per distinct constant offset (`getChanOpPartitionsMap`, line 1816) with the extent one
/// access takes (line 1910), and `tileChannelOpByFactor` (line 1554) cuts the single side into
/// one transfer per piece (its split dimension's size at line 1713).
pub(crate) fn pieces(cx: &Cx<'_>, buffer: BufferId) -> Option<Pieces> {
    let b = &cx.prog.buffers[buffer];
    let shape: Vec<i64> = b.ty.as_ref()?.shape.iter().copied().collect::<Option<_>>()?;
    let bits = i64::from(b.ty.as_ref()?.element_bits()?);
    let (readers, writers) = sides(cx, buffer);
    if (readers > 1) == (writers > 1) {
        return None;
    }
    let multi_reads = readers > 1;
    let (multi, single): (Vec<EndpointId>, Vec<EndpointId>) =
        b.endpoints.iter().partition(|&&e| cx.prog.endpoints[e].kind.reads_memory() == multi_reads);
    let [many] = multi.as_slice() else { return None };
    let [single] = single.as_slice() else { return None };
    let one = &cx.prog.endpoints[*single];
    if one.within.herd.is_some() || instances(cx, one) != 1 || !reaches_host(cx, one) {
        return None;
    }
    let endpoint = &cx.prog.endpoints[*many];
    let herd = endpoint.within.herd?;
    let peer_in_l1 = endpoint.peer.is_some_and(|p| cx.prog.endpoints[p].level == Level::L1);
    if endpoint.chan.is_some() || !peer_in_l1 || !endpoint.branches.is_empty() {
        return None;
    }
    let ids: Vec<_> = cx.prog.herds[herd].sizes.iter().map(|d| d.var).collect();
    let (k, by) = split_offset(endpoint, &ids)?;
    // A herd larger than the array is AS0401's; its pieces are not enumerated.
    let count = cx.prog.herds[herd].sizes.get(by)?.size.as_const()?;
    if count > i64::from(cx.dev.columns.max(cx.dev.core_rows)) {
        return None;
    }
    // A row split needs the broadcast over several columns (one channel per row).
    let columns = cx.prog.herds[herd].sizes.first()?.size.as_const()?;
    if by == 1 && columns <= 1 {
        return None;
    }
    let extent = endpoint.sizes.get(k)?.as_const()?;
    let strides: Vec<i64> = endpoint.strides.iter().map(|v| v.as_const()).collect::<Option<_>>()?;
    let step = endpoint.offsets.get(k)?.as_lin()?.coefficient(ids[by]);
    let dim = memref_dim(&shape, &strides, k)?;
    if step != extent || count.checked_mul(extent)? != shape[dim] {
        return None;
    }
    let mut piece = shape.clone();
    piece[dim] = extent;
    let elements = air_model::arith::sat_product(piece.iter().copied());
    let bytes = air_model::arith::ceil_div(elements.saturating_mul(bits), 8);
    Some(Pieces { count, dim, shape: piece, bytes, herd, by, single: *single })
}

/// The single side's other end is the host (a DMA from or to L3, or a channel whose other side
/// is all L3 in the same launch): no core votes for the pieces' memtile through it.
fn reaches_host(cx: &Cx<'_>, endpoint: &Endpoint) -> bool {
    match (&endpoint.chan, endpoint.peer) {
        (None, Some(peer)) => cx.prog.endpoints[peer].level == Level::L3,
        (Some(chan), _) => {
            let mut others = cx
                .prog
                .by_channel
                .get(chan)
                .into_iter()
                .flatten()
                .map(|&o| &cx.prog.endpoints[o])
                .filter(|o| o.within.launch == endpoint.within.launch)
                .filter(|o| o.kind.reads_memory() != endpoint.kind.reads_memory())
                .peekable();
            others.peek().is_some() && others.all(|o| o.level == Level::L3)
        }
        (None, None) => false,
    }
}

/// The offset the pass splits on and the herd id it follows: the first offset that varies must
/// depend on exactly one herd id and nothing else; a row id must be the only herd id of the
/// whole access (a column id may be joined by the row id at a later offset, which the unrolled
/// `scf.parallel` keeps as its own induction variable).
fn split_offset(endpoint: &Endpoint, ids: &[air_model::eval::VarId]) -> Option<(usize, usize)> {
    if endpoint.offsets.len() != endpoint.sizes.len() || endpoint.offsets.len() != endpoint.strides.len() {
        return None;
    }
    let lins: Vec<&air_model::eval::Lin> = endpoint.offsets.iter().map(|v| v.as_lin()).collect::<Option<_>>()?;
    let k = lins.iter().position(|l| !l.terms.is_empty())?;
    let [(var, _)] = lins[k].terms.as_slice() else { return None };
    let by = ids.iter().position(|id| id == var)?;
    let other_ids =
        lins.iter().enumerate().filter(|&(i, _)| i != k).any(|(_, l)| ids.iter().any(|&id| l.depends_on(id)));
    (by == 0 || !other_ids).then_some((k, by))
}

/// The buffer dimension a transfer's offset dimension `k` steps over, as the pass maps it
/// (mlir-air `Util.cpp` `getMemrefDimFromOffsetDim`: the outermost dimension whose row-major
/// stride is the offset's; `getOffsetDimFromMemrefDim` maps it back to the first offset of
/// that stride, which must be `k` again), and only a dimension of extent > 1.
fn memref_dim(shape: &[i64], strides: &[i64], k: usize) -> Option<usize> {
    let mut row_major = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        row_major[d] = row_major[d + 1].saturating_mul(shape[d + 1]);
    }
    let stride = *strides.get(k)?;
    let dim = row_major.iter().position(|&s| s == stride)?;
    let back = strides.iter().position(|&s| s == row_major[dim])?;
    (back == k && shape[dim] > 1).then_some(dim)
}

#[cfg(test)]
mod tests {
    use super::memref_dim;

    #[test]
    fn the_split_dimension_is_found_by_its_row_major_stride() {
        // The GEMM's A panel 8x1x32x1024 read as 6 dimensions: the column id steps 32768.
        assert_eq!(memref_dim(&[8, 1, 32, 1024], &[32768, 32768, 8, 8192, 1024, 1], 0), Some(0));
        // B's panel 1x4x1024x128: the row id steps 131072, dimension 1.
        assert_eq!(memref_dim(&[1, 4, 1024, 128], &[524288, 131072, 8, 1024, 128, 1], 1), Some(1));
        // A stride no dimension has, or one the pass maps back to another offset: not followed.
        assert_eq!(memref_dim(&[8, 32], &[64, 1], 0), None);
        assert_eq!(memref_dim(&[8, 32], &[32, 32, 1], 1), None);
    }
}

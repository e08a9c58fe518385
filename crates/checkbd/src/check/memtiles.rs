//! What each memtile holds once air-to-aie has placed a segment's L2 buffers (AS0406).
//!
//! The segment total (AS0405) and each buffer or split piece (AS0406) may fit while one
//! memtile does not: `air-split-l2-memref` cuts a GEMM's panels into pieces, the ping-pong
//! transform doubles them, and air-to-aie puts several pieces of different buffers on one
//! memtile. This module replays the placement of the pinned mlir-air (e972f29),
//! `mlir/lib/Conversion/AIRToAIEPass.cpp`:
//!
//! - `outlineAIEMemtiles` (line 802; the loop at 881) emits one logical memtile per column of
//!   the segment: `x_size`, which `air-place-herds` sets to aircc's column count (8 on npu2, 4
//!   on npu1 and npu2_4col), and `aie-place-tiles{merge-logical-tiles=false}` (aircc
//!   `aircc.cpp:1253`) keeps each on its own physical memtile.
//! - `L2MemrefToMemTileMap` (line 2492) groups the L2 allocs into buckets, an alloc joining a
//!   bucket that shares a channel instance with it (`areReferencedByTheSameAIRChannel`, line
//!   2467): the two copies of a ping-ponged buffer or piece share their channels, so they share
//!   a memtile. A bucket's column is the one column of the cores on the other side of its
//!   channels (`deriveBucketCol`, line 2621; `otherSideCoreCol`, line 2597: a channel reaching
//!   several columns does not vote). When some column is claimed by more than one bucket the
//!   map is *saturated* (line 2696) and every bucket is dealt round-robin over the memtiles
//!   (line 2764), per type (`shapeCount > 1`: the i-th bucket of a type goes to memtile
//!   i mod M, so the first bucket of every type lands on the first memtile) or, for a type of
//!   one bucket, by one global counter. Otherwise each column's bucket has its own memtile and
//!   the others take the free ones first, then go round-robin (line 2787).
//! - mlir-aie `AIEAssignBuffers.cpp` then lays each memtile out: bank-aware first, then
//!   `basicAllocation` (line 134: largest first, each buffer on the memtile's 4-byte load/store
//!   boundary, `AIETargetModel.h:273` `getMemTileLoadStoreBusWidth`; 512 KiB
//!   `getMemTileSize`); when the sequential layout overflows no layout fits, and aiecc fails
//!   with `'aie.tile' op allocated buffers exceeded available memory`.
//!
//! The model stays silent on a segment it cannot follow: a buffer whose split is not followed
//! exactly (`split::Fate::Unknown`), a buffer pinned with `air.memtile_col`, a segment unrolled
//! into several devices, channels shared by two L2 buffers (buckets that merge in program
//! order), channel ends in herds of several columns, or columns of more than one physical herd.
//! Where the placement depends on an order it does not know (several buckets of one type with
//! different sizes, or of types that occur once), it takes the smallest possible share, so a
//! reported overflow is one the compiler meets.

use super::split::Fate;
use super::Cx;
use crate::facts::memory::{MemoryFact, MemtileShare};
use air_model::program::{BufferId, EndpointId, Level, SegmentId};
use std::collections::BTreeMap;

/// A memtile's buffers start on its 4-byte load/store boundary (mlir-aie `AIETargetModel.h`,
/// `getMemTileLoadStoreBusWidth` = 32 bits, not overridden for AIE2 or AIE2P).
const MEMTILE_ALIGNMENT: i64 = 4;

/// The allocs air-to-aie places together: the copies of one buffer, or of one split piece.
#[derive(Clone, Debug)]
struct Bucket {
    buffer: BufferId,
    /// Bytes of one alloc.
    bytes: i64,
    /// Allocs in the bucket (2 when ping-ponged).
    copies: i64,
    /// `bucketShape`: the allocs' type (shape and element type).
    shape: (Vec<i64>, String),
    /// The column (relative to its herd) the bucket's channels reach, when one.
    column: Option<i64>,
    /// Pieces the buffer is cut into (1: whole).
    pieces: i64,
}

impl Bucket {
    fn total(&self) -> i64 {
        self.bytes.saturating_mul(self.copies)
    }
}

/// One memtile's share as the model places it.
struct Share {
    buckets: Vec<Bucket>,
    /// The placement of some buckets depends on an order the model does not know: this is the
    /// smallest share the memtile can get.
    lower_bound: bool,
    /// Dealt round-robin per type (some column is claimed twice), rather than one bucket per
    /// memtile.
    round_robin: bool,
}

/// The layout `basicAllocation` gives a memtile: its high-water mark.
fn high_water(buckets: &[Bucket]) -> i64 {
    let sizes = buckets.iter().flat_map(|b| std::iter::repeat_n(b.bytes, b.copies.max(0) as usize)).collect();
    super::allocation::sequential_high_water(0, sizes, MEMTILE_ALIGNMENT)
}

/// Checks what each memtile of `segment` holds (`buffers`: its L2 buffers, `fates`: what the
/// split makes of them).
pub(crate) fn check(cx: &mut Cx<'_>, segment: SegmentId, buffers: &[BufferId], fates: &BTreeMap<BufferId, Fate>) {
    let Some(buckets) = buckets(cx, segment, buffers, fates) else { return };
    let memtiles = i64::from(cx.dev.memtiles).max(1);
    let capacity = cx.dev.memtile.memory_bytes as i64;
    // The busiest memtile (the first of equals).
    let mut busiest: Option<(usize, Share, i64)> = None;
    for (index, share) in place(&buckets, memtiles).into_iter().enumerate() {
        let used = high_water(&share.buckets);
        if busiest.as_ref().is_none_or(|(_, _, most)| used > *most) {
            busiest = Some((index, share, used));
        }
    }
    let Some((index, share, used)) = busiest else { return };
    // A single alloc over a memtile is AS0406's per-buffer finding already.
    if used <= capacity || share.buckets.iter().any(|b| b.bytes > capacity) {
        return;
    }
    emit(cx, segment, index, &share, used, capacity, memtiles);
}

/// The buckets of a segment's L2 allocs, or `None` where the model cannot follow air-to-aie.
fn buckets(
    cx: &Cx<'_>,
    segment: SegmentId,
    buffers: &[BufferId],
    fates: &BTreeMap<BufferId, Fate>,
) -> Option<Vec<Bucket>> {
    let seg = &cx.prog.segments[segment];
    if !seg.unroll.is_empty() || seg.herds.is_empty() {
        return None;
    }
    shared_channels_absent(cx, buffers)?;
    let mut herd_of_columns: Option<String> = None;
    let mut out = Vec::new();
    for &b in buffers {
        let buffer = &cx.prog.buffers[b];
        if buffer.memtile_col.is_some() {
            return None;
        }
        let ty = buffer.ty.as_ref()?;
        let copies = cx.pingpong.factor(b);
        match fates.get(&b)? {
            Fate::Unknown => return None,
            Fate::Whole => {
                let shape = ty.shape.iter().copied().collect::<Option<Vec<i64>>>()?;
                let column = whole_column(cx, b)?;
                if let Some((herd, _)) = &column {
                    same_herd(&mut herd_of_columns, herd)?;
                }
                out.push(Bucket {
                    buffer: b,
                    bytes: buffer.bytes?,
                    copies,
                    shape: (shape, ty.element.clone()),
                    column: column.map(|(_, c)| c),
                    pieces: 1,
                });
            }
            Fate::Split(pieces) => {
                // A column split: piece i is read or written by the cores of column i alone. A
                // row split is a broadcast over the columns: its channels do not vote.
                if pieces.by == 0 {
                    same_herd(&mut herd_of_columns, &physical_herd(cx, pieces.herd))?;
                }
                for i in 0..pieces.count {
                    out.push(Bucket {
                        buffer: b,
                        bytes: pieces.bytes,
                        copies,
                        shape: (pieces.shape.clone(), ty.element.clone()),
                        column: (pieces.by == 0).then_some(i),
                        pieces: pieces.count,
                    });
                }
            }
        }
    }
    Some(out)
}

/// `Some(())` when no channel symbol reaches two of the segment's L2 buffers (whose allocs
/// would share a bucket in an order-dependent way), and no transfer copies L2 to L2.
fn shared_channels_absent(cx: &Cx<'_>, buffers: &[BufferId]) -> Option<()> {
    let mut owner: BTreeMap<&str, BufferId> = BTreeMap::new();
    for &b in buffers {
        for &e in &cx.prog.buffers[b].endpoints {
            let endpoint = &cx.prog.endpoints[e];
            if endpoint.peer.is_some_and(|p| cx.prog.endpoints[p].level == Level::L2) {
                return None;
            }
            if let Some(chan) = &endpoint.chan {
                if *owner.entry(chan.as_str()).or_insert(b) != b {
                    return None;
                }
            }
        }
    }
    Some(())
}

/// Records the physical herd whose columns the buckets name; `None` when it is a second one
/// (its placement relative to the first is not known).
fn same_herd(seen: &mut Option<String>, herd: &str) -> Option<()> {
    match seen {
        Some(first) if first != herd => None,
        Some(_) => Some(()),
        None => {
            *seen = Some(herd.to_string());
            Some(())
        }
    }
}

/// Herds sharing a symbol in one segment are one physical herd.
fn physical_herd(cx: &Cx<'_>, herd: usize) -> String {
    match &cx.prog.herds[herd].name {
        Some(name) => format!("@{name}"),
        None => format!("#{herd}"),
    }
}

/// The column a whole buffer's bucket is placed by: `Some(None)` when its channels name no
/// single column, `Some(Some((herd, 0)))` when they all reach the one column of a
/// single-column herd, `None` when the model cannot tell.
fn whole_column(cx: &Cx<'_>, b: BufferId) -> Option<Option<(String, i64)>> {
    let mut votes: Vec<String> = Vec::new();
    let mut conflict = false;
    for &e in &cx.prog.buffers[b].endpoints {
        let endpoint = &cx.prog.endpoints[e];
        let cores: Vec<(usize, EndpointId)> = match (&endpoint.chan, endpoint.peer) {
            (None, Some(peer)) => match cx.prog.endpoints[peer].level {
                Level::L3 => continue,
                _ => vec![(endpoint.within.herd?, e)],
            },
            (Some(chan), _) => {
                let mut cores = Vec::new();
                for &other in cx.prog.by_channel.get(chan).into_iter().flatten() {
                    let o = &cx.prog.endpoints[other];
                    // Each launch is its own device: another launch's ends of the symbol are
                    // not this channel's.
                    if o.kind.reads_memory() == endpoint.kind.reads_memory()
                        || o.within.launch != endpoint.within.launch
                    {
                        continue;
                    }
                    match (o.level, o.within.herd) {
                        (Level::L3, _) => {}
                        (Level::L1, Some(h)) => cores.push((h, other)),
                        _ => return None,
                    }
                }
                cores
            }
            (None, None) => return None,
        };
        for (herd, at) in cores {
            if !cx.prog.endpoints[at].branches.is_empty() {
                return None;
            }
            let (columns, _) = cx.prog.herds[herd].shape()?;
            if columns == 1 {
                votes.push(physical_herd(cx, herd));
                continue;
            }
            // Cores in several columns: a channel per core (or per column) votes for each
            // column and the votes disagree; a broadcast over the columns does not vote. Only
            // a DMA's offsets tell which.
            if endpoint.chan.is_some() {
                return None;
            }
            let pattern = air_model::pattern::endpoint_pattern(endpoint).ok()?;
            let x = cx.prog.herds[herd].sizes.first()?.var;
            conflict |= pattern.base.depends_on(x);
        }
    }
    votes.sort();
    votes.dedup();
    match votes.as_slice() {
        [] => Some(None),
        [herd] if !conflict => Some(Some((herd.clone(), 0))),
        _ => Some(None),
    }
}

/// Deals the buckets over `memtiles` memtiles as `L2MemrefToMemTileMap` does (no pins).
fn place(buckets: &[Bucket], memtiles: i64) -> Vec<Share> {
    let m = memtiles.max(1) as usize;
    let mut demand: BTreeMap<i64, i64> = BTreeMap::new();
    for b in buckets {
        if let Some(c) = b.column {
            *demand.entry(c).or_insert(0) += 1;
        }
    }
    let saturated = demand.values().any(|&n| n > 1);
    if !saturated {
        // Each column's bucket has its own memtile and the others take free ones first; past
        // the free memtiles they go round-robin from the first, in an order not modelled: the
        // largest bucket alone is what every placement holds.
        let largest = buckets.iter().max_by_key(|b| b.total()).cloned();
        return vec![Share {
            buckets: largest.into_iter().collect(),
            lower_bound: buckets.len() > m,
            round_robin: false,
        }];
    }
    let mut shares: Vec<Share> =
        (0..m).map(|_| Share { buckets: Vec::new(), lower_bound: false, round_robin: true }).collect();
    let mut by_shape: BTreeMap<&(Vec<i64>, String), Vec<&Bucket>> = BTreeMap::new();
    for b in buckets {
        by_shape.entry(&b.shape).or_default().push(b);
    }
    let mut singles: Vec<&Bucket> = Vec::new();
    for group in by_shape.values() {
        if group.len() == 1 {
            singles.extend(group.iter().copied());
            continue;
        }
        // The i-th bucket of a type goes to memtile i mod M; with unequal buckets the order
        // matters, and each slot is given the smallest.
        let uniform = group.iter().all(|b| b.total() == group[0].total());
        let smallest = group.iter().min_by_key(|b| b.total()).copied();
        for (i, b) in group.iter().enumerate() {
            let pick = if uniform { Some(*b) } else { smallest };
            let share = &mut shares[i % m];
            share.buckets.extend(pick.cloned());
            share.lower_bound |= !uniform;
        }
    }
    // Types of one bucket share a global counter, in bucket order: memtile k receives the
    // buckets k, k + M, ...; not knowing which, it is given the smallest ones.
    singles.sort_by_key(|b| b.total());
    let uniform = singles.windows(2).all(|w| w[0].total() == w[1].total());
    for (k, share) in shares.iter_mut().enumerate() {
        let n = singles.len().saturating_sub(k).div_ceil(m);
        share.buckets.extend(singles.iter().take(n).map(|b| (*b).clone()));
        share.lower_bound |= n > 0 && !uniform;
    }
    shares
}

/// The AS0406 finding for the busiest memtile.
fn emit(cx: &mut Cx<'_>, segment: SegmentId, index: usize, share: &Share, used: i64, capacity: i64, memtiles: i64) {
    let buffers = share.buckets.iter().map(|b| (super::part(cx, b.buffer, b.bytes, b.copies), b.pieces)).collect();
    let share = MemtileShare {
        index,
        memtiles,
        buffers,
        used,
        capacity,
        alignment: MEMTILE_ALIGNMENT,
        lower_bound: share.lower_bound,
        round_robin: share.round_robin,
    };
    cx.report(MemoryFact::Memtile { at: cx.prog.segments[segment].name_range, share });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn bucket(buffer: BufferId, bytes: i64, copies: i64, shape: &[i64], column: Option<i64>, pieces: i64) -> Bucket {
        Bucket { buffer, bytes, copies, shape: (shape.to_vec(), "bf16".to_string()), column, pieces }
    }

    /// The GEMM of the sweep's gemm-l2-tk1024: A cut per column (ping-ponged), B per row
    /// (ping-ponged), C per column; the compiler's memory map of memtile (3,1) is
    /// 2 × 256 KiB + 2 × 64 KiB + 32 KiB.
    fn gemm_tk1024() -> Vec<Bucket> {
        let mut buckets = Vec::new();
        for i in 0..8 {
            buckets.push(bucket(0, 65536, 2, &[1, 1, 32, 1024], Some(i), 8));
        }
        for _ in 0..4 {
            buckets.push(bucket(1, 262144, 2, &[1, 1, 1024, 128], None, 4));
        }
        for i in 0..8 {
            buckets.push(bucket(2, 32768, 1, &[1, 4, 32, 128], Some(i), 8));
        }
        buckets
    }

    #[test]
    fn two_groups_per_column_deal_each_type_round_robin() {
        let used: Vec<i64> = place(&gemm_tk1024(), 8).iter().map(|s| high_water(&s.buckets)).collect();
        assert_eq!(used, [688128, 688128, 688128, 688128, 163840, 163840, 163840, 163840]);
        assert!(place(&gemm_tk1024(), 8).iter().all(|s| s.round_robin && !s.lower_bound));
    }

    #[test]
    fn one_group_per_column_keeps_each_bucket_alone() {
        let rows: Vec<Bucket> = gemm_tk1024().into_iter().filter(|b| b.buffer == 1).collect();
        let shares = place(&rows, 8);
        assert_eq!(shares.len(), 1);
        assert_eq!(high_water(&shares[0].buckets), 524288);
        assert!(!shares[0].lower_bound && !shares[0].round_robin);
    }

    #[test]
    fn types_of_one_bucket_are_counted_by_their_smallest() {
        // Two buckets claim column 0 (saturated); three types of one bucket each are dealt by
        // the global counter, memtile 0 receiving two of them and memtile 1 one, in an order
        // the model does not know: each memtile is given the smallest.
        let buckets = vec![
            bucket(0, 1000, 1, &[1], Some(0), 1),
            bucket(1, 3000, 1, &[2], Some(0), 1),
            bucket(2, 2000, 1, &[3], None, 1),
        ];
        let shares = place(&buckets, 2);
        let used: Vec<i64> = shares.iter().map(|s| high_water(&s.buckets)).collect();
        assert_eq!(used, [3000, 1000]);
        assert!(shares.iter().all(|s| s.lower_bound));
    }

    #[test]
    fn memtile_buffers_start_on_four_byte_boundaries() {
        let buckets = vec![bucket(0, 6, 2, &[3], None, 1), bucket(1, 8, 1, &[4], None, 1)];
        // Largest first: 8 at 0, 6 at 8, 6 at 16 (14 rounded up).
        assert_eq!(high_water(&buckets), 22);
    }
}

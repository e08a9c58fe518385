//! The text of the memory findings: L1 per core, L2 per segment and per memtile.

use super::fmt::fmt_bytes;
use super::Finding;
use crate::facts::memory::{L1Overflow, MemoryFact, MemtileShare, Part};
use crate::rules;
use air_diagnostics::{FileId, TextRange};

pub(super) fn render(fact: &MemoryFact, file: FileId) -> Finding {
    match fact {
        MemoryFact::DynamicBuffer { at, level } => Finding::info(
            &rules::NOT_CONSTANT,
            format!("an {level} buffer has a dynamic shape; {level} use is not checked"),
        )
        .at(file, *at, format!("dynamic {level} buffer")),
        MemoryFact::L1PerCore(overflow) => l1_per_core(overflow, file),
        MemoryFact::L2PerSegment { at, total, memtiles, capacity, buffers } => {
            let mut f = Finding::error(
                &rules::L2_PER_SEGMENT,
                format!(
                    "this segment allocates {} of L2, the {memtiles} memtiles hold {}",
                    fmt_bytes(*total),
                    fmt_bytes(*capacity)
                ),
            )
            .at(file, *at, format!("{} of L2", fmt_bytes(*total)));
            for part in buffers.iter().take(6) {
                let label =
                    if part.copies > 1 { format!("{} × 2 (ping-pong)", fmt_bytes(part.bytes)) } else { fmt_bytes(part.bytes) };
                f = f.also(file, part.at, label);
            }
            f.need(fmt_bytes(*total), fmt_bytes(*capacity))
                .help("reduce the L2 tile sizes (e.g. tile_k_l2 or tile_m·herd_m), or build without L2 ping-pong (--omit-ping-pong-transform=L2; a plan's or layer's backend: omit_ping_pong_transform = \"L2\")")
        }
        MemoryFact::L2BufferWhole { at, bytes, memtile, reason } => Finding::error(
            &rules::L2_BUFFER_PER_MEMTILE,
            format!(
                "this L2 buffer is {} but one memtile holds {}, and it cannot be split across memtiles",
                fmt_bytes(*bytes),
                fmt_bytes(*memtile)
            ),
        )
        .at(file, *at, format!("{} L2 buffer", fmt_bytes(*bytes)))
        .note(format!("air-split-l2-memref leaves it whole: {reason}"))
        .need(fmt_bytes(*bytes), fmt_bytes(*memtile))
        .help("shrink the L2 tile (e.g. tile_m·herd_m or tile_k_l2) so one buffer fits 512 KiB, or drop `air.no_split` so that air-split-l2-memref may split it"),
        MemoryFact::L2BufferPieces { at, bytes, memtile, pieces, piece } => Finding::error(
            &rules::L2_BUFFER_PER_MEMTILE,
            format!(
                "this L2 buffer is {} and even split {pieces} ways a piece exceeds one memtile ({})",
                fmt_bytes(*bytes),
                fmt_bytes(*memtile)
            ),
        )
        .at(file, *at, format!("{} L2 buffer", fmt_bytes(*bytes)))
        .note(format!("air-split-l2-memref splits it by its {pieces} distinct channel instances at most"))
        .need(fmt_bytes(*piece), fmt_bytes(*memtile))
        .help("shrink the L2 tile sizes"),
        MemoryFact::Memtile { at, share } => memtile(*at, share, file),
    }
}

/// AS0404: the breakdown of the core's memory, its largest buffers and ping-pong loops labelled.
fn l1_per_core(overflow: &L1Overflow, file: FileId) -> Finding {
    let L1Overflow { herd, at, instances, total, limit, stack, alignment, buffers, loops, runtime_params } = overflow;
    let herd_name = match herd {
        Some(name) => format!("herd `@{name}`"),
        None => "this herd".to_string(),
    };
    let shared_by =
        if *instances > 1 { format!(" (its {instances} instances share these tiles)") } else { String::new() };
    let mut f = Finding::error(
        &rules::L1_PER_CORE,
        format!("{herd_name} needs {} of L1 per core{shared_by}, {} available", fmt_bytes(*total), fmt_bytes(*limit)),
    )
    .at(file, *at, format!("{} per core", fmt_bytes(*total)));
    let mut sorted: Vec<&(Part, bool)> = buffers.iter().collect();
    sorted.sort_by_key(|(p, _)| (std::cmp::Reverse(p.total()), p.buffer));
    let mut breakdown: Vec<String> = sorted
        .iter()
        .map(|(p, _)| {
            let what = if p.copies > 1 { format!("2 × {} B", p.bytes) } else { format!("{} B", p.bytes) };
            format!("{} {what}", p.name)
        })
        .collect();
    for (p, herd_wide) in sorted.iter().take(6) {
        let label = if p.copies > 1 {
            format!("{} × 2: ping-ponged", fmt_bytes(p.bytes))
        } else if *herd_wide {
            format!("{} per core (herd-wide buffer)", fmt_bytes(p.bytes))
        } else {
            fmt_bytes(p.bytes)
        };
        f = f.also(file, p.at, label);
    }
    for (range, trip) in loops.iter().take(2) {
        let trip = trip.map(|t| format!("{t} iterations")).unwrap_or_else(|| "an unknown trip count".to_string());
        f = f.also(file, *range, format!("ping-pong loop ({trip}): its buffers are doubled"));
    }
    if *runtime_params > 0 {
        breakdown.push(format!("runtime parameters {runtime_params} B"));
    }
    let doubled = sorted.iter().any(|(p, _)| p.copies > 1);
    f.note(format!(
        "per core: {} + stack {stack} B, each buffer on a {alignment}-byte boundary (aie-assign-buffer-addresses): {total} B",
        breakdown.join(" + ")
    ))
    .need(fmt_bytes(*total), fmt_bytes(*limit))
    .help(if doubled {
        "shrink the tile (e.g. tile_n or m_input), or build without ping-pong (--omit-ping-pong-transform; a plan's or layer's backend: omit_ping_pong_transform = \"all\") when the kernel cannot overlap transfers anyway; buffers used only inside a loop are doubled by ping-pong"
    } else {
        "shrink the tile sizes, or move a buffer to L2 (memory space 1)"
    })
}

/// AS0406 for the busiest memtile: what it holds, largest first.
fn memtile(at: TextRange, share: &MemtileShare, file: FileId) -> Finding {
    let MemtileShare { index, memtiles, buffers, used, capacity, alignment, lower_bound, round_robin } = share;
    let mut sorted: Vec<&(Part, i64)> = buffers.iter().collect();
    sorted.sort_by_key(|(p, _)| (std::cmp::Reverse(p.total()), p.buffer));
    let parts: Vec<String> = sorted
        .iter()
        .map(|(p, pieces)| {
            let what = if p.copies > 1 { format!("2 × {}", fmt_bytes(p.bytes)) } else { fmt_bytes(p.bytes) };
            let of = if *pieces > 1 { format!("a piece of {}, cut {pieces} ways", p.name) } else { p.name.clone() };
            let pp = if p.copies > 1 { ", ping-ponged" } else { "" };
            format!("{what} ({of}{pp})")
        })
        .collect();
    let least = if *lower_bound { "at least " } else { "" };
    let mut f = Finding::error(
        &rules::L2_BUFFER_PER_MEMTILE,
        format!(
            "air-to-aie places {least}{} of this segment's L2 buffers on one memtile, which holds {}",
            fmt_bytes(*used),
            fmt_bytes(*capacity)
        ),
    )
    .at(file, at, format!("{} on one memtile", fmt_bytes(*used)));
    let mut labelled: Vec<_> = sorted.iter().map(|(p, _)| p.buffer).collect();
    labelled.dedup();
    for buffer in labelled.into_iter().take(6) {
        // The first (largest) piece of each buffer speaks for it.
        let Some((p, pieces)) = sorted.iter().copied().find(|(p, _)| p.buffer == buffer) else { continue };
        let label = if *pieces > 1 {
            format!("cut into {pieces} pieces of {}", fmt_bytes(p.bytes))
        } else {
            "kept whole".to_string()
        };
        f = f.also(file, p.at, label);
    }
    f = f.note(format!(
        "memtile {} of {memtiles} (in air-to-aie's order) holds {}: {used} B with each buffer on a {alignment}-byte boundary (aie-assign-buffer-addresses)",
        index + 1,
        parts.join(" + "),
    ));
    f = f.note(if *round_robin {
        "air-split-l2-memref cuts the panels per herd column or row, and the copies of a ping-ponged piece share their channels, so a memtile; since two groups of buffers reach one column, air-to-aie (L2MemrefToMemTileMap) deals each type of buffer round-robin over the memtiles, and the first of every type lands on the first memtile"
    } else {
        "the copies of a ping-ponged buffer share their channels, so air-to-aie (L2MemrefToMemTileMap) puts them on one memtile"
    });
    let doubled = buffers.iter().any(|(p, _)| p.copies > 1);
    f.need(fmt_bytes(*used), fmt_bytes(*capacity)).help(if doubled {
        "shrink the L2 tiles (e.g. tile_k_l2), or build with --omit-ping-pong-transform=L2, so that each memtile's share fits"
    } else {
        "shrink the L2 tiles (e.g. tile_k_l2) so that each memtile's share fits"
    })
}

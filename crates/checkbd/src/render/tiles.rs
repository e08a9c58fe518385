//! The text of the core-tile and memtile findings.

use super::fmt::fmt_bytes;
use super::Finding;
use crate::facts::tiles::TileFact;
use crate::rules;
use air_diagnostics::FileId;

pub(super) fn render(fact: &TileFact, file: FileId) -> Finding {
    match fact {
        TileFact::CoreChannels { at, input, used, limit, streams } => {
            let dir = if *input { "input" } else { "output" };
            let mut f = Finding::error(
                &rules::CORE_DMA_CHANNELS,
                format!("each core of this herd needs {used} {dir} DMA streams, a core tile has {limit}"),
            )
            .at(file, *at, format!("{used} {dir} streams per core"));
            for &(stream, number, packet) in streams {
                let label = if packet {
                    format!("{dir} stream {number}: packet flows share it")
                } else {
                    format!("{dir} stream {number}")
                };
                f = f.also(file, stream, label);
            }
            f.need(format!("{used} {dir} channels"), format!("{limit} per core tile"))
                .help("pack two operands into one stream (e.g. weight‖bias in one buffer), or share a channel symbol between transfers that run one after another")
        }
        TileFact::CoreBds { at, bds, limit } => Finding::error(
            &rules::CORE_BDS,
            format!("each core of this herd needs {bds} buffer descriptors, a core tile has {limit}"),
        )
        .at(file, *at, format!("{bds} BDs per core"))
        .need(format!("{bds} BDs"), format!("{limit} per core tile"))
        .help("fewer distinct transfers per core: keep loops around transfers foldable, or merge buffers"),
        TileFact::CoreLocks { at, locks, limit, streams, herd_lock } => Finding::error(
            &rules::CORE_LOCKS,
            format!("each core of this herd needs {locks} locks, a core tile has {limit}"),
        )
        .at(file, *at, format!("{locks} locks per core"))
        .note(format!(
            "2 locks for each of its {streams} DMA streams{}",
            if *herd_lock { ", and the herd lock of its runtime parameters" } else { "" }
        ))
        .note("air-to-aie numbers them from 0 and mlir-aie's LockOp::verify fails with `lock assigned invalid id (maximum is 15)`")
        .need(format!("{locks} locks"), format!("{limit} per core tile"))
        .help("use fewer DMA-attached L1 buffers per core (pack operands into one buffer), or no ping-pong at L1"),
        TileFact::PieceLength { at, words, limit, buffer, name, bytes, pieces, piece_bytes, dim, by_row } => {
            Finding::error(
                &rules::BD_LENGTH,
                format!("this L2 transfer fills one piece per BD once air-split-l2-memref cuts its buffer: {words} words, the memtile BD length field holds {limit}"),
            )
            .at(file, *at, format!("{words} words per piece"))
            .also(file, *buffer, format!("{} cut into {pieces} pieces of {}", fmt_bytes(*bytes), fmt_bytes(*piece_bytes)))
            .note(format!(
                "air-split-l2-memref cuts dimension {dim} of {name} into {pieces} pieces (one per herd {}), and this transfer into one per piece",
                if *by_row { "row" } else { "column" }
            ))
            .need(format!("{words} words"), format!("{limit} per memtile BD"))
            .help("shrink the L2 tile (e.g. tile_k_l2) so that each piece stays under 512 KiB, or spread the buffer over more herd columns or rows")
        }
        TileFact::MemtileChain { transfers, bds, limit, copies, pingponged } => {
            let mut f = Finding::error(
                &rules::MEMTILE_BDS_PER_CHANNEL,
                format!("the memtile side of this transfer needs a chain of {bds} buffer descriptors on one channel, a memtile channel reaches {limit}"),
            );
            if let Some(&first) = transfers.first() {
                f = f.at(file, first, format!("{bds} BDs on one memtile channel"));
            }
            for &transfer in transfers.iter().skip(1).take(4) {
                f = f.also(file, transfer, "same channel");
            }
            if transfers.len() > 1 {
                f = f.note(format!("{} transfers share this channel", transfers.len()));
            }
            if *copies > 1 {
                f = f.note(format!("{copies} loop iterations that do not fold into the BD are unrolled into the chain"));
            }
            if *pingponged {
                f = f.note("the L2 buffer is ping-ponged: two BDs per transfer");
            }
            f.need(format!("{bds} BDs"), format!("{limit} (the channel's parity half of 48)"))
                .help("fold the loop into the BD (constant strides, ≤ 4 dimensions), or move the repetition to the herd side so the memtile chain repeats instead of unrolling")
        }
        TileFact::MemtileChannels { unit, at, output, used, limit } => {
            let what = if *output { "output (MM2S)" } else { "input (S2MM)" };
            Finding::error(
                &rules::MEMTILE_CHANNELS,
                format!("{unit} needs {used} memtile {what} DMA channels, the memtiles have {limit}"),
            )
            .at(file, *at, format!("{used} memtile channels"))
            .need(used, limit)
            .help("share L2 buffers between consumers (broadcast) instead of one transfer per core")
        }
    }
}

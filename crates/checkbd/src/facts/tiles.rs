//! Facts of core tiles' and memtiles' DMA channels, BD chains and locks.

use air_diagnostics::TextRange;

/// What the core-tile and memtile checks found. `at` of a core fact is the herd.
#[derive(Clone, Debug)]
pub(crate) enum TileFact {
    /// Each core of a herd needs more DMA streams in one direction than a core has channels.
    CoreChannels {
        at: TextRange,
        /// Inputs (S2MM) or outputs (MM2S).
        input: bool,
        used: i64,
        limit: u32,
        /// One transfer of each stream, in the file's order, with the number of the core channel
        /// it takes and whether it is one of the packet flows that share one.
        streams: Vec<(TextRange, usize, bool)>,
    },
    /// Each core needs more buffer descriptors than a core tile has.
    CoreBds { at: TextRange, bds: i64, limit: i64 },
    /// Each core needs more locks than a core tile has: two per DMA stream, and the herd lock.
    CoreLocks { at: TextRange, locks: i64, limit: i64, streams: i64, herd_lock: bool },
    /// The transfer filling one piece of a split L2 buffer is longer than a memtile BD holds.
    PieceLength {
        at: TextRange,
        words: i64,
        limit: i64,
        /// The buffer: range, name, bytes.
        buffer: TextRange,
        name: String,
        bytes: i64,
        /// The split: pieces, bytes per piece, the dimension cut, per herd row (else column).
        pieces: i64,
        piece_bytes: i64,
        dim: usize,
        by_row: bool,
    },
    /// A memtile channel's BD chain is longer than the channel reaches.
    MemtileChain {
        /// The transfers on the channel (the first is the finding's place).
        transfers: Vec<TextRange>,
        bds: i64,
        limit: i64,
        /// Loop iterations unrolled into the chain, and whether the L2 buffer is ping-ponged.
        copies: i64,
        pingponged: bool,
    },
    /// A launch needs more memtile DMA channels in one direction than the memtiles have.
    MemtileChannels { unit: String, at: TextRange, output: bool, used: i64, limit: i64 },
}

//! Facts of L1 per core, L2 per segment and per memtile.

use air_diagnostics::TextRange;
use air_model::program::BufferId;

/// One buffer of a memory breakdown.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub buffer: BufferId,
    pub name: String,
    pub at: TextRange,
    /// Bytes of one copy, and copies (2 when ping-ponged).
    pub bytes: i64,
    pub copies: i64,
}

impl Part {
    pub fn total(&self) -> i64 {
        self.bytes.saturating_mul(self.copies)
    }
}

/// One memtile's share of a segment's L2 buffers, as air-to-aie places them.
#[derive(Clone, Debug)]
pub(crate) struct MemtileShare {
    /// The memtile's position in air-to-aie's order, of `memtiles`.
    pub index: usize,
    pub memtiles: i64,
    /// Its buffers (a piece's `pieces` > 1 when air-split-l2-memref cuts the buffer).
    pub buffers: Vec<(Part, i64)>,
    /// Bytes used (each buffer aligned to `alignment`), and the memtile's capacity.
    pub used: i64,
    pub capacity: i64,
    pub alignment: i64,
    /// The placement depends on an order the model does not know: `used` is a lower bound.
    pub lower_bound: bool,
    /// Dealt round-robin per buffer type rather than one bucket per memtile.
    pub round_robin: bool,
}

/// A core whose L1 overflows.
#[derive(Clone, Debug)]
pub(crate) struct L1Overflow {
    pub herd: Option<String>,
    pub at: TextRange,
    /// Herds sharing the symbol (and so the tiles).
    pub instances: usize,
    /// Bytes used (stack and buffers, each on an `alignment` boundary) and available.
    pub total: i64,
    pub limit: i64,
    pub stack: i64,
    pub alignment: i64,
    /// The core's buffers; `true`: allocated outside the herd (its per-core share).
    pub buffers: Vec<(Part, bool)>,
    /// The ping-pong loops that double buffers: range and trip count.
    pub loops: Vec<(TextRange, Option<i64>)>,
    /// Bytes of the runtime-parameter buffer (0: none).
    pub runtime_params: i64,
}

/// What the memory checks found.
#[derive(Clone, Debug)]
pub(crate) enum MemoryFact {
    /// A buffer of `level` has a dynamic shape: that level's use is not checked.
    DynamicBuffer { at: TextRange, level: &'static str },
    /// A core's L1 overflows.
    L1PerCore(L1Overflow),
    /// A segment's L2 buffers exceed all its memtiles.
    L2PerSegment { at: TextRange, total: i64, memtiles: u32, capacity: i64, buffers: Vec<Part> },
    /// An L2 buffer larger than a memtile that air-split-l2-memref leaves whole.
    L2BufferWhole { at: TextRange, bytes: i64, memtile: i64, reason: String },
    /// An L2 buffer whose pieces still exceed a memtile.
    L2BufferPieces { at: TextRange, bytes: i64, memtile: i64, pieces: i64, piece: i64 },
    /// The busiest memtile's share exceeds it.
    Memtile { at: TextRange, share: MemtileShare },
}

//! Facts of the compiler's own time: a split that never ends, a chain that explodes.

use air_diagnostics::TextRange;
use air_model::pattern::canon::EndlessSplit;
use air_model::program::Level;

/// What the compile time checks found.
#[derive(Clone, Debug)]
pub(crate) enum CompileTimeFact {
    /// AS0440: AIR splits a dimension of one transfer forever.
    Endless {
        /// The transfer's operand on the side whose pattern is split.
        operand: TextRange,
        /// The dimension and the pass's loop that never returns.
        split: EndlessSplit,
        /// Whether the size is written or comes from a loop folded into the BD.
        origin: SplitOrigin,
        /// The memory level of that side (L2: the memtile, L3: the host).
        level: Level,
    },
    /// AS0431: a loop that does not fold is unrolled with a chain of outer iterations.
    Chain {
        /// The L3 transfer's operand.
        operand: TextRange,
        /// The unrolled loops.
        chain: Chain,
        /// The launch loops are tiled: the chain spans one tile.
        tiled: bool,
        /// The chain length from which the check warns (`CHAIN_LIMIT`).
        limit: i64,
    },
}

/// Where an endless split starts, for the message.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SplitOrigin {
    /// The transfer's pattern as written.
    Written,
    /// The pattern after a loop (with this many iterations) folds into it.
    Fold { trip: i64 },
}

/// A chain of unrolled iterations around a loop that does not fold (see `check::compile_time`).
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    /// Outer iterations unrolled with the loop: the chain's length.
    pub(crate) iterations: i64,
    /// Their trip counts, outermost first.
    pub(crate) outer: Vec<i64>,
    /// The loop that does not fold: its iterations.
    pub(crate) inner_trip: i64,
    /// Its range.
    pub(crate) inner_range: TextRange,
    /// Why it does not fold (the pattern model's reason).
    pub(crate) why: String,
}

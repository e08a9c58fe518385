//! Facts of shim DMA channels and buffer descriptors per shim tile.

use air_diagnostics::TextRange;
use air_model::device::DeviceKind;

/// What the shim checks found.
#[derive(Clone, Debug)]
pub(crate) enum ShimFact {
    /// An L3 transfer's access pattern is not constant: its shim BDs are not counted.
    PatternNotConstant {
        /// The L3 side.
        operand: TextRange,
        /// The pattern model's reason (`PatternError::describe`).
        why: String,
    },
    /// The tasks of an L3 transfer are not constant: its shim BDs are not counted.
    TasksNotConstant {
        /// The L3 side.
        operand: TextRange,
        /// What they depend on (the cost model's `tasks_why`).
        why: String,
    },
    /// AS0407 / AS0408: a unit's streams of one direction exceed the shim DMA channels.
    Channels {
        /// Which channels: input (MM2S) or output (S2MM).
        direction: Direction,
        /// The unit's label (`launch @name`).
        unit: String,
        /// The device checked against.
        device: DeviceKind,
        /// Streams the unit needs in this direction.
        used: i64,
        /// Channels of the device in this direction.
        limit: i64,
        /// Shim tiles of the device.
        shim_tiles: i64,
        /// Channels per shim tile and direction.
        per_tile: i64,
        /// Every stream family of this direction, in the check's order.
        streams: Vec<StreamShare>,
    },
    /// AS0410: the busiest shim tile keeps more BDs live than it has.
    BdsPerTile {
        /// The unit's label.
        unit: String,
        /// The busiest shim tile.
        tile: usize,
        /// Its live BDs.
        peak: i64,
        /// BDs of a shim tile.
        limit: i64,
        /// No runtime loop tiling: S2MM tasks keep their BDs until the launch's end.
        untiled: bool,
        /// Tasks one MM2S feed channel keeps in flight (`boundShimFeedBursts`).
        in_flight: i64,
        /// The streams placed on that tile, in stream order (not empty).
        parts: Vec<TileShare>,
    },
    /// AS0414 (wrap): AIR cannot factor a dimension of an L3 transfer into shim-legal wraps.
    CannotTile {
        /// The L3 side.
        operand: TextRange,
        /// The dimension's size, in elements.
        size: i64,
        /// The alignment every factor must keep, in elements.
        alignment: i64,
    },
    /// AS0436: the iteration dimension's stride exceeds the shim's step field.
    IterationStride {
        /// The L3 side.
        operand: TextRange,
        /// The stride and its bound.
        over: OverStride,
    },
}

/// The direction of a shim DMA channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// MM2S: L3 → array.
    Mm2s,
    /// S2MM: array → L3.
    S2mm,
}

/// One stream family (an endpoint or a channel) of a unit, as AS0407/AS0408 counts it.
#[derive(Clone, Debug)]
pub(crate) struct StreamShare {
    /// Its first endpoint's operand.
    pub(crate) operand: TextRange,
    /// That operand's source text.
    pub(crate) text: String,
    /// Parallel streams.
    pub(crate) count: i64,
    /// Why that many (the cost model's `why_count`).
    pub(crate) why_count: String,
}

/// One stream's share of a shim tile's live BDs, as AS0410 counts it.
#[derive(Clone, Debug)]
pub(crate) struct TileShare {
    /// Its first endpoint's operand.
    pub(crate) operand: TextRange,
    /// That operand's source text.
    pub(crate) text: String,
    /// Live BDs of the stream on the tile.
    pub(crate) bds: i64,
    /// Its tasks, when `boundShimFeedBursts` keeps only `in_flight` of them live.
    pub(crate) capped_tasks: Option<i64>,
    /// How its tasks come about (the cost model's `tasks_why`).
    pub(crate) tasks_why: String,
    /// The loop that does not fold into its BD: range and label (the cost model's `unfolded`).
    pub(crate) unfolded: Option<(TextRange, String)>,
}

/// An iteration (4th) dimension whose stride the shim's 20-bit step field cannot hold.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OverStride {
    /// Elements.
    pub(crate) stride: i64,
    /// Encoded as mlir-aie's `getHardwareStridesWraps` does: granules − 1.
    pub(crate) encoded: i64,
    /// The bound the encoded stride must not exceed (`1 << step_bits`).
    pub(crate) bound: i64,
    /// Iterations: tasks the newer decomposition makes of the one BD.
    pub(crate) size: i64,
}

//! The names of the attributes AIR (and the merge) reads, defined once, like the op names of
//! `air_ops`: every crate looks attributes up through these.

/// Per-launch runtime loop tiling (mlir-air `AIROptimizeShimDMABDs`), a `DenseI64ArrayAttr`.
pub const SHIM_DMA_TILE_SIZES: &str = "air.shim_dma_tile_sizes";
/// The object file a herd's (or an extern function's) kernel is linked from.
pub const LINK_WITH: &str = "link_with";
/// A symbol's name in generic form.
pub const SYM_NAME: &str = "sym_name";
/// The operand group sizes of an op with variadic operand groups (generic form).
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";
/// A herd's placement, column and row.
pub const X_LOC: &str = "x_loc";
pub const Y_LOC: &str = "y_loc";
/// A segment's declared extent, columns and rows: the area `air-place-herds` places its herds in.
pub const X_SIZE: &str = "x_size";
pub const Y_SIZE: &str = "y_size";
/// How many times a channel's buffer is re-fed (`air.channel`).
pub const REFEED_COUNT: &str = "air.refeed_count";
/// An L1 allocation every core of a herd holds its own copy of.
pub const SYMMETRIC: &str = "air.symmetric";
/// An L2 allocation `air-split-l2-memref` must not split.
pub const NO_SPLIT: &str = "air.no_split";
/// The memtile column an L2 allocation is placed in.
pub const MEMTILE_COL: &str = "air.memtile_col";
/// A loop (or alloc) that skips ping-pong buffering.
pub const DISABLE_PING_PONG: &str = "air.disable_ping_pong";

/// Every name above, for the tidy test that holds their literals to this file.
pub const ALL: &[&str] = &[
    SHIM_DMA_TILE_SIZES,
    LINK_WITH,
    SYM_NAME,
    OPERAND_SEGMENT_SIZES,
    X_LOC,
    Y_LOC,
    X_SIZE,
    Y_SIZE,
    REFEED_COUNT,
    SYMMETRIC,
    NO_SPLIT,
    MEMTILE_COL,
    DISABLE_PING_PONG,
];

//! The NPU device models (npu2 = Strix/AIE2P, its 4-column partition npu2_4col, npu1 =
//! Phoenix/AIE2) as plain data.
//!
//! Every number comes from `docs/npu-resource-model.md` (cited below as "model doc" with the
//! section and the table row it is taken from). The per-tile numbers are the same on both
//! devices (model doc §2b: "Every per-tile value of 2a holds for npu1 too"); only the array
//! size differs.

use serde::Serialize;

/// Which device to check against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeviceKind {
    /// Strix (AIE2P), 8 columns: the default.
    #[default]
    Npu2,
    /// Phoenix (AIE2), 4 columns.
    Npu1,
    /// A 4-column partition of Strix (AIE2P): npu2's tiles, npu1's array size.
    #[serde(rename = "npu2_4col")]
    Npu2_4col,
}

impl DeviceKind {
    pub fn name(self) -> &'static str {
        match self {
            DeviceKind::Npu2 => "npu2",
            DeviceKind::Npu1 => "npu1",
            DeviceKind::Npu2_4col => "npu2_4col",
        }
    }

    pub fn model(self) -> &'static DeviceModel {
        match self {
            DeviceKind::Npu2 => &NPU2,
            DeviceKind::Npu1 => &NPU1,
            DeviceKind::Npu2_4col => &NPU2_4COL,
        }
    }
}

/// The resources of one tile type. Sizes are in bytes, DMA field limits in the units the
/// hardware counts (granules of 4 bytes for wrap d0, strides and lengths; see `granule_bytes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TileModel {
    /// Data memory of the tile (0 for the shim, which reads DDR).
    pub memory_bytes: u64,
    /// DMA channels that write into the tile's memory (stream to memory).
    pub s2mm_channels: u32,
    /// DMA channels that read the tile's memory (memory to stream).
    pub mm2s_channels: u32,
    /// Buffer descriptors of the tile, shared by all its channels.
    pub bds: u32,
    /// Buffer descriptors one channel can reach: the memtile splits its 48 BDs into two
    /// halves of 24 by channel parity; elsewhere every channel reaches all of them.
    pub bds_per_channel: u32,
    pub locks: u32,
    /// Data dimensions of one BD, not counting the iteration dimension.
    pub bd_dims: u32,
    /// Largest wrap (size) of d0 and d1 (d0 in granules).
    pub wrap_max: i64,
    /// Largest step (stride) in granules.
    pub step_max_granules: i64,
    /// Largest buffer length in 32-bit words (`None`: the 32-bit length register, no practical bound).
    pub length_max_words: Option<i64>,
    /// Largest task repeat count (stored value, i.e. runs − 1).
    pub repeat_max: i64,
    /// Started-but-unretired tasks one channel can queue.
    pub task_queue_depth: u32,
}

/// An NPU: the array and its three tile types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DeviceModel {
    pub kind: DeviceKind,
    /// Columns of the array; a herd's x size counts columns.
    pub columns: u32,
    /// Core (compute) rows; a herd's y size counts rows.
    pub core_rows: u32,
    /// One memtile per column.
    pub memtiles: u32,
    /// One shim NOC tile per column.
    pub shim_tiles: u32,
    pub core: TileModel,
    pub memtile: TileModel,
    pub shim: TileModel,
    /// DMA address-generation unit in bytes.
    pub granule_bytes: i64,
    /// aircc's default core stack, carved from L1 (`--stack-size`).
    pub default_stack_bytes: u64,
    /// Bytes one host buffer object can span (uint32 offsets).
    pub bo_span_bytes: u64,
}

impl DeviceModel {
    pub fn core_tiles(&self) -> u32 {
        self.columns * self.core_rows
    }

    /// Shim DMA channels per direction on the whole device (2 per shim tile).
    pub fn shim_channels_per_direction(&self) -> u32 {
        self.shim_tiles * self.shim.mm2s_channels
    }
}

// Core tile (rows 2–5), model doc §2a.
const CORE: TileModel = TileModel {
    memory_bytes: 64 * 1024,       // §2a data memory: 64 KiB (0x10000)
    s2mm_channels: 2,              // §2a DMA channels: S2MM / MM2S 2 / 2
    mm2s_channels: 2,              // §2a DMA channels
    bds: 16,                       // §2a buffer descriptors: 16, shared by all 4 channels
    bds_per_channel: 16,           // §2a buffer descriptors
    locks: 16,                     // §2a locks
    bd_dims: 3,                    // §2a BD data dimensions: 3 (+ iteration)
    wrap_max: 255,                 // §2a wrap field: 8 bits → ≤ 255
    step_max_granules: 8192,       // §2a step field: 13 bits → ≤ 8192 granules
    length_max_words: Some(16383), // §2a buffer length: 14 bits → ≤ 16383 words
    repeat_max: 255,               // §2a task repeat count: 0–255 per dma_start (newer aie)
    task_queue_depth: 4,           // §2a task queue depth: 4 tasks per channel
};

// Memtile (row 1), model doc §2a.
const MEMTILE: TileModel = TileModel {
    memory_bytes: 512 * 1024,        // §2a data memory: 512 KiB (0x80000)
    s2mm_channels: 6,                // §2a DMA channels: 6 / 6
    mm2s_channels: 6,                // §2a DMA channels
    bds: 48,                         // §2a buffer descriptors: 48 ...
    bds_per_channel: 24,             // §2a buffer descriptors: channels 0/2/4 use IDs 0–23, 1/3/5 use 24–47
    locks: 64,                       // §2a locks
    bd_dims: 4,                      // §2a BD data dimensions: 4 (+ iteration)
    wrap_max: 1023,                  // §2a wrap field: 10 bits → ≤ 1023
    step_max_granules: 131_072,      // §2a step field: 17 bits → ≤ 131072 granules
    length_max_words: Some(131_071), // §2a buffer length: 17 bits → ≤ 131071 words
    repeat_max: 255,                 // §2a task repeat count
    task_queue_depth: 4,             // §2a task queue depth
};

// Shim NOC tile (row 0), model doc §2a.
const SHIM: TileModel = TileModel {
    memory_bytes: 0,              // §2a data memory: none (reads/writes DDR over the NoC)
    s2mm_channels: 2,             // §2a DMA channels: 2 / 2
    mm2s_channels: 2,             // §2a DMA channels
    bds: 16,                      // §2a buffer descriptors: 16, shared by all 4 channels
    bds_per_channel: 16,          // §2a buffer descriptors
    locks: 16,                    // §2a locks
    bd_dims: 3,                   // §2a BD data dimensions: 3 (+ iteration)
    wrap_max: 1023,               // §2a wrap field: 10 bits → ≤ 1023
    step_max_granules: 1_048_576, // §2a step field: 20 bits → ≤ 1048576 granules
    length_max_words: None,       // §2a buffer length: 32 bits (words)
    repeat_max: 255,              // §2a task repeat count: 0–255 per queue push
    task_queue_depth: 4,          // §2a task queue depth
};

/// npu2: Strix, AIE2P, 8 columns × (shim, memtile, 4 core rows). Model doc §1.
pub static NPU2: DeviceModel = DeviceModel {
    kind: DeviceKind::Npu2,
    columns: 8,    // §1 columns × rows: 8 × 6
    core_rows: 4,  // §1 rows: 2–5 are core rows
    memtiles: 8,   // §1 memtiles
    shim_tiles: 8, // §1 shim NOC tiles
    core: CORE,
    memtile: MEMTILE,
    shim: SHIM,
    granule_bytes: 4,          // model doc §0: a granule is 32 bits = 4 bytes
    default_stack_bytes: 1024, // §2a core stack: 1024 B default (aircc --stack-size)
    bo_span_bytes: 1 << 32,    // §2a granularity: host offsets are uint32 → ≤ 4 GiB
};

/// npu1: Phoenix, AIE2, 4 columns × (shim, memtile, 4 core rows). Model doc §1, §2b.
pub static NPU1: DeviceModel = DeviceModel {
    kind: DeviceKind::Npu1,
    columns: 4,    // §1 columns × rows: 4 × 6
    core_rows: 4,  // §1 rows
    memtiles: 4,   // §1 memtiles
    shim_tiles: 4, // §1 shim NOC tiles
    core: CORE,
    memtile: MEMTILE,
    shim: SHIM,
    granule_bytes: 4,
    default_stack_bytes: 1024,
    bo_span_bytes: 1 << 32,
};

/// npu2_4col: the first 4 columns of Strix, AIE2P (mlir-aie's virtualized NPU2 target model
/// with 4 columns; aircc's default column count for it is 4). Model doc §1.
pub static NPU2_4COL: DeviceModel = DeviceModel {
    kind: DeviceKind::Npu2_4col,
    columns: 4,    // §1 npu2_4col: 4 columns × 6 rows
    core_rows: 4,  // §1 rows: 2–5 are core rows
    memtiles: 4,   // §1 one memtile per column
    shim_tiles: 4, // §1 one shim NOC tile per column
    core: CORE,
    memtile: MEMTILE,
    shim: SHIM,
    granule_bytes: 4,
    default_stack_bytes: 1024,
    bo_span_bytes: 1 << 32,
};

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn derived_totals_match_the_model_doc() {
        // Model doc §1: 32 / 16 core tiles, 16 / 8 shim channels per direction.
        assert_eq!(NPU2.core_tiles(), 32);
        assert_eq!(NPU1.core_tiles(), 16);
        assert_eq!(NPU2.shim_channels_per_direction(), 16);
        assert_eq!(NPU1.shim_channels_per_direction(), 8);
        assert_eq!(NPU2.memtiles as u64 * NPU2.memtile.memory_bytes, 4 * 1024 * 1024);
        assert_eq!(NPU1.memtiles as u64 * NPU1.memtile.memory_bytes, 2 * 1024 * 1024);
        // Model doc §1: npu2_4col is npu2's tiles on npu1's array size.
        assert_eq!(NPU2_4COL.core_tiles(), 16);
        assert_eq!(NPU2_4COL.shim_channels_per_direction(), 8);
        assert_eq!((NPU2_4COL.core, NPU2_4COL.memtile, NPU2_4COL.shim), (NPU2.core, NPU2.memtile, NPU2.shim));
        assert_eq!(DeviceKind::Npu2_4col.model().kind.name(), "npu2_4col");
    }
}

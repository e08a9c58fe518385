//! The sweep: AIR modules aimed at the boundaries of the compiler's limits, one just inside and
//! one just over each where the model gives a boundary, built from kernelgen's kernels across
//! shapes, herd sizes, tile sizes and backend options, and from in-memory merges of 2 to 16 of
//! them. `crates/cli/tests/differential.rs` lowers every point with the real compiler and
//! compares its verdict with check-bd's (docs/sweep.md).
//!
//! Deterministic: [`points`] gives the same points with the same bytes on every run (kernelgen
//! prints deterministically, the merge is deterministic, and the list is fixed code).

pub mod families;
pub mod index;
pub mod list;
pub mod merge;
pub mod options;

use std::fmt;

pub use list::Points;
pub use options::{Device, Omit, Options};

/// The compiler limit a point probes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Aim {
    /// Live buffer descriptors per shim tile (16), with and without runtime loop tiling.
    ShimBds,
    /// The shim task's repeat count (at most 255).
    RepeatCount,
    /// BD strides: the 2^20-granule step that stops a loop folding, the iteration stride.
    Stride,
    /// BD wraps (sizes) and the iteration dimension.
    Wrap,
    /// A core's 64 KiB of L1, its stack included, with and without ping-pong.
    L1,
    /// A memtile's 512 KiB of L2.
    Memtile,
    /// Herds against the core array (8 or 4 columns, 4 rows).
    Placement,
    /// Shim DMA streams per direction (16 on npu2, 8 on npu1).
    ShimChannels,
    /// A host transfer with more than one runtime-valued offset.
    RuntimeOffsets,
    /// A view of a host argument the runtime sequence cannot address.
    HostView,
    /// The same module on another device or output format.
    Device,
    /// Launch counts and grids that make the compiler slow.
    CompileTime,
    /// Several kernels merged into one multi-launch module.
    Merge,
}

impl Aim {
    pub const ALL: [Aim; 13] = [
        Aim::ShimBds,
        Aim::RepeatCount,
        Aim::Stride,
        Aim::Wrap,
        Aim::L1,
        Aim::Memtile,
        Aim::Placement,
        Aim::ShimChannels,
        Aim::RuntimeOffsets,
        Aim::HostView,
        Aim::Device,
        Aim::CompileTime,
        Aim::Merge,
    ];

    /// The aim's name in `sweep list` and index.json.
    pub fn as_str(self) -> &'static str {
        match self {
            Aim::ShimBds => "shim-bds",
            Aim::RepeatCount => "repeat-count",
            Aim::Stride => "stride",
            Aim::Wrap => "wrap",
            Aim::L1 => "l1",
            Aim::Memtile => "memtile",
            Aim::Placement => "placement",
            Aim::ShimChannels => "shim-channels",
            Aim::RuntimeOffsets => "runtime-offsets",
            Aim::HostView => "host-view",
            Aim::Device => "device",
            Aim::CompileTime => "compile-time",
            Aim::Merge => "merge",
        }
    }
}

/// Which side of its limit a point is meant to fall on, by the model's arithmetic (the
/// compiler's verdict is what the differential test compares; this is what the point was
/// built for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Just within the limit (or exactly at it).
    Inside,
    /// Just over the limit.
    Over,
    /// A grid point around a boundary the model does not place exactly.
    Grid,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Inside => "inside",
            Side::Over => "over",
            Side::Grid => "grid",
        }
    }
}

/// One module to lower and check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// Unique, file-name safe (`[a-z0-9.-]`): `silu-bd-n16m-t1024-h8`.
    pub name: String,
    pub aim: Aim,
    pub side: Side,
    /// What the point is, in a few words (kernel, shape, why it sits where it does).
    pub note: String,
    /// The module's text.
    pub module: String,
    /// The backend options, in the spelling of `air-stitch compile` (and check-bd):
    /// `--device=npu1`, `--air-runtime-loop-tiling-sizes=2,2`, `--omit-ping-pong-transform`,
    /// `--output-format=elf`, `--stack-size=N`.
    pub options: Vec<String>,
}

/// Why the sweep could not be built: a point kernelgen refuses or a merge that fails (each a
/// bug in the list, which is fixed code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepError {
    pub point: String,
    pub message: String,
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sweep point `{}`: {}", self.point, self.message)
    }
}

impl std::error::Error for SweepError {}

/// Every point, in a fixed order (by family, then as each family lists them).
pub fn points() -> Result<Vec<Point>, SweepError> {
    let mut points = Points::default();
    families::add_all(&mut points)?;
    points.finish()
}

//! NPU resource models (npu1, npu2) and the `check-bd` analysis: predicts, from AIR text and
//! in milliseconds, the resource failures aircc/aiecc would report after minutes (out of shim
//! channels, BD exhaustion, repeat count over 255, L1/L2 overflow, placement) and the silent
//! ones (a bf16 DMA with inner stride ≠ 1, a herd dropped from a multi-launch module).
//!
//! ```
//! use air_resource::{check, CheckOptions};
//! let text = "func.func @f(%a: memref<1024xbf16>) {\n  %c8 = arith.constant 8 : index\n  \
//!     air.herd @h tile (%x, %y) in (%sx=%c8, %sy=%c8) args(%b=%a) : memref<1024xbf16> {\n  }\n  return\n}\n";
//! let parse = air_syntax::parse(text);
//! let report = check(&parse, air_diagnostics::FileId(0), &CheckOptions::default());
//! assert_eq!(report.diagnostics[0].code, "AS0401"); // an 8×8 herd does not fit 8×4 cores
//! ```
//!
//! Library only: takes a parsed chunk, returns data ([`Report`]); the CLI renders it.

mod check;
pub mod device;
pub mod eval;
pub mod pattern;
pub mod program;
pub mod report;
pub mod rules;
mod util;

pub use device::{DeviceKind, DeviceModel, TileModel, NPU1, NPU2, NPU2_4COL};
pub use report::{Amount, BudgetRow, Report, Status, UnitReport};
pub use rules::{Certainty, Rule};

use air_diagnostics::FileId;
use air_syntax::Parse;

/// The artifact aircc makes (`--output-format`): an xclbin with its instruction stream, or one
/// full ELF (npu2 and later). check-bd does not depend on it; the lowering does (the ELF form's
/// `main` sequence), and plans, layers and compile name it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// `NAME.xclbin` and the instruction stream `NAME.insts.bin`.
    #[default]
    Xclbin,
    /// One full ELF, `NAME.elf` (aircc refuses it for npu1).
    Elf,
}

impl OutputFormat {
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Xclbin => "xclbin",
            OutputFormat::Elf => "elf",
        }
    }
}

/// Which memory levels skip ping-pong buffering (aircc `--omit-ping-pong-transform`; the
/// Python backends' `omit_pingpong`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OmitPingPong {
    /// Ping-pong L1 and L2 buffers (aircc's default).
    #[default]
    None,
    L1,
    L2,
    All,
}

impl OmitPingPong {
    pub fn skips_l1(self) -> bool {
        matches!(self, OmitPingPong::L1 | OmitPingPong::All)
    }

    pub fn skips_l2(self) -> bool {
        matches!(self, OmitPingPong::L2 | OmitPingPong::All)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OmitPingPong::None => "none",
            OmitPingPong::L1 => "L1",
            OmitPingPong::L2 => "L2",
            OmitPingPong::All => "all",
        }
    }
}

/// How to check: the device and the aircc options that change resource use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    pub device: DeviceKind,
    pub omit_pingpong: OmitPingPong,
    /// aircc `--air-runtime-loop-tiling-sizes`: tiles launch loops so that BDs are recycled
    /// between tiles (empty: no tiling, unless a launch sets `air.shim_dma_tile_sizes`; `[0]`:
    /// no tiling for any launch, whatever its attribute says, as `shim-dma-tile-sizes=0`).
    pub runtime_loop_tiling_sizes: Vec<i64>,
    /// aircc `--stack-size`, bytes of L1 per core.
    pub stack_size: u64,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            device: DeviceKind::Npu2,
            omit_pingpong: OmitPingPong::None,
            runtime_loop_tiling_sizes: Vec::new(),
            stack_size: NPU2.default_stack_bytes,
        }
    }
}

/// Checks one parsed chunk (one module). Labels use `file` and offsets into the parsed text;
/// shift them with [`Report::shifted`] for a chunk of a larger file.
pub fn check(parse: &Parse, file: FileId, opts: &CheckOptions) -> Report {
    let evaluator = eval::Evaluator::new(parse);
    let program = program::build(&evaluator);
    let (diagnostics, units) = check::run(&program, parse.tree.text(), opts, file);
    Report { diagnostics, units }
}

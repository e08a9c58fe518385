//! The compiler options that change what a module asks of the device: the artifact aircc makes,
//! which memory levels skip ping-pong buffering, runtime loop tiling, the stack size. Plans and
//! layers carry them (merge's `[backend]`), compile passes them to aircc, check-bd reads them.

use crate::device::{DeviceKind, NPU2};

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

//! The device and backend options that check-bd, compile and triage share, spelled as aircc
//! spells them, with one reading and one validation for all three.

use air_checkbd::DeviceKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeviceArg {
    /// Strix (AIE2P), 8 columns.
    #[value(alias = "strix")]
    Npu2,
    /// Phoenix (AIE2), 4 columns.
    #[value(alias = "phoenix")]
    Npu1,
    /// A 4-column partition of Strix: npu2's tiles, 4 columns.
    #[value(name = "npu2_4col")]
    Npu2_4col,
}

impl DeviceArg {
    /// The device model check-bd checks against.
    pub fn kind(self) -> DeviceKind {
        match self {
            DeviceArg::Npu2 => DeviceKind::Npu2,
            DeviceArg::Npu1 => DeviceKind::Npu1,
            DeviceArg::Npu2_4col => DeviceKind::Npu2_4col,
        }
    }

    /// aircc's `--device`.
    pub fn aircc(self) -> air_compile::aircc::Device {
        use air_compile::aircc::Device;
        match self {
            DeviceArg::Npu2 => Device::Npu2,
            DeviceArg::Npu1 => Device::Npu1,
            DeviceArg::Npu2_4col => Device::Npu2_4col,
        }
    }
}

/// The level of `--omit-ping-pong-transform[=L1|L2|all]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OmitArg {
    All,
    #[value(name = "L1")]
    L1,
    #[value(name = "L2")]
    L2,
}

impl OmitArg {
    /// aircc's reading of the level.
    pub fn aircc(self) -> air_compile::aircc::OmitPingPong {
        use air_compile::aircc::OmitPingPong;
        match self {
            OmitArg::All => OmitPingPong::All,
            OmitArg::L1 => OmitPingPong::L1,
            OmitArg::L2 => OmitPingPong::L2,
        }
    }
}

/// One value of --air-runtime-loop-tiling-sizes: a non-negative integer, spaces allowed around
/// it (whether 0 may stand alone is checked with all the values, by [`check_tiling_sizes`]).
pub fn tiling_size(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a tile size is missing (write sizes as `2,2`)".to_string());
    }
    text.parse::<u32>().map_err(|_| format!("`{text}` is not a tile size: tile sizes are positive integers"))
}

/// The sizes together: positive, or a single 0 (aircc's switch that turns tiling off).
pub fn check_tiling_sizes(sizes: &[u32]) -> anyhow::Result<()> {
    if sizes.len() > 1 && sizes.contains(&0) {
        let written = sizes.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        anyhow::bail!(
            "--air-runtime-loop-tiling-sizes {written}: tile sizes are positive integers (a single 0 alone turns tiling off, as for aircc)"
        );
    }
    Ok(())
}

/// `--output-format`: the artifact aircc makes (an xclbin with its instruction stream, or one
/// full ELF).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    Xclbin,
    Elf,
}

impl FormatArg {
    pub fn aircc(self) -> air_compile::aircc::OutputFormat {
        match self {
            FormatArg::Xclbin => air_compile::aircc::OutputFormat::Xclbin,
            FormatArg::Elf => air_compile::aircc::OutputFormat::Elf,
        }
    }
}

/// The backend options of one run, as the command line gives them: each `None` (or empty) is
/// taken from the plan's `[backend]` (`--plan`), else aircc's default.
#[derive(Clone, Debug, Default)]
pub struct BackendFlags {
    pub device: Option<DeviceArg>,
    pub output_format: Option<FormatArg>,
    pub runtime_loop_tiling_sizes: Vec<u32>,
    pub omit_ping_pong: Option<OmitArg>,
    pub omit_while_true_loop: bool,
    pub omit_auto_broadcast: bool,
    pub stack_size: Option<u64>,
}

impl BackendFlags {
    /// The compile options: the flags over `plan` (a plan's `[backend]`; empty without one).
    pub fn resolve(
        &self,
        plan: &air_merge::plan::backend::Backend,
    ) -> anyhow::Result<air_compile::aircc::CompileOptions> {
        use air_compile::aircc::{CompileOptions, Device, OmitPingPong as Omit};
        check_tiling_sizes(&self.runtime_loop_tiling_sizes)?;
        let device = match (self.device, plan.device) {
            (Some(flag), _) => flag.aircc(),
            (None, Some(DeviceKind::Npu1)) => Device::Npu1,
            (None, Some(DeviceKind::Npu2_4col)) => Device::Npu2_4col,
            (None, _) => Device::Npu2,
        };
        let output_format = self.output_format.map(FormatArg::aircc).or(plan.output_format).unwrap_or_default();
        let runtime_loop_tiling_sizes = if self.runtime_loop_tiling_sizes.is_empty() {
            let planned = plan.runtime_loop_tiling_sizes.clone().unwrap_or_default();
            planned.iter().map(|&s| u32::try_from(s)).collect::<Result<Vec<u32>, _>>()?
        } else {
            self.runtime_loop_tiling_sizes.clone()
        };
        let omit_ping_pong = match (self.omit_ping_pong, plan.omit_ping_pong) {
            (Some(flag), _) => Some(flag.aircc()),
            (None, Some(air_checkbd::OmitPingPong::All)) => Some(Omit::All),
            (None, Some(air_checkbd::OmitPingPong::L1)) => Some(Omit::L1),
            (None, Some(air_checkbd::OmitPingPong::L2)) => Some(Omit::L2),
            (None, _) => None,
        };
        let options = CompileOptions {
            device,
            output_format,
            runtime_loop_tiling_sizes,
            omit_ping_pong,
            omit_while_true_loop: self.omit_while_true_loop || plan.omit_while_true_loop == Some(true),
            omit_auto_broadcast: self.omit_auto_broadcast || plan.omit_auto_broadcast == Some(true),
            stack_size: self.stack_size.or(plan.stack_size),
            ..CompileOptions::default()
        };
        options.validate().map_err(anyhow::Error::msg)?;
        Ok(options)
    }
}

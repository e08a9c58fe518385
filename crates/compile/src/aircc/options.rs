//! The options of one compile, spelled as aircc spells them (air `tools/aircc/aircc.cpp`), and
//! the argv air-stitch runs. air-stitch chooses the outputs itself (`-o`, `-i`, `--tmpdir`,
//! `--elf-name`), so a user's extra argument may not name them again: LLVM's command line
//! refuses an option given twice.

use std::time::Duration;

/// `--device`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Device {
    #[default]
    Npu2,
    Npu1,
    Npu2_4col,
}

impl Device {
    pub fn name(self) -> &'static str {
        match self {
            Device::Npu2 => "npu2",
            Device::Npu1 => "npu1",
            Device::Npu2_4col => "npu2_4col",
        }
    }

    /// The device model check-bd lints against.
    pub fn resource_kind(self) -> air_checkbd::DeviceKind {
        match self {
            Device::Npu2 => air_checkbd::DeviceKind::Npu2,
            Device::Npu1 => air_checkbd::DeviceKind::Npu1,
            Device::Npu2_4col => air_checkbd::DeviceKind::Npu2_4col,
        }
    }
}

pub use air_checkbd::OutputFormat;

/// The artifacts of a compile named `name` in `format`, as they are written to the output
/// directory.
pub fn artifact_names(format: OutputFormat, name: &str) -> Vec<String> {
    match format {
        OutputFormat::Xclbin => vec![format!("{name}.xclbin"), format!("{name}.insts.bin")],
        OutputFormat::Elf => vec![format!("{name}.elf")],
    }
}

/// `--omit-ping-pong-transform[=L1|L2|all]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OmitPingPong {
    All,
    L1,
    L2,
}

impl OmitPingPong {
    pub fn name(self) -> &'static str {
        match self {
            OmitPingPong::All => "all",
            OmitPingPong::L1 => "L1",
            OmitPingPong::L2 => "L2",
        }
    }

    /// check-bd's model of the same option.
    pub fn resource(self) -> air_checkbd::OmitPingPong {
        match self {
            OmitPingPong::All => air_checkbd::OmitPingPong::All,
            OmitPingPong::L1 => air_checkbd::OmitPingPong::L1,
            OmitPingPong::L2 => air_checkbd::OmitPingPong::L2,
        }
    }
}

/// `--placed-ir-verifiers=off|warn|error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacedIrVerifiers {
    Off,
    Warn,
    Error,
}

impl PlacedIrVerifiers {
    pub fn name(self) -> &'static str {
        match self {
            PlacedIrVerifiers::Off => "off",
            PlacedIrVerifiers::Warn => "warn",
            PlacedIrVerifiers::Error => "error",
        }
    }
}

/// Every option of one compile that the user chooses. `None`/`false`/empty leaves aircc's
/// default, and nothing is passed for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompileOptions {
    pub device: Device,
    pub output_format: OutputFormat,
    pub xclbin_kernel_name: Option<String>,
    pub xclbin_instance_name: Option<String>,
    pub xclbin_kernel_id: Option<String>,
    /// As check-bd takes them (`2,2`), one aircc option per value; a single `0` turns tiling off
    /// for every launch, whatever its `air.shim_dma_tile_sizes` says (`shim-dma-tile-sizes=0`).
    pub runtime_loop_tiling_sizes: Vec<u32>,
    pub omit_ping_pong: Option<OmitPingPong>,
    pub omit_while_true_loop: bool,
    pub omit_auto_broadcast: bool,
    /// Memory spaces for channel time-multiplexing (aircc's repeated `--air-channel-multiplexing`).
    pub channel_multiplexing: Vec<String>,
    pub loop_fusion: bool,
    pub stack_size: Option<u64>,
    pub peano: Option<String>,
    /// `Some(true)` `--xchesscc`, `Some(false)` `--no-xchesscc`.
    pub xchesscc: Option<bool>,
    /// `Some(true)` `--xbridge`, `Some(false)` `--no-xbridge`.
    pub xbridge: Option<bool>,
    pub debug_ir: bool,
    pub placed_ir_verifiers: Option<PlacedIrVerifiers>,
    pub verbose: bool,
    /// Arguments after `--`, passed to aircc as they are.
    pub extra: Vec<String>,
}

/// Options air-stitch sets itself: an extra argument may not give them again.
const RESERVED: &[&str] = &["-o", "-i", "--tmpdir", "-tmpdir", "--elf-name", "-elf-name", "--device", "-device"];
/// Options air-stitch passes from its own flags: given after `--` they would be given twice.
const OWN_FLAGS: &[&str] = &["--output-format", "-output-format"];

/// The paths of one run, as aircc is to be given them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outputs {
    /// The module (aircc's positional argument).
    pub input: String,
    /// `-o` (xclbin) and `-i` (instruction stream), for `--output-format xclbin`.
    pub xclbin: String,
    pub insts: String,
    /// `--elf-name`, for `--output-format elf`.
    pub elf: String,
    /// `--tmpdir`.
    pub tmpdir: String,
}

impl CompileOptions {
    /// Combinations aircc refuses or that cannot be passed, before anything runs: the message
    /// says what to change.
    pub fn validate(&self) -> Result<(), String> {
        if self.output_format == OutputFormat::Elf && self.device == Device::Npu1 {
            return Err("--output-format elf is not supported for --device npu1: aircc's full ELF targets npu2 (AIE2P) and later; use --output-format xclbin, or --device npu2".to_string());
        }
        let sizes = &self.runtime_loop_tiling_sizes;
        if sizes.len() > 1 && sizes.contains(&0) {
            let written = sizes.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            return Err(format!("--air-runtime-loop-tiling-sizes {written}: tile sizes are positive integers (a single 0 alone turns tiling off, as for aircc)"));
        }
        for (option, value) in [
            ("--xclbin-kernel-name", &self.xclbin_kernel_name),
            ("--xclbin-instance-name", &self.xclbin_instance_name),
            ("--xclbin-kernel-id", &self.xclbin_kernel_id),
            ("--peano", &self.peano),
        ] {
            if value.as_deref().is_some_and(str::is_empty) {
                return Err(format!("{option} needs a value (leave the option out for aircc's default)"));
            }
        }
        if let Some(space) = self.channel_multiplexing.iter().find(|s| s.trim().is_empty()) {
            return Err(format!(
                "--air-channel-multiplexing `{space}`: a memory space is missing (write them as `L1,L2`)"
            ));
        }
        for arg in &self.extra {
            let option = arg.split('=').next().unwrap_or(arg);
            if RESERVED.contains(&option) {
                return Err(format!("`{arg}` after `--`: air-stitch sets {option} itself (the outputs go to -o OUT_DIR and --name NAME; the device is --device)"));
            }
            if OWN_FLAGS.contains(&option) {
                return Err(format!("`{arg}` after `--`: give it before `--` (air-stitch's own {option})"));
            }
        }
        Ok(())
    }

    /// The options as aircc is given them, without the outputs air-stitch chooses and without
    /// the extra arguments: one argument each, valued ones joined with `=` (LLVM's command line
    /// reads both forms; the optional value of `--omit-ping-pong-transform` needs the `=`).
    pub fn option_args(&self) -> Vec<String> {
        let mut args = vec![format!("--device={}", self.device.name())];
        args.push(format!("--output-format={}", self.output_format.name()));
        for (option, value) in [
            ("--xclbin-kernel-name", &self.xclbin_kernel_name),
            ("--xclbin-instance-name", &self.xclbin_instance_name),
            ("--xclbin-kernel-id", &self.xclbin_kernel_id),
        ] {
            if let Some(value) = value {
                args.push(format!("{option}={value}"));
            }
        }
        args.extend(self.runtime_loop_tiling_sizes.iter().map(|n| format!("--air-runtime-loop-tiling-sizes={n}")));
        match self.omit_ping_pong {
            Some(OmitPingPong::All) => args.push("--omit-ping-pong-transform".to_string()),
            Some(level) => args.push(format!("--omit-ping-pong-transform={}", level.name())),
            None => {}
        }
        let flags = [
            (self.omit_while_true_loop, "--omit-while-true-loop"),
            (self.omit_auto_broadcast, "--omit-auto-broadcast"),
            (self.loop_fusion, "--air-loop-fusion"),
        ];
        args.extend(flags.iter().filter(|(on, _)| *on).map(|(_, flag)| flag.to_string()));
        args.extend(
            self.channel_multiplexing.iter().map(|space| format!("--air-channel-multiplexing={}", space.trim())),
        );
        if let Some(bytes) = self.stack_size {
            args.push(format!("--stack-size={bytes}"));
        }
        if let Some(dir) = &self.peano {
            args.push(format!("--peano={dir}"));
        }
        for (choice, yes, no) in
            [(self.xchesscc, "--xchesscc", "--no-xchesscc"), (self.xbridge, "--xbridge", "--no-xbridge")]
        {
            match choice {
                Some(true) => args.push(yes.to_string()),
                Some(false) => args.push(no.to_string()),
                None => {}
            }
        }
        if self.debug_ir {
            args.push("--debug-ir".to_string());
        }
        if let Some(mode) = self.placed_ir_verifiers {
            args.push(format!("--placed-ir-verifiers={}", mode.name()));
        }
        if self.verbose {
            args.push("-v".to_string());
        }
        args
    }

    /// Whether the Chess toolchain is used (then xchesscc is part of the toolchain's identity).
    pub fn uses_chess(&self) -> bool {
        self.xchesscc == Some(true) || self.xbridge == Some(true)
    }

    /// aircc's whole argv after the program: the options, the outputs, the extra arguments,
    /// then the module.
    pub fn argv(&self, outputs: &Outputs) -> Vec<String> {
        let mut argv = self.option_args();
        match self.output_format {
            OutputFormat::Xclbin => {
                argv.extend(["-o".to_string(), outputs.xclbin.clone(), "-i".to_string(), outputs.insts.clone()]);
            }
            OutputFormat::Elf => argv.push(format!("--elf-name={}", outputs.elf)),
        }
        argv.push(format!("--tmpdir={}", outputs.tmpdir));
        argv.extend(self.extra.iter().cloned());
        argv.push(outputs.input.clone());
        argv
    }

    /// check-bd's options for the same compile: device, ping-pong, tiling and stack.
    pub fn check_options(&self) -> air_checkbd::CheckOptions {
        let device = self.device.resource_kind();
        air_checkbd::CheckOptions {
            device,
            omit_pingpong: self.omit_ping_pong.map_or(air_checkbd::OmitPingPong::None, OmitPingPong::resource),
            runtime_loop_tiling_sizes: self.runtime_loop_tiling_sizes.iter().map(|&s| i64::from(s)).collect(),
            stack_size: self.stack_size.unwrap_or(device.model().default_stack_bytes),
        }
    }
}

/// `--timeout`: `90s`, `20m`, `1h`, `1h30m`, or plain seconds (`600`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let invalid = || format!("`{text}` is not a duration: write it as 90s, 20m, 1h or 1h30m");
    if text.is_empty() {
        return Err(invalid());
    }
    if let Ok(seconds) = text.parse::<u64>() {
        return positive(Duration::from_secs(seconds), text);
    }
    let mut total: u64 = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            _ => return Err(invalid()),
        };
        let value: u64 = number.parse().map_err(|_| invalid())?;
        total = value.checked_mul(unit).and_then(|v| total.checked_add(v)).ok_or_else(invalid)?;
        number.clear();
    }
    if !number.is_empty() {
        return Err(invalid());
    }
    positive(Duration::from_secs(total), text)
}

fn positive(duration: Duration, text: &str) -> Result<Duration, String> {
    if duration.is_zero() {
        return Err(format!("`{text}`: the timeout must be longer than 0 seconds"));
    }
    Ok(duration)
}

/// A duration as `--timeout` writes it: `20m`, `90s`, `1h30m`.
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if s > 0 || out.is_empty() {
        out.push_str(&format!("{s}s"));
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn outputs() -> Outputs {
        Outputs {
            input: "fused.mlir".into(),
            xclbin: "/w/out/fused.xclbin".into(),
            insts: "/w/out/fused.insts.bin".into(),
            elf: "/w/out/fused.elf".into(),
            tmpdir: "/w/air_project".into(),
        }
    }

    #[test]
    fn every_option_has_aircc_spelling() {
        let options = CompileOptions {
            device: Device::Npu2_4col,
            xclbin_kernel_name: Some("MLIR_AIE".into()),
            xclbin_instance_name: Some("inst".into()),
            xclbin_kernel_id: Some("0x901".into()),
            runtime_loop_tiling_sizes: vec![2, 2],
            omit_ping_pong: Some(OmitPingPong::L2),
            omit_while_true_loop: true,
            omit_auto_broadcast: true,
            channel_multiplexing: vec!["L1".into(), " L2".into()],
            loop_fusion: true,
            stack_size: Some(2048),
            peano: Some("/opt/peano".into()),
            xchesscc: Some(false),
            xbridge: Some(true),
            debug_ir: true,
            placed_ir_verifiers: Some(PlacedIrVerifiers::Warn),
            verbose: true,
            extra: vec!["--num-cols=2".into()],
            ..CompileOptions::default()
        };
        assert_eq!(options.validate(), Ok(()));
        assert_eq!(
            options.argv(&outputs()).join(" "),
            "--device=npu2_4col --output-format=xclbin --xclbin-kernel-name=MLIR_AIE --xclbin-instance-name=inst \
             --xclbin-kernel-id=0x901 --air-runtime-loop-tiling-sizes=2 --air-runtime-loop-tiling-sizes=2 \
             --omit-ping-pong-transform=L2 --omit-while-true-loop --omit-auto-broadcast --air-loop-fusion \
             --air-channel-multiplexing=L1 --air-channel-multiplexing=L2 --stack-size=2048 --peano=/opt/peano \
             --no-xchesscc --xbridge --debug-ir --placed-ir-verifiers=warn -v -o /w/out/fused.xclbin \
             -i /w/out/fused.insts.bin --tmpdir=/w/air_project --num-cols=2 fused.mlir"
        );
        assert!(options.uses_chess());
    }

    #[test]
    fn defaults_pass_only_device_and_format_and_elf_names_its_file() {
        let mut options = CompileOptions { omit_ping_pong: Some(OmitPingPong::All), ..CompileOptions::default() };
        assert_eq!(options.option_args(), ["--device=npu2", "--output-format=xclbin", "--omit-ping-pong-transform"]);
        options.output_format = OutputFormat::Elf;
        options.runtime_loop_tiling_sizes = vec![0];
        assert_eq!(
            options.argv(&outputs()).join(" "),
            "--device=npu2 --output-format=elf --air-runtime-loop-tiling-sizes=0 --omit-ping-pong-transform --elf-name=/w/out/fused.elf --tmpdir=/w/air_project fused.mlir"
        );
        assert_eq!(artifact_names(OutputFormat::Elf, "k"), ["k.elf"]);
        assert_eq!(artifact_names(OutputFormat::Xclbin, "k"), ["k.xclbin", "k.insts.bin"]);
    }

    #[test]
    fn refused_combinations_say_what_to_change() {
        let elf = CompileOptions { device: Device::Npu1, output_format: OutputFormat::Elf, ..Default::default() };
        assert!(elf.validate().unwrap_err().starts_with("--output-format elf is not supported for --device npu1"));
        let zero = CompileOptions { runtime_loop_tiling_sizes: vec![2, 0], ..Default::default() };
        assert!(zero.validate().unwrap_err().contains("a single 0 alone turns tiling off"));
        let reserved = CompileOptions { extra: vec!["--tmpdir=x".into()], ..Default::default() };
        assert_eq!(
            reserved.validate().unwrap_err(),
            "`--tmpdir=x` after `--`: air-stitch sets --tmpdir itself (the outputs go to -o OUT_DIR and --name NAME; the device is --device)"
        );
        let own = CompileOptions { extra: vec!["--output-format".into(), "txn".into()], ..Default::default() };
        assert!(own.validate().unwrap_err().contains("give it before `--`"));
        let empty = CompileOptions { peano: Some(String::new()), ..Default::default() };
        assert!(empty.validate().unwrap_err().starts_with("--peano needs a value"));
    }

    #[test]
    fn check_options_follow_the_compile() {
        let options = CompileOptions {
            device: Device::Npu1,
            runtime_loop_tiling_sizes: vec![4, 4],
            omit_ping_pong: Some(OmitPingPong::L1),
            ..Default::default()
        };
        let check = options.check_options();
        assert_eq!(check.device, air_checkbd::DeviceKind::Npu1);
        assert_eq!(check.runtime_loop_tiling_sizes, vec![4, 4]);
        assert_eq!(check.omit_pingpong, air_checkbd::OmitPingPong::L1);
        assert_eq!(check.stack_size, 1024);
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("20m"), Ok(Duration::from_secs(1200)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("600"), Ok(Duration::from_secs(600)));
        assert!(parse_duration("0s").unwrap_err().contains("longer than 0"));
        assert!(parse_duration("20 minutes").unwrap_err().contains("is not a duration"));
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("99999999999999999999h").is_err());
        assert_eq!(format_duration(Duration::from_secs(1200)), "20m");
        assert_eq!(format_duration(Duration::from_secs(5430)), "1h30m30s");
        assert_eq!(format_duration(Duration::from_secs(2)), "2s");
    }
}

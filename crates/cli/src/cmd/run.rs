//! `air-stitch run`: one compiled kernel on the NPU with its arguments — warm-up and timed
//! runs, the outputs written atomically, median/min/max reported (docs/run.md#air-stitch-run). The
//! device is reached through `crate::device::open_backend`; without one (or without an
//! NPU-capable XRT) the run stops with what is missing, exit status 2.

mod bindings;

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::device::{self, DeviceArgs};
use crate::outputs::RunFiles;
use crate::report::{count, Report};
use air_arrays::formats;
use air_device::{codes, time_runs, Artifact, Backend, BufferId, RunError, Timing};
use air_diagnostics::{Diagnostic, SourceMap};
use bindings::{ArgSpec, OutSpec, Slot};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const SCHEMA: &str = "air-stitch/run/1";

/// Run a compiled kernel on the NPU: bind arrays to its data arguments, run it (warm-up, then
/// timed iterations), write its outputs, report the median, min and max wall-clock time.
///
/// The kernel is an xclbin with its instruction stream (`--xclbin K.xclbin --insts
/// K.insts.bin`, kernel `MLIR_AIE` unless --kernel-name says otherwise), or an ELF (`--elf
/// K.elf --kernel-name main:<function>`). Data argument N is bound with `--arg N=FILE` (an
/// input: `.npy`, `FILE.npz:NAME`, or raw bytes) and/or `--out N=FILE` (written after the
/// runs: `.npy`, or raw bytes for any other name). An output's size comes from its `--arg` (an
/// argument both read and written) or from `--out N=FILE:SHAPE:DTYPE`; every argument
/// 0..N must be bound. Outputs hold the last run's result.
///
/// Needs the `xrt` feature, XRT >= 2.18 and an NPU; without them it says what is missing and
/// exits 2. Exit status: 0 ran, 1 the kernel failed (XRT error, a run that did not complete),
/// 2 usage or I/O errors or no device.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch run --xclbin testdata/run/add_one.xclbin --insts testdata/run/add_one.insts.bin \\
      --arg 0=testdata/run/in.npy --out 1=target-out.npy:4x8:f32 --iterations 5
  air-stitch run --elf testdata/run/add_one.elf --kernel-name main:add_one \\
      --arg 0=testdata/run/in.npy --arg 1=testdata/run/in.npy --out 1=target-out.npy --format json")]
pub struct Opts {
    /// The xclbin (with --insts).
    #[arg(long, value_name = "FILE", requires = "insts", conflicts_with = "elf", required_unless_present = "elf")]
    xclbin: Option<PathBuf>,
    /// The NPU instruction stream of the xclbin (little-endian 32-bit words, `insts.bin`).
    #[arg(long, value_name = "FILE", requires = "xclbin")]
    insts: Option<PathBuf>,
    /// An ELF (aircc --output-format elf), instead of --xclbin/--insts.
    #[arg(long, value_name = "FILE")]
    elf: Option<PathBuf>,
    /// The kernel: its name in the xclbin [default: MLIR_AIE], or `main:<function>` of an ELF
    /// (a bare function name gets `main:`).
    #[arg(long, value_name = "NAME")]
    kernel_name: Option<String>,
    /// An input: data argument N is initialised from FILE (.npy, FILE.npz:NAME, raw bytes).
    #[arg(long = "arg", value_name = "N=FILE", value_parser = bindings::parse_arg)]
    args: Vec<ArgSpec>,
    /// An output: data argument N is written to FILE after the runs (FILE:SHAPE:DTYPE gives its
    /// size when it has no --arg, e.g. out.npy:2048x2048:bf16).
    #[arg(long = "out", value_name = "N=FILE[:SHAPE:DTYPE]", value_parser = bindings::parse_out)]
    outs: Vec<OutSpec>,
    /// Timed runs.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    iterations: u32,
    /// Untimed runs before them.
    #[arg(long, value_name = "N", default_value_t = 1)]
    warmup: u32,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

/// A failure before or during the run: the diagnostic, and whether something is missing here
/// (exit status 2) or the kernel failed (1).
struct Stop {
    diagnostic: Diagnostic,
    missing: bool,
}

impl Stop {
    fn usage(code: &'static str, message: impl Into<String>, help: &str) -> Stop {
        Stop { diagnostic: Diagnostic::error(code, message.into()).with_help(help.to_string()), missing: true }
    }

    fn from_run(err: RunError) -> Stop {
        let missing = device::is_missing(&err);
        let help = device::help_for(&err);
        Stop { diagnostic: Diagnostic::error(err.code, err.message).with_help(help.to_string()), missing }
    }
}

/// The artifact as read.
struct Loaded {
    artifact: Artifact,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        for out in &self.outs {
            if out.file.as_os_str() == "-" {
                anyhow::bail!("--out {}: an output goes to a file, not standard output", out.index);
            }
        }
        // Every --out its own file, none of them an input: before the bindings and the device.
        let mut files = RunFiles::new();
        for path in self.protected() {
            files.input("an input file", &path);
        }
        for out in &self.outs {
            files.output(format!("--out {}", out.index), &out.file);
        }
        files.check()?;
        let mut report = Report::of_its_own(SCHEMA, "run", self.format.format, &self.global);
        let shown = self.shown();
        // The bindings first, then the artifact: both before any device is opened.
        let bound = self.bind()?;
        let loaded = self.load_artifact()?;
        if let (Ok(slots), Ok(_)) = (&bound, &loaded) {
            for path in slots.iter().filter_map(|s| s.output.as_ref()) {
                common::check_output(path, &self.protected())?;
            }
        }
        let result = bound.and_then(|slots| {
            let loaded = loaded?;
            let (timing, outputs) = self.execute(&loaded, &slots, &report)?;
            Ok((slots, timing, outputs))
        });
        let sources = SourceMap::new();
        report.field("kernel", json!(shown));
        report.field("xrt", json!(device::describe()));
        let (slots, timing, outputs) = match result {
            Ok(done) => done,
            Err(stop) => {
                report.add(std::slice::from_ref(&stop.diagnostic), &sources);
                report.field("ran", json!(false));
                let what = if stop.missing { "not run" } else { "failed" };
                report.finish(&format!("run: {shown}: {what} ({})", stop.diagnostic.code))?;
                return Ok(if stop.missing { Outcome::Failed } else { Outcome::Problems });
            }
        };
        for (index, bytes) in outputs {
            let Some(slot) = slots.iter().find(|s| s.index == index) else { continue };
            let Some(path) = &slot.output else { continue };
            let contents = if path.extension().is_some_and(|e| e == "npy") {
                formats::write_npy(slot.dtype.descr(), &slot.shape, false, &bytes)
            } else {
                bytes
            };
            common::write_output(path, &contents, &self.protected())?;
        }
        report.field("ran", json!(true));
        report.field("arguments", Value::Array(slots.iter().map(slot_json).collect()));
        report.field("timing", timing_json(&timing));
        report.count("arguments", slots.len());
        report.count("runs", timing.samples.len());
        if !report.is_json() {
            common::write_stdout(text(&slots, &timing).as_bytes())?;
        }
        let written = slots.iter().filter(|s| s.output.is_some()).count();
        report.finish(&format!(
            "run: {shown}, {}, {} after {} warm-up: median {}, min {}, max {}; {} written",
            count(slots.len(), "argument"),
            count(timing.samples.len(), "run"),
            timing.warmup,
            micros(timing.median()),
            micros(timing.min()),
            micros(timing.max()),
            count(written, "output")
        ))?;
        Ok(Outcome::Success)
    }

    /// Every file the command reads: no output may overwrite one.
    fn protected(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = [&self.xclbin, &self.insts, &self.elf].into_iter().flatten().cloned().collect();
        files.extend(self.args.iter().map(|a| PathBuf::from(a.file.split(".npz:").next().unwrap_or(&a.file))));
        files
    }

    /// `MLIR_AIE of k.xclbin`, `main:f of k.elf`: the kernel, for the report.
    fn shown(&self) -> String {
        match (&self.elf, &self.xclbin) {
            (Some(elf), _) => format!("{} of {}", self.elf_kernel_name().unwrap_or_default(), common::shown(elf)),
            (None, Some(xclbin)) => format!("{} of {}", self.xclbin_kernel_name(), common::shown(xclbin)),
            (None, None) => "no kernel".to_string(),
        }
    }

    fn xclbin_kernel_name(&self) -> String {
        self.kernel_name.clone().unwrap_or_else(|| "MLIR_AIE".to_string())
    }

    /// `main:<function>`; a bare name gets `main:`.
    fn elf_kernel_name(&self) -> Option<String> {
        let name = self.kernel_name.as_deref()?;
        Some(if name.contains(':') { name.to_string() } else { format!("main:{name}") })
    }

    /// Reads the artifact; one that is not what it should be stops the run (exit status 2).
    fn load_artifact(&self) -> anyhow::Result<Result<Loaded, Stop>> {
        let bad = |path: &Path, why: String| {
            Err(Stop::usage(
                codes::BAD_ARTIFACT,
                format!("{}: {why}", common::shown(path)),
                "give the files `air-stitch compile` (or aircc) wrote for the kernel",
            ))
        };
        if let Some(elf_path) = &self.elf {
            let Some(kernel_name) = self.elf_kernel_name() else {
                anyhow::bail!("--elf needs --kernel-name main:<function> (the instance aircc was given)");
            };
            let elf = common::read_input(elf_path)?.bytes;
            if !elf.starts_with(b"\x7fELF") {
                return Ok(bad(elf_path, "not an ELF file (no \\x7fELF magic)".to_string()));
            }
            return Ok(Ok(Loaded { artifact: Artifact::Elf { elf, kernel_name } }));
        }
        let (Some(xclbin_path), Some(insts_path)) = (&self.xclbin, &self.insts) else {
            anyhow::bail!("give --xclbin FILE --insts FILE, or --elf FILE");
        };
        let xclbin = common::read_input(xclbin_path)?.bytes;
        let raw = common::read_input(insts_path)?.bytes;
        if !xclbin.starts_with(b"xclbin2\0") {
            return Ok(bad(xclbin_path, "not an xclbin (no `xclbin2` magic)".to_string()));
        }
        if raw.is_empty() || raw.len() % 4 != 0 {
            let why =
                format!("an instruction stream is whole little-endian 32-bit words; this file has {} bytes", raw.len());
            return Ok(bad(insts_path, why));
        }
        let insts = raw.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        Ok(Ok(Loaded { artifact: Artifact::Xclbin { xclbin, insts, kernel_name: self.xclbin_kernel_name() } }))
    }

    /// Reads the inputs and binds every argument, before any device is opened.
    fn bind(&self) -> anyhow::Result<Result<Vec<Slot>, Stop>> {
        let mut inputs = Vec::new();
        let mut read = |path: &str| -> anyhow::Result<Vec<u8>> { Ok(common::read_input(Path::new(path))?.bytes) };
        for spec in &self.args {
            match bindings::load_input(&spec.file, &mut read)? {
                Ok(input) => inputs.push((spec.index, input)),
                Err((code, message)) => {
                    return Ok(Err(Stop::usage(code, message, "write the array with numpy's np.save or np.savez")))
                }
            }
        }
        Ok(bindings::bind(inputs, &self.outs).map_err(|message| {
            Stop::usage(
                codes::BAD_BINDING,
                message,
                "bind each data argument 0..N once, with --arg N=FILE or --out N=FILE",
            )
        }))
    }

    /// Opens the device, loads, binds and runs: the timing and each output's bytes.
    fn execute(&self, loaded: &Loaded, slots: &[Slot], report: &Report) -> Result<(Timing, Outputs), Stop> {
        let mut on_wait = |message: &str| report.info(message);
        let mut backend = device::open_backend(&self.device, &mut on_wait).map_err(Stop::from_run)?;
        run_on(backend.as_mut(), &loaded.artifact, slots, self.warmup as usize, self.iterations as usize)
            .map_err(Stop::from_run)
    }
}

/// Each output's argument index and bytes, as read back.
type Outputs = Vec<(usize, Vec<u8>)>;

/// The run on a backend: load, one buffer per argument (inputs written), warm-up and timed
/// runs, then the outputs read back.
fn run_on(
    backend: &mut dyn Backend,
    artifact: &Artifact,
    slots: &[Slot],
    warmup: usize,
    iterations: usize,
) -> Result<(Timing, Outputs), RunError> {
    let kernel = backend.load(artifact)?;
    let mut buffers: Vec<BufferId> = Vec::with_capacity(slots.len());
    for slot in slots {
        let buffer = backend.alloc(kernel, slot.index, slot.bytes())?;
        if let Some(input) = &slot.input {
            backend.write(buffer, 0, &input.data)?;
        }
        buffers.push(buffer);
    }
    let timing = time_runs(backend, kernel, &buffers, warmup, iterations)?;
    let mut outputs = Vec::new();
    for (slot, &buffer) in slots.iter().zip(&buffers).filter(|(s, _)| s.output.is_some()) {
        outputs.push((slot.index, backend.read(buffer)?));
    }
    Ok((timing, outputs))
}

fn micros(d: Duration) -> String {
    format!("{:.1} us", d.as_secs_f64() * 1e6)
}

fn slot_json(slot: &Slot) -> Value {
    json!({
        "index": slot.index,
        "role": slot.role(),
        "input": slot.input.as_ref().map(|i| i.file.clone()),
        "output": slot.output.as_ref().map(|p| common::shown(p)),
        "shape": slot.shape,
        "dtype": slot.dtype.name(),
        "bytes": slot.bytes(),
    })
}

fn timing_json(t: &Timing) -> Value {
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    json!({
        "warmup": t.warmup,
        "iterations": t.samples.len(),
        "median_us": us(t.median()),
        "min_us": us(t.min()),
        "max_us": us(t.max()),
        "samples_us": t.samples.iter().map(|&d| us(d)).collect::<Vec<f64>>(),
    })
}

fn text(slots: &[Slot], t: &Timing) -> String {
    let mut s = String::new();
    for slot in slots {
        let from = slot.input.as_ref().map_or(String::new(), |i| format!(" from {}", i.file));
        let to = slot.output.as_ref().map_or(String::new(), |p| format!(" to {}", common::shown(p)));
        s.push_str(&format!(
            "arg {:<3} {:<5} {} {}{from}{to}\n",
            slot.index,
            slot.role(),
            formats::shape_text(&slot.shape),
            slot.dtype
        ));
    }
    s.push_str(&format!(
        "time     median {}, min {}, max {} ({} after {} warm-up)\n",
        micros(t.median()),
        micros(t.min()),
        micros(t.max()),
        count(t.samples.len(), "run"),
        t.warmup
    ));
    s
}

#[cfg(test)]
mod tests;

//! `air-stitch check-merge`: the merged kernel against the unmerged baseline on a device, as
//! docs/run.md describes. The files are read here and the device is opened here; `air-check-merge`'s
//! `check_merge` decides the buffers and runs the check through the backend.

mod render;

use crate::codes;
use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::compile::{artifacts, tools};
use crate::device::{self, DeviceArgs};
use crate::load::merged::{self as load, Loaded, STOPPED};
use crate::outputs::RunFiles;
use crate::report::{count, Report};
use air_arrays::compare::{self, Gate, Options, DEFAULT_ATOL, DEFAULT_RTOL};
use air_arrays::formats;
use air_check_merge::{Artifacts, Layout, RunOptions};
use air_diagnostics::{Diagnostic, SourceMap};
use std::path::{Path, PathBuf};

pub const SCHEMA: &str = "air-stitch/check-merge/1";

/// Check the merged kernel against the unmerged baseline on the NPU, numerically and in
/// wall-clock time.
///
/// Runs each slice's own compiled kernel as a separate call in plan order (buffers bound
/// through the plan's wiring, prelude aliases as views), then the merged kernel once on the
/// same inputs; compares every output candidate with the gate, names the first slice whose
/// written arguments diverge, runs the merged kernel again on reused buffers (stale-BO check),
/// and times both sides (docs/run.md).
///
/// --merged DIR holds what `air-stitch compile` wrote for the merged module (NAME.xclbin +
/// NAME.insts.bin, or NAME.elf); --slices DIR one compiled kernel per slice, named by its
/// prefix. The inputs are an .npz with a member per argument the device reads: `arg<N>` or the
/// plan's buffer name (`air-stitch inputs` writes one). With --compile the kernels are built
/// (or served from compile's cache) into those directories first; that needs aircc.
///
/// Exit status: 0 pass, 1 a gate failed (or the second run changed the outputs), 2 usage or
/// I/O errors, a plan or inputs problem, a kernel not compiled, or no device.
#[derive(clap::Args, Debug)]
#[command(
    override_usage = "air-stitch check-merge --plan <PLAN.toml> --merged <DIR> --slices <DIR> --inputs <inputs.npz>\n       [OPTIONS] [-- <COMPILE_ARGS>...]",
    after_help = "Examples:
  air-stitch check-merge --plan testdata/check-merge/silu_add.toml \\
      --merged testdata/check-merge/build --slices testdata/check-merge/build/slices \\
      --inputs testdata/check-merge/inputs.npz
  air-stitch check-merge --plan testdata/check-merge/silu_add.toml --merged build \\
      --slices build/slices --inputs testdata/check-merge/inputs.npz --compile --gate cosine \\
      --iterations 20 --format json"
)]
pub struct Opts {
    /// The merge plan (slice files are relative to it).
    #[arg(long, value_name = "PLAN.toml")]
    plan: PathBuf,
    /// What `compile` wrote for the merged module.
    #[arg(long, value_name = "DIR")]
    merged: PathBuf,
    /// The NAME of the merged kernel's files in --merged DIR (default: the only one there, else
    /// the plan's function name).
    #[arg(long, value_name = "NAME")]
    merged_name: Option<String>,
    /// One compiled kernel per slice, named by its prefix (PREFIX.xclbin + PREFIX.insts.bin, or
    /// PREFIX.elf).
    #[arg(long, value_name = "DIR")]
    slices: PathBuf,
    /// The inputs: members `arg<N>` or buffer names.
    #[arg(long, value_name = "inputs.npz")]
    inputs: PathBuf,
    /// Build the kernels with `air-stitch compile` (its cache serves them when they are
    /// built already) into --merged and --slices first.
    #[arg(long)]
    compile: bool,
    /// aircc for --compile: else $AIRCC, else `aircc` on PATH.
    #[arg(long, value_name = "PATH", requires = "compile")]
    aircc: Option<PathBuf>,
    /// Which checks decide: the element-wise check, the cosine, or both.
    #[arg(long, value_enum, default_value_t = GateArg::Both)]
    gate: GateArg,
    /// The cosine gate's minimum (the merge recipe's).
    #[arg(long, value_name = "C", default_value_t = 0.99)]
    cosine_min: f64,
    /// The kernel registry's tolerances of a kernel.
    #[arg(long, value_name = "NAME", value_parser = tolerance_names(), conflicts_with_all = ["rtol", "atol"])]
    tolerances: Option<String>,
    /// Relative tolerance [default: 1.6e-2].
    #[arg(long, value_name = "R")]
    rtol: Option<f64>,
    /// Absolute tolerance [default: 1e-3].
    #[arg(long, value_name = "A")]
    atol: Option<f64>,
    /// Timed runs of each kernel (0: no timing).
    #[arg(long, value_name = "N", default_value_t = 10)]
    iterations: usize,
    /// Untimed runs of each kernel before its timed runs.
    #[arg(long, value_name = "N", default_value_t = 1)]
    warmup: usize,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
    /// With --compile: arguments after `--` for every `air-stitch compile` (--objects DIR,
    /// --device, aircc options).
    #[arg(last = true, value_name = "COMPILE_ARGS")]
    compile_args: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GateArg {
    Elementwise,
    Cosine,
    Both,
}

fn tolerance_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(compare::TOLERANCES.iter().map(|t| t.name))
}

/// A stop before the device: its diagnostics and the closing line's reason.
struct Stop(Vec<Diagnostic>, String);

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut report = Report::of_its_own(SCHEMA, "check-merge", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        let plan_shown = common::shown(&self.plan);
        let loaded = match load::load(&self.plan, &mut sources) {
            Ok(loaded) => loaded,
            Err((diagnostics, why)) => {
                report.add(&diagnostics, &sources);
                report.finish(&format!("check-merge: {plan_shown}: not run: {why}"))?;
                return Ok(STOPPED);
            }
        };
        let layout = &loaded.layout;
        report.field("name", layout.name.clone());
        report.field("slices", layout.slices.iter().map(|s| s.prefix.clone()).collect::<Vec<_>>());
        report.count("slices", layout.slices.len());
        let prepared = self.inputs(layout)?.and_then(|inputs| {
            let artifacts = self.artifacts(&loaded)?;
            Ok((inputs, artifacts))
        });
        let ((inputs, warnings), artifacts) = match prepared {
            Ok(ready) => ready,
            Err(Stop(diagnostics, why)) => {
                report.add(&diagnostics, &sources);
                report.finish(&format!("check-merge: @{}: not run: {why}", layout.name))?;
                return Ok(STOPPED);
            }
        };
        report.add(&warnings, &sources);
        let mut on_wait = |message: &str| report.info(message);
        let opened = device::open_backend(&self.device, &mut on_wait);
        let mut backend = match opened {
            Ok(backend) => backend,
            Err(err) => {
                // No device here (or no NPU-capable XRT): what is missing, exit status 2.
                report.add(
                    &[Diagnostic::error(err.code, err.message.clone()).with_help(device::help_for(&err).to_string())],
                    &sources,
                );
                report.finish(&format!("check-merge: @{}: not run: no device", layout.name))?;
                return Ok(STOPPED);
            }
        };
        let checked = match air_check_merge::run(layout, &inputs, &artifacts, backend.as_mut(), &self.run_options()) {
            Ok(checked) => checked,
            Err(err) if device::is_missing(&err) => {
                report.add(
                    &[Diagnostic::error(err.code, err.message.clone()).with_help(device::help_for(&err).to_string())],
                    &sources,
                );
                report.finish(&format!("check-merge: @{}: not run: no device", layout.name))?;
                return Ok(STOPPED);
            }
            Err(err) => {
                // The device failed a load, a transfer or a run: that is a failed check.
                report.add(
                    &[Diagnostic::error(err.code, err.message.clone()).with_help(device::help_for(&err).to_string())],
                    &sources,
                );
                report.finish(&format!("check-merge: @{}: failed on the device ({})", layout.name, err.code))?;
                return Ok(Outcome::Problems);
            }
        };
        report.add(&checked.diagnostics(), &sources);
        if report.is_json() {
            for (key, value) in render::document(&checked, layout) {
                report.field(&key, value);
            }
        } else {
            common::write_stdout(render::text(&checked, layout).as_bytes())?;
        }
        report.count("outputs", checked.outputs.len());
        report.finish(&render::closing_line(&checked, layout))?;
        Ok(Outcome::from_problems(!checked.pass()))
    }

    fn run_options(&self) -> RunOptions {
        let named = self.tolerances.as_deref().and_then(compare::tolerances);
        let compare = Options {
            rtol: named.map_or(self.rtol.unwrap_or(DEFAULT_RTOL), |t| t.rtol),
            atol: named.map_or(self.atol.unwrap_or(DEFAULT_ATOL), |t| t.atol),
            gate: match self.gate {
                GateArg::Elementwise => Gate::Elementwise,
                GateArg::Cosine => Gate::Cosine,
                GateArg::Both => Gate::Both,
            },
            cosine_min: self.cosine_min,
            per_row: false,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()).min(8),
        };
        RunOptions { compare, iterations: self.iterations, warmup: self.warmup }
    }

    /// The inputs file's members, bound to the arguments.
    fn inputs(&self, layout: &Layout) -> anyhow::Result<Result<(air_check_merge::Inputs, Vec<Diagnostic>), Stop>> {
        // A file that cannot be read is an I/O error of the command (one line, exit 2).
        let bytes = common::read_input(&self.inputs)?.bytes;
        let shown = common::shown(&self.inputs);
        let bad = |e: formats::FormatError| {
            let diagnostic = Diagnostic::error(e.code, format!("{shown}: {}", e.message)).with_help(e.help);
            Stop(vec![diagnostic], format!("{shown} cannot be read as an .npz"))
        };
        let mut members = Vec::new();
        let names = match formats::npz_members(&bytes) {
            Ok(names) => names,
            Err(e) => return Ok(Err(bad(e))),
        };
        for name in names {
            match formats::npz_member(&bytes, &name) {
                Ok(npy) => members.push((name, npy.into_owned())),
                Err(e) => return Ok(Err(bad(e))),
            }
        }
        Ok(air_check_merge::bind_inputs(layout, &members).map_err(|d| {
            let why = format!("{} in {shown}", count(d.iter().filter(|x| x.is_error()).count(), "problem"));
            Stop(d, why)
        }))
    }

    /// The merged kernel and each slice's, read from their directories (built first with
    /// --compile).
    fn artifacts(&self, loaded: &Loaded) -> Result<Artifacts, Stop> {
        let layout = &loaded.layout;
        if self.compile {
            self.build(loaded)?;
        }
        let missing = |message: String, help: String| {
            Stop(
                vec![Diagnostic::error(codes::KERNEL_NOT_COMPILED, message).with_help(help)],
                "a kernel is not compiled".to_string(),
            )
        };
        let io = |e: anyhow::Error| {
            Stop(
                vec![Diagnostic::error(codes::KERNEL_NOT_COMPILED, format!("{e:#}"))],
                "a kernel cannot be read".to_string(),
            )
        };
        let name = self.merged_name(layout).map_err(|why| missing(why, "compile the merged module into it: `air-stitch compile fused.mlir -o DIR`, or name its files with --merged-name".to_string()))?;
        let found = artifacts::find(&self.merged, &name).map_err(|why| missing(format!("the merged kernel: {why}"), format!("compile it: `air-stitch merge --plan PLAN -o {name}.mlir` then `air-stitch compile {name}.mlir -o {}`", common::shown(&self.merged))))?;
        let merged = artifacts::load(&found, &self.merged, &name, &layout.name).map_err(io)?;
        let mut slices = Vec::new();
        for (slice, path) in layout.slices.iter().zip(loaded.paths.iter().skip(1)) {
            let found = artifacts::find(&self.slices, &slice.prefix).map_err(|why| {
                missing(
                    format!("slice `{}`: {why}", slice.prefix),
                    format!("compile each slice under its prefix: `air-stitch compile {} -o {} --name {}` (or use --compile)", common::shown(path), common::shown(&self.slices), slice.prefix),
                )
            })?;
            slices.push(artifacts::load(&found, &self.slices, &slice.prefix, &slice.func).map_err(io)?);
        }
        Ok(Artifacts { merged, slices })
    }

    /// `--merged-name`, else the only kernel in --merged DIR, else the plan's function name.
    fn merged_name(&self, layout: &Layout) -> Result<String, String> {
        if let Some(name) = &self.merged_name {
            return Ok(name.clone());
        }
        let names = artifacts::names_in(&self.merged);
        match names.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(format!(
                "{} holds no compiled kernel (NAME.xclbin + NAME.insts.bin, or NAME.elf)",
                common::shown(&self.merged)
            )),
            many if many.contains(&layout.name) => Ok(layout.name.clone()),
            many => Err(format!(
                "{} holds several compiled kernels ({}): name the merged one with --merged-name",
                common::shown(&self.merged),
                many.join(", ")
            )),
        }
    }

    /// --compile: the merged module and each slice through `air-stitch compile` (its cache
    /// serves what is built already). Stops at once, with compile's message, without aircc.
    fn build(&self, loaded: &Loaded) -> Result<(), Stop> {
        let stop = |d: Diagnostic, why: &str| Stop(vec![d], why.to_string());
        if let Err(why) = tools::find_aircc(self.aircc.as_deref()) {
            return Err(stop(
                Diagnostic::error(codes::AIRCC_NOT_FOUND, why).with_help(tools::HOW_TO_GET_AIRCC),
                "the kernels are not compiled: aircc is missing",
            ));
        }
        let failed = |e: anyhow::Error| {
            stop(Diagnostic::error(codes::KERNEL_NOT_COMPILED, format!("{e:#}")), "a kernel did not compile")
        };
        let name = self.merged_name.clone().unwrap_or_else(|| loaded.layout.name.clone());
        let module = self.merged.join(format!("{name}.mlir"));
        let mut files = RunFiles::new();
        files.input("the plan (--plan)", &self.plan).input("the inputs (--inputs)", &self.inputs);
        for path in loaded.paths.iter().skip(1) {
            files.input("a slice file of the plan", path);
        }
        let remedy = "choose another --merged or --merged-name";
        files.derived_output(format!("the merged module {name}.mlir"), &module, remedy);
        files.check().map_err(failed)?;
        std::fs::create_dir_all(&self.merged).map_err(|e| failed(e.into()))?;
        common::write_output(&module, loaded.merged.as_bytes(), &loaded.paths).map_err(failed)?;
        self.compile_one(&module, &self.merged, &name).map_err(failed)?;
        for (slice, path) in loaded.layout.slices.iter().zip(loaded.paths.iter().skip(1)) {
            self.compile_one(path, &self.slices, &slice.prefix).map_err(failed)?;
        }
        Ok(())
    }

    fn compile_one(&self, module: &Path, dir: &Path, name: &str) -> anyhow::Result<()> {
        let exe = std::env::current_exe()?;
        let mut command = std::process::Command::new(exe);
        command.arg("compile").arg(module).arg("-o").arg(dir).args(["--name", name]);
        if let Some(aircc) = &self.aircc {
            command.arg("--aircc").arg(aircc);
        }
        command.args(&self.compile_args);
        let status = command.status()?;
        if !status.success() {
            anyhow::bail!(
                "`air-stitch compile {} -o {} --name {name}` failed ({status}): its report is above",
                common::shown(module),
                common::shown(dir)
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

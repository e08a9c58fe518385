//! `air-stitch merge`: stitch kernels into one multi-launch module.

mod checks;
mod emit_plan;

use crate::air_opt::{AirOpt, AirOptArgs};
use crate::cmdline::CommandLine;
use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::lints::{Levels, LintArgs};
use crate::load::merge_inputs::{self as inputs, Inputs, Stop, ZeroConfig};
use crate::outputs::RunFiles;
use crate::report::{count, Report};
use air_diagnostics::{Diagnostic, SourceMap};
use air_merge::merge::{finish, stitch_parallel};
use air_merge::plan::zero_config::Bind;
use std::path::PathBuf;

/// Stitch kernel modules into one module with several `air.launch` ops, dispatched once.
///
/// With --plan, a TOML plan gives the combined signature, the prelude and each slice's wiring
/// (see docs/merge.md). Without it, the inputs are merged in order: prefixes from file stems (a
/// repeated stem is numbered: `dg`, `dg_2`; --prefix chooses one), each slice argument its own
/// combined argument, and --bind to make one slice use another's argument. Nothing is written
/// when any check fails; the output is written atomically and never over an input.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch merge --plan testdata/plans/o_gemv_ffn.toml -o fused.mlir --verify
  air-stitch merge --plan testdata/plans/gemv_2k.toml -o fused.mlir --format json
  air-stitch merge testdata/kernels/gemv_k2048.mlir testdata/kernels/gemv_k2048.mlir \\
      --bind gemv_k2048_2.1=gemv_k2048.1 -o fused.mlir
  air-stitch merge testdata/kernels/rmsnorm_2048x2048.mlir testdata/kernels/gemv_k2048.mlir \\
      --prefix testdata/kernels/rmsnorm_2048x2048.mlir=rms -o fused.mlir
  air-stitch merge testdata/kernels/add_2048.mlir testdata/kernels/gemm_2048x2048x512.mlir \\
      --tile-sizes gemm_2048x2048x512=2,2 -o fused.mlir")]
pub struct Opts {
    /// Input kernels, in launch order (without --plan).
    #[arg(conflicts_with = "plan", required_unless_present = "plan")]
    files: Vec<PathBuf>,
    /// A TOML merge plan; slice files are relative to it.
    #[arg(long)]
    plan: Option<PathBuf>,
    /// Output file (`-` for standard output).
    #[arg(short, long)]
    output: PathBuf,
    /// Name of the combined function (default: the output's file stem): an MLIR symbol,
    /// `decode_q`, or a string with its quotes, `'"decode-q"'`.
    #[arg(long, conflicts_with = "plan")]
    name: Option<String>,
    /// Make slice B's argument I reuse the combined argument of slice A's argument J: `B.I=A.J`,
    /// slices named by their prefixes.
    #[arg(long = "bind", value_name = "B.I=A.J", conflicts_with = "plan", value_parser = bind_arg)]
    binds: Vec<String>,
    /// The prefix of an input's names: `FILE=NAME`, FILE as given or by its default prefix (the
    /// stem; `dg_2` for a second `dg.mlir`).
    #[arg(long = "prefix", value_name = "FILE=NAME", conflicts_with = "plan")]
    prefixes: Vec<String>,
    /// The runtime loop tiling of a slice's launches, named by its prefix: `q=2,2` gives every
    /// `air.launch` of slice `q` `air.shim_dma_tile_sizes = array<i64: 2, 2>` (a plan's
    /// `shim_dma_tile_sizes`); `q=0` leaves it untiled.
    #[arg(long = "tile-sizes", value_name = "PREFIX=N[,N...]", conflicts_with = "plan", value_parser = tile_sizes_arg)]
    tile_sizes: Vec<String>,
    /// Write the extern report (JSON: externs, renames and how to build renamed objects).
    #[arg(long, value_name = "FILE")]
    externs_report: Option<PathBuf>,
    /// Write the plan this zero-config merge made (TOML, docs/merge.md#the-plan-file; slice
    /// files relative to its directory): `merge --plan FILE` makes the same merge, and `inputs`
    /// and `check-merge` take it. Not with --plan (that is the plan already).
    #[arg(long, value_name = "FILE", conflicts_with = "plan")]
    emit_plan: Option<PathBuf>,
    /// Write the roles of the merged module (JSON, as `air-stitch roles --format json` gives
    /// them: per argument its accesses and roles, the hazards, a `load_and_run` snippet).
    #[arg(long, value_name = "FILE.json")]
    roles: Option<PathBuf>,
    /// Also run AIR's own verifier (air-opt, see --air-opt) and MLIR's parser and verifier
    /// (when built with the `mlir` feature) on the merged module; AIR's structural checks run
    /// without it. Nothing is written if it fails.
    #[arg(long)]
    verify: bool,
    /// Skip AIR's structural checks of the merged module (the hazards between launches are
    /// still reported).
    #[arg(long, conflicts_with = "verify")]
    no_verify: bool,
    #[command(flatten)]
    air_opt: AirOptArgs,
    #[command(flatten)]
    lints: LintArgs,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

/// `--tile-sizes` is checked when the command line is read; it is located on it later.
fn tile_sizes_arg(text: &str) -> Result<String, String> {
    text.parse::<air_merge::plan::zero_config::TileSizesArg>().map(|_| text.to_string())
}

/// `--bind` is checked when the command line is read; it is located on it later.
fn bind_arg(text: &str) -> Result<String, String> {
    text.parse::<Bind>().map(|_| text.to_string())
}

impl Opts {
    /// The files of the run: the inputs on the command line (or the plan), and every output.
    fn run_files(&self) -> RunFiles {
        // `FILE#N` reads FILE: no output may be it.
        let read: Vec<PathBuf> = self.files.iter().map(|typed| inputs::split_section(typed).0).collect();
        let mut files = RunFiles::inputs(&read);
        if let Some(plan) = &self.plan {
            files.input("the plan (--plan)", plan);
        }
        files.output("-o", &self.output);
        if let Some(report) = &self.externs_report {
            files.output("--externs-report", report);
        }
        if let Some(roles) = &self.roles {
            files.output("--roles", roles);
        }
        if let Some(plan) = &self.emit_plan {
            files.output("--emit-plan", plan);
        }
        files
    }

    /// Usage errors, before any work: a judge of --verify without --verify, two outputs on
    /// standard output, two outputs that are one file or an input, an output where nothing can
    /// be written.
    fn check_usage(&self) -> anyhow::Result<Option<AirOpt>> {
        if !self.verify && self.air_opt.given() {
            anyhow::bail!("--air-opt and --no-air-opt choose a judge of --verify: add --verify");
        }
        self.format.check_stdout_free(Some(&self.output), "-o")?;
        self.run_files().check()?;
        if let Some(report) = &self.externs_report {
            self.format.check_stdout_free(Some(report), "--externs-report")?;
            common::check_output(report, &[])?;
        }
        if let Some(roles) = &self.roles {
            self.format.check_stdout_free(Some(roles), "--roles")?;
            common::check_output(roles, &[])?;
        }
        if let Some(plan) = &self.emit_plan {
            self.format.check_stdout_free(Some(plan), "--emit-plan")?;
            common::check_output(plan, &[])?;
            if self.files.iter().any(|file| file.as_os_str() == "-") {
                anyhow::bail!(
                    "--emit-plan writes a plan that names each input's file, and standard input (-) has none: give that input a file"
                );
            }
        }
        common::check_output(&self.output, &[])?;
        if self.verify {
            self.air_opt.resolve()
        } else {
            Ok(None)
        }
    }

    pub fn run(&self) -> anyhow::Result<Outcome> {
        let air_opt = self.check_usage()?;
        let mut report = Report::new("merge", self.format.format, &self.global);
        report.field("output", common::shown(&self.output));
        report.field("written", false);
        let mut sources = SourceMap::new();
        let line = CommandLine::capture();
        let read = match &self.plan {
            Some(plan) => inputs::from_plan(plan, &mut sources, &line),
            None => {
                let zero = ZeroConfig {
                    files: &self.files,
                    name: self.name.as_deref(),
                    output: &self.output,
                    binds: &self.binds,
                    prefixes: &self.prefixes,
                    tile_sizes: &self.tile_sizes,
                };
                inputs::zero_config(&zero, &mut sources, &line)?
            }
        };
        let Inputs { plan, slices, paths } = match read {
            Ok(inputs) => inputs,
            Err(Stop { diagnostics, unreadable }) => {
                let outcome = if unreadable { Outcome::Failed } else { Outcome::Problems };
                return failed(report, &diagnostics, &sources, outcome);
            }
        };
        // The plan a zero-config merge made, as `--emit-plan` writes it: made before any merge,
        // so that a path no plan can name stops the run before anything is written.
        let emitted = match &self.emit_plan {
            Some(path) => Some(emit_plan::emitted_plan(&plan, &self.files, path)?),
            None => None,
        };
        // The plan's slice files are known now (after the plan): no output may be one of them.
        if self.plan.is_some() {
            let mut files = self.run_files();
            for path in paths.iter().skip(1) {
                files.input("a slice file of the plan", path);
            }
            files.check()?;
        }
        // The plan's `[lints]`, then -A/-W/-D: the levels of the checks' findings.
        let mut levels = Levels::default();
        let plan_name = self.plan.as_deref().map(common::shown).unwrap_or_default();
        let lint_errors = levels.add_plan(&plan.lints, &plan_name);
        if !lint_errors.is_empty() {
            return failed(report, &lint_errors, &sources, Outcome::Problems);
        }
        levels.add_args(&self.lints)?;
        report.count("slices", slices.len());
        let slice_count = slices.len();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let stitched = match stitch_parallel(&plan, &slices, threads) {
            Ok(stitched) => stitched,
            Err(errors) => return failed(report, &errors, &sources, Outcome::Problems),
        };
        // No diagnostic refers to the inputs from here on: free them (and their trees) before
        // the output is parsed again.
        drop(slices);
        sources = SourceMap::new();
        let merged = match finish(stitched) {
            Ok(merged) => merged,
            Err(errors) => return failed(report, &errors, &sources, Outcome::Problems),
        };
        report.add(&merged.warnings, &sources);
        let judges = checks::Judges { structural: !self.no_verify, verify: self.verify, air_opt: &air_opt };
        let declared = checks::Declared {
            names: plan.args.iter().map(|a| a.name.clone()).collect(),
            kinds: plan.args.iter().map(|a| a.kind).collect(),
            slices: merged.slices.clone(),
        };
        let checked = checks::check(
            &merged.parse,
            &self.checked_name(),
            declared,
            &judges,
            &mut sources,
            &mut levels,
            &mut report,
        )?;
        if let Some(judged) = &checked.judged {
            report.field("judges", judged.clone());
        }
        if checked.failed {
            report.field("verified", false);
            return report
                .stop(&[], &sources, |p| format!("merge failed: the merged module has errors ({p}); nothing written"));
        }
        common::write_output(&self.output, merged.text().as_bytes(), &paths)?;
        let externs = self.write_side_outputs(&merged, &checked, &sources, &paths, emitted.as_deref(), &mut report)?;
        report.field("written", true);
        report.field("externs", externs);
        self.finish_merged(report, &merged, checked.judged.as_deref(), slice_count, plan.args.len())
    }

    /// The closing of a merge that wrote its module: the counts and the closing line.
    fn finish_merged(
        &self,
        mut report: Report,
        merged: &air_merge::merge::Merged,
        judged: Option<&str>,
        slice_count: usize,
        arg_count: usize,
    ) -> anyhow::Result<Outcome> {
        report.field("verified", judged.is_some());
        report.count("launches", merged.launches);
        report.count("arguments", arg_count);
        report.info(&air_merge::passes::externs::summary_line(&merged.externs));
        let target =
            if self.output.as_os_str() == "-" { "standard output".to_string() } else { common::shown(&self.output) };
        let verified = judged.map(|how| format!("; verified ({how})")).unwrap_or_default();
        report.finish(&format!(
            "merged {} into {target}: {}, {}{verified}",
            count(slice_count, "slice"),
            count(merged.launches, "launch"),
            count(arg_count, "argument")
        ))?;
        Ok(Outcome::Success)
    }

    /// The outputs besides the module, once it is written: `--externs-report`, `--roles`,
    /// `--emit-plan` (its text made before the merge). The extern report, for the JSON report.
    fn write_side_outputs(
        &self,
        merged: &air_merge::merge::Merged,
        checked: &checks::Checked,
        sources: &SourceMap,
        paths: &[PathBuf],
        emitted: Option<&str>,
        report: &mut Report,
    ) -> anyhow::Result<serde_json::Value> {
        let externs = air_merge::passes::externs::report_json(&merged.externs);
        if let Some(path) = &self.externs_report {
            let json = serde_json::to_string_pretty(&externs)?;
            common::write_output(path, format!("{json}\n").as_bytes(), paths)?;
        }
        if let Some(path) = &self.roles {
            match &checked.flow {
                Ok(flow) => {
                    let document = self.roles_document(flow, &merged.parse, checked.file, sources);
                    let json = serde_json::to_string_pretty(&document)?;
                    common::write_output(path, format!("{json}\n").as_bytes(), paths)?;
                    report.info(&format!("roles: written to {}", common::shown(path)));
                }
                Err(why) => report.info(&format!("roles: not written: {why}")),
            }
            report.field("roles", common::shown(path));
        }
        if let (Some(path), Some(text)) = (&self.emit_plan, emitted) {
            common::write_output(path, text.as_bytes(), paths)?;
            let target = if path.as_os_str() == "-" { "standard output".to_string() } else { common::shown(path) };
            report.info(&format!("plan: written to {target}"));
            report.field("plan", common::shown(path));
        }
        Ok(externs)
    }

    /// The merged module's name in findings: it is not on disk while it is checked.
    fn checked_name(&self) -> String {
        if self.output.as_os_str() == "-" {
            "<merged output>".to_string()
        } else {
            format!("{} (merged output)", self.output.display())
        }
    }

    /// The `--roles` document, its findings located in the output file as written.
    fn roles_document(
        &self,
        flow: &air_dataflow::Dataflow,
        parse: &air_syntax::Parse,
        checked: air_diagnostics::FileId,
        sources: &SourceMap,
    ) -> serde_json::Value {
        let shown =
            if self.output.as_os_str() == "-" { "<merged output>".to_string() } else { common::shown(&self.output) };
        let mut written = SourceMap::new();
        // The checks registered the module first in a fresh map: the same id names it here.
        if written.add_shared(shown.clone(), parse.tree.shared_text()) == checked {
            air_report::roles::document(flow, &written, &shown)
        } else {
            air_report::roles::document(flow, sources, &shown)
        }
    }
}

/// A merge that stopped: its diagnostics, then the closing line; nothing is written.
fn failed(report: Report, errors: &[Diagnostic], sources: &SourceMap, outcome: Outcome) -> anyhow::Result<Outcome> {
    report.stop(errors, sources, |p| format!("merge failed: {p}; nothing written"))?;
    Ok(outcome)
}

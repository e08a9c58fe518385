//! `air-stitch check-bd`: the NPU resource lint (shim channels and BDs, L1/L2, placement,
//! DMA fields, multi-launch structure), rendered as rustc-style diagnostics or JSON.

use crate::backend_args::{tiling_size, BackendFlags, DeviceArg, FormatArg, OmitArg};
use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::lints::{Levels, LintArgs};
use crate::load;
use crate::report;
use air_checkbd::{Amount, CheckBdReport, Status};
use air_diagnostics::{Diagnostic, SourceMap};
use air_merge::plan::backend::Backend;
use air_merge::plan::MergePlan;
use air_report::check_bd::{self, location, Checked};
use std::fmt::Write as _;
use std::path::PathBuf;

mod lower;
use crate::compile::lower as lower_tools;

/// A plan and the name it was read under.
type NamedPlan = (MergePlan, String);

/// Predict NPU resource failures of AIR modules before aircc runs.
///
/// Checks herd placement, L1 per core, L2 per memtile, shim DMA channels, shim/memtile/core
/// buffer descriptors (with the launch loops unrolled as the compiler does), DMA field limits
/// (wrap, stride, iteration, repeat count, 4-byte granularity, bf16 inner stride) and
/// multi-launch structure.
///
/// Exit status: 0 when no file has errors (warnings and notes allowed), 1 when a file has lint
/// errors or does not parse, 2 for usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch check-bd testdata/kernels/gemv_k2048.mlir
  air-stitch check-bd --device npu1 --report testdata/check-bd/ok_f03_silu_mul_herd1_tile4096.mlir
  air-stitch check-bd --omit-ping-pong-transform --air-runtime-loop-tiling-sizes 2,2 \\
      --format json testdata/kernels/gemm_2048x2048x2048.mlir")]
pub struct Opts {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Device to check against (default npu2, or the plan's).
    #[arg(long, value_enum)]
    device: Option<DeviceArg>,
    /// Skip ping-pong buffering, as aircc's option of the same name: alone for every level,
    /// or `=L1` / `=L2` (the level follows an `=`, as for aircc).
    #[arg(
        long = "omit-ping-pong-transform",
        visible_alias = "omit-pingpong",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "all",
        value_name = "LEVEL"
    )]
    omit_pingpong: Option<OmitArg>,
    /// Tile launch loops as aircc's option of the same name (BDs are recycled per tile): one or
    /// more positive sizes, one per launch loop (`2,2`, `"2, 2"`, or the option repeated as
    /// aircc takes it); a single `0` turns tiling off for every launch, as for aircc.
    #[arg(long, value_delimiter = ',', value_name = "N,N", value_parser = tiling_size)]
    air_runtime_loop_tiling_sizes: Vec<u32>,
    /// Core stack in bytes, as aircc --stack-size (default 1024, or the plan's).
    #[arg(long, value_name = "BYTES")]
    stack_size: Option<u64>,
    /// The artifact the module is compiled into (what --lower lowers for): an xclbin, or a full
    /// ELF (airrt-to-npu's ELF form, a `main` sequence configuring one device per launch).
    #[arg(long, value_enum)]
    output_format: Option<FormatArg>,
    /// Also lower each module through the MLIR half of the real compiler (aircc and aiecc up to
    /// the NPU instruction stream, no core compilation) with the same options: its verdict, its
    /// errors on the launches they come from, its instruction words per sequence. DIR holds
    /// aircc and aiecc (else $AIRCC, else PATH).
    #[arg(long, num_args = 0..=1, require_equals = true, value_name = "DIR")]
    lower: Option<Option<PathBuf>>,
    /// How long one lowering may take (90s, 10m; default 10m): a lowering that does not finish
    /// gives no verdict. A module check-bd foresees a compile-time blow-up for (AS0431, AS0440)
    /// is not lowered unless this is given.
    #[arg(long, value_name = "DURATION")]
    lower_timeout: Option<String>,
    /// Print a per-launch budget table (used / available per resource) to standard output.
    #[arg(long)]
    report: bool,
    #[command(flatten)]
    format: FormatOpts,
    /// Check each `// -----` section separately.
    #[arg(long)]
    split_input_file: bool,
    /// Apply a merge plan's `[backend]` options and `[lints]` levels (the flags override them).
    #[arg(long, value_name = "PLAN")]
    plan: Option<PathBuf>,
    #[command(flatten)]
    lints: LintArgs,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    /// The compile options the module is checked (and lowered) with: the flags over the
    /// plan's `[backend]`.
    fn compile_options(&self, plan: Option<&MergePlan>) -> anyhow::Result<air_compile::aircc::CompileOptions> {
        // `--omit-ping-pong-transform L1 f.mlir`: the level was read as an input file.
        if let Some(level) = self.files.iter().find(|f| ["L1", "L2", "all"].iter().any(|l| f.as_os_str() == *l)) {
            if self.omit_pingpong.is_some() && !level.exists() {
                let level = level.display();
                anyhow::bail!(
                    "`{level}` is not an input file: the level of --omit-ping-pong-transform follows an `=`: --omit-ping-pong-transform={level}"
                );
            }
        }
        let flags = BackendFlags {
            device: self.device,
            output_format: self.output_format,
            runtime_loop_tiling_sizes: self.air_runtime_loop_tiling_sizes.clone(),
            omit_ping_pong: self.omit_pingpong,
            stack_size: self.stack_size,
            ..BackendFlags::default()
        };
        flags.resolve(plan.map_or(&Backend::default(), |p| &p.backend))
    }

    /// The lowering's drivers and timeout, when --lower is given.
    /// `Ok(Err(diagnostic))` when the drivers are missing.
    #[allow(clippy::type_complexity)]
    fn lower_tools(
        &self,
    ) -> anyhow::Result<Result<Option<(lower_tools::LowerTools, std::time::Duration)>, Diagnostic>> {
        let Some(dir) = &self.lower else { return Ok(Ok(None)) };
        let dir = dir.as_deref();
        let timeout = air_compile::aircc::parse_duration(self.lower_timeout.as_deref().unwrap_or("10m"))
            .map_err(|why| anyhow::anyhow!("--lower-timeout {why}"))?;
        Ok(match lower_tools::find_tools(dir) {
            Ok(tools) => Ok(Some((tools, timeout))),
            Err(why) => Err(Diagnostic::error(crate::codes::LOWER_TOOLS_NOT_FOUND, format!("--lower: {why}"))
                .with_help(lower_tools::HOW_TO_GET)),
        })
    }

    /// A note instead of a lowering that check-bd foresees will blow up (AS0431: hours; AS0440: a
    /// split that never ends), unless `--lower-timeout` asks for it: the default would only wait
    /// out its 10 minutes.
    fn blow_up_skip(&self, checked: &Checked, name: &str) -> Option<Diagnostic> {
        use air_checkbd::rules::{COMPILE_TIME, ENDLESS_SPLIT};
        if self.lower_timeout.is_some() {
            return None;
        }
        let foreseen =
            checked.report.diagnostics.iter().find(|d| d.code == COMPILE_TIME.code || d.code == ENDLESS_SPLIT.code)?;
        Some(
            Diagnostic::note(
                crate::codes::LOWER_SKIPPED,
                format!("{name} is not lowered: check-bd foresees a compile-time blow-up ({})", foreseen.code),
            )
            .with_note(format!("{}: {}", foreseen.code, foreseen.message))
            .with_help("shrink the module as that finding says; or give --lower-timeout DURATION to lower it anyway"),
        )
    }

    /// `--plan`, read and resolved (with its name); or (`Err`) its problems.
    fn plan(&self, sources: &mut SourceMap) -> anyhow::Result<Result<Option<NamedPlan>, Vec<Diagnostic>>> {
        let Some(path) = &self.plan else { return Ok(Ok(None)) };
        Ok(match load::text(path, sources)? {
            Ok((file, name)) => air_merge::plan::parse_plan(sources.text(file), file).map(|plan| Some((plan, name))),
            Err(diagnostic) => Err(vec![diagnostic]),
        })
    }

    /// The lint levels: the plan's `[lints]`, then the flags; or (`Err`) the plan's problems.
    fn levels(&self, plan: Option<&NamedPlan>) -> anyhow::Result<Result<Levels, Vec<Diagnostic>>> {
        let mut levels = Levels::default();
        if let Some((plan, name)) = plan {
            let errors = levels.add_plan(&plan.lints, name);
            if !errors.is_empty() {
                return Ok(Err(errors));
            }
        }
        levels.add_args(&self.lints)?;
        Ok(Ok(levels))
    }

    pub fn run(&self) -> anyhow::Result<Outcome> {
        crate::outputs::RunFiles::inputs(&self.files).check()?;
        let mut sources = SourceMap::new();
        let mut report = report::Report::of_its_own(check_bd::SCHEMA, "check-bd", self.format.format, &self.global)
            .with_diagnostic_json(check_bd::diagnostic_json);
        let plan = match self.plan(&mut sources)? {
            Ok(plan) => plan,
            Err(errors) => {
                return report
                    .stop(&errors, &sources, |p| format!("check-bd: the plan cannot be used: {p}; nothing checked"))
            }
        };
        let compile_options = self.compile_options(plan.as_ref().map(|(p, _)| p))?;
        let options = compile_options.check_options();
        let mut levels = match self.levels(plan.as_ref())? {
            Ok(levels) => levels,
            Err(errors) => {
                return report.stop(&errors, &sources, |p| {
                    format!("check-bd: the plan's [lints] cannot be used: {p}; nothing checked")
                })
            }
        };
        let lowering = match self.lower_tools()? {
            Ok(lowering) => lowering,
            Err(missing) => {
                report.add(&[missing], &sources);
                report.finish("check-bd: nothing checked: the compiler to lower with was not found")?;
                return Ok(Outcome::Failed);
            }
        };
        let mut lowered: Vec<lower::LoweredFile> = Vec::new();
        let mut lowering_found: Vec<Diagnostic> = Vec::new();
        let mut checked: Vec<Checked> = Vec::new();
        for path in &self.files {
            let load::Registered { file, raw, decoded } = load::registered(path, &mut sources)?;
            if let Err(diagnostic) = decoded {
                checked.push(Checked {
                    file,
                    name: raw.name.clone(),
                    parsed: false,
                    report: CheckBdReport { diagnostics: vec![diagnostic], units: Vec::new() },
                });
                continue;
            }
            let text = sources.text(file).to_string();
            let shown = common::shown(path);
            let chunks = common::parse_chunks(&text, self.split_input_file);
            let bodies: Vec<&str> = if self.split_input_file {
                air_syntax::split_input_file(&text).into_iter().map(|c| c.text).collect()
            } else {
                vec![text.as_str()]
            };
            let several = chunks.len() > 1;
            for (index, chunk) in chunks.iter().enumerate() {
                let one = check_bd::check_chunk(&chunk.parse, file, chunk.offset, &raw.name, &shown, &options);
                if let (Some((tools, timeout)), true) = (&lowering, one.parsed) {
                    let name = if several { format!("{}.chunk{index}", raw.name) } else { raw.name.clone() };
                    if let Some(skip) = self.blow_up_skip(&one, &name) {
                        lowering_found.push(skip);
                        checked.push(one);
                        continue;
                    }
                    let body = bodies.get(index).copied().unwrap_or_default();
                    let run = lower::lower_one(tools, body, &name, &compile_options, *timeout)
                        .map_err(|err| anyhow::anyhow!("cannot lower {name}: {err}"))?;
                    let done = lower::LoweredFile { name, lowered: run };
                    let found = lower::diagnostics(&done, body, file, tools);
                    lowering_found.extend(found.into_iter().map(|d| d.shifted(chunk.offset)));
                    lowered.push(done);
                }
                checked.push(one);
            }
        }
        let findings: Vec<Diagnostic> =
            levels.apply(checked.iter().flat_map(|c| c.report.diagnostics.iter().cloned()).collect());
        report.add_findings(findings, &levels, &sources);
        let lowering_found = levels.apply(lowering_found);
        report.add_findings(lowering_found, &levels, &sources);
        if self.report && !report.is_json() {
            common::write_stdout(budget_tables(&checked, &sources).as_bytes())?;
        }
        for (key, value) in check_bd::fields(&options, &checked, &sources) {
            report.field(key, value);
        }
        if lowering.is_some() {
            report.field("lowerings", lower::json(&lowered));
        }
        report.count("files", self.files.len());
        report.count("chunks", checked.len());
        let errors = report.tally().errors;
        let mut line = check_bd::closing_line(&options, self.files.len(), checked.len(), &report.tally());
        if lowering.is_some() {
            line = format!("{line}; {}", lower::summary(&lowered));
        }
        report.finish(&line)?;
        Ok(Outcome::from_problems(errors > 0 || checked.iter().any(|c| !c.parsed)))
    }
}

fn amount_text(amount: &Amount) -> String {
    match amount {
        Amount::Known { value } => value.to_string(),
        Amount::NotConstant { .. } => "not constant".to_string(),
    }
}

fn status_text(status: Status) -> &'static str {
    match status {
        Status::Ok => "ok",
        Status::Over => "OVER",
        Status::Unknown => "unknown",
    }
}

/// The `--report` tables, one per launch.
fn budget_tables(checked: &[Checked], sources: &SourceMap) -> String {
    let mut out = String::new();
    for c in checked.iter().filter(|c| c.parsed) {
        for unit in &c.report.units {
            let (line, col) = location(sources, c.file, unit.range.start);
            let segments = if unit.segments.is_empty() {
                String::new()
            } else {
                format!(", segments {}", unit.segments.join(" "))
            };
            let _ = writeln!(out, "{} ({}:{line}:{col}{segments})", unit.label, c.name);
            let widths = [
                unit.rows.iter().map(|r| r.resource.len()).max().unwrap_or(8).max(8),
                unit.rows.iter().map(|r| r.scope.len()).max().unwrap_or(5).max(5),
            ];
            let _ = writeln!(
                out,
                "  {:<w0$}  {:<w1$}  {:>12}  {:>10}  {:<8}  status",
                "resource",
                "scope",
                "used",
                "available",
                "unit",
                w0 = widths[0],
                w1 = widths[1]
            );
            for row in &unit.rows {
                let _ = writeln!(
                    out,
                    "  {:<w0$}  {:<w1$}  {:>12}  {:>10}  {:<8}  {}",
                    row.resource,
                    row.scope,
                    amount_text(&row.used),
                    row.available,
                    row.unit,
                    status_text(row.status()),
                    w0 = widths[0],
                    w1 = widths[1]
                );
                if let Amount::NotConstant { reason } = &row.used {
                    let _ = writeln!(
                        out,
                        "  {:<w0$}  {:<w1$}  (depends on {reason})",
                        "",
                        "",
                        w0 = widths[0],
                        w1 = widths[1]
                    );
                }
            }
            out.push('\n');
        }
    }
    out
}

//! `air-stitch check-bd`: the NPU resource lint (shim channels and BDs, L1/L2, placement,
//! DMA fields, multi-launch structure), rendered as rustc-style diagnostics or JSON.

use crate::common::{self, Format, GlobalOpts, Outcome};
use crate::lints::{self, Levels, LintArgs};
use air_diagnostics::{Diagnostic, Severity, SourceMap};
use air_resource::{Amount, CheckOptions, DeviceKind, OmitPingPong, Report, Status};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Predict NPU resource failures of AIR modules before aircc/aiecc runs: herd placement, L1 per
/// core, L2 per memtile, shim DMA channels, shim/memtile/core buffer descriptors (with the
/// launch loops unrolled as the compiler does), DMA field limits (wrap, stride, iteration,
/// repeat count, 4-byte granularity, bf16 inner stride) and multi-launch structure.
///
/// Exit status: 0 when no file has errors (warnings and notes allowed), 1 when a file has lint
/// errors or does not parse, 2 for usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  air-stitch check-bd fused.mlir\n  air-stitch check-bd --device npu1 --report kernel.mlir\n  air-stitch check-bd --omit-pingpong --air-runtime-loop-tiling-sizes 2,2 --format json gemm.mlir"
)]
pub struct Opts {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Device to check against.
    #[arg(long, value_enum, default_value_t = DeviceArg::Npu2)]
    device: DeviceArg,
    /// Skip ping-pong buffering, as aircc --omit-ping-pong-transform: `--omit-pingpong` (all levels) or `--omit-pingpong=L1|L2`.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "all", value_name = "LEVEL")]
    omit_pingpong: Option<OmitArg>,
    /// Tile launch loops as aircc --air-runtime-loop-tiling-sizes does (BDs are recycled per tile).
    #[arg(long, value_delimiter = ',', value_name = "N,N")]
    air_runtime_loop_tiling_sizes: Vec<i64>,
    /// Core stack in bytes, as aircc --stack-size.
    #[arg(long, default_value_t = 1024, value_name = "BYTES")]
    stack_size: u64,
    /// Print a per-launch budget table (used / available per resource) to standard output.
    #[arg(long)]
    report: bool,
    /// Output format: rustc-style text on stderr, or one JSON document on stdout.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Check each `// -----` chunk separately.
    #[arg(long)]
    split_input_file: bool,
    /// Apply the lint levels of a merge plan's `[lints]` table (-A/-W/-D override them).
    #[arg(long, value_name = "PLAN")]
    plan: Option<PathBuf>,
    #[command(flatten)]
    lints: LintArgs,
    #[command(flatten)]
    global: GlobalOpts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DeviceArg {
    Npu2,
    Npu1,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OmitArg {
    All,
    #[value(name = "L1")]
    L1,
    #[value(name = "L2")]
    L2,
}

/// One checked chunk, for the report.
struct Checked {
    file: air_diagnostics::FileId,
    name: String,
    parsed: bool,
    report: Report,
}

impl Opts {
    fn options(&self) -> anyhow::Result<CheckOptions> {
        if self.air_runtime_loop_tiling_sizes.iter().any(|&s| s < 0) {
            anyhow::bail!("--air-runtime-loop-tiling-sizes values must be 0 or positive");
        }
        Ok(CheckOptions {
            device: match self.device {
                DeviceArg::Npu2 => DeviceKind::Npu2,
                DeviceArg::Npu1 => DeviceKind::Npu1,
            },
            omit_pingpong: match self.omit_pingpong {
                None => OmitPingPong::None,
                Some(OmitArg::All) => OmitPingPong::All,
                Some(OmitArg::L1) => OmitPingPong::L1,
                Some(OmitArg::L2) => OmitPingPong::L2,
            },
            runtime_loop_tiling_sizes: self.air_runtime_loop_tiling_sizes.iter().copied().filter(|&s| s > 0).collect(),
            stack_size: self.stack_size,
        })
    }

    /// The lint levels: `--plan`'s `[lints]`, then the flags. `None` when the plan has
    /// problems (they are emitted).
    fn levels(&self, sources: &mut SourceMap) -> anyhow::Result<Option<Levels>> {
        let mut levels = Levels::default();
        if let Some(path) = &self.plan {
            let Some((raw, file)) = common::read_registered(path, sources, &self.global)? else { return Ok(None) };
            let errors = match air_passes::plan::parse_plan(sources.text(file), file) {
                Ok(plan) => levels.add_plan(&plan.lints, &raw.name),
                Err(errors) => errors,
            };
            if !errors.is_empty() {
                common::emit(&errors, sources, &self.global);
                return Ok(None);
            }
        }
        levels.add_args(&self.lints)?;
        Ok(Some(levels))
    }

    pub fn run(&self) -> anyhow::Result<Outcome> {
        let options = self.options()?;
        let mut sources = SourceMap::new();
        let Some(mut levels) = self.levels(&mut sources)? else { return Ok(Outcome::Problems) };
        let mut checked: Vec<Checked> = Vec::new();
        for path in &self.files {
            let raw = common::read_input(path)?;
            let (file, decoded) = common::register(&mut sources, &raw);
            if let Err(diagnostic) = decoded {
                checked.push(Checked {
                    file,
                    name: raw.name.clone(),
                    parsed: false,
                    report: Report { diagnostics: vec![diagnostic], units: Vec::new() },
                });
                continue;
            }
            let text = sources.text(file).to_string();
            for chunk in common::parse_chunks(&text, self.split_input_file) {
                let mut errors = chunk.errors(file);
                if !errors.is_empty() {
                    errors.push(
                        Diagnostic::note(
                            air_resource::rules::NOT_CHECKED.code,
                            "check-bd skipped this module because it does not parse",
                        )
                        .with_help("fix the syntax errors above, then run check-bd again"),
                    );
                    checked.push(Checked {
                        file,
                        name: raw.name.clone(),
                        parsed: false,
                        report: Report { diagnostics: errors, units: Vec::new() },
                    });
                    continue;
                }
                let report = air_resource::check(&chunk.parse, file, &options).shifted(chunk.offset);
                checked.push(Checked { file, name: raw.name.clone(), parsed: true, report });
            }
        }
        let diagnostics: Vec<Diagnostic> =
            levels.apply(checked.iter().flat_map(|c| c.report.diagnostics.iter().cloned()).collect());
        let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
        let (errors, warnings, notes) = (count(Severity::Error), count(Severity::Warning), count(Severity::Note));
        match self.format {
            Format::Text => {
                common::emit(&levels.shown(lints::group_notes(diagnostics, &sources)), &sources, &self.global);
                if self.report {
                    print!("{}", budget_tables(&checked, &sources));
                }
                eprintln!(
                    "check-bd ({}): {} file(s): {errors} error(s), {warnings} warning(s), {notes} note(s)",
                    options.device.name(),
                    self.files.len()
                );
            }
            Format::Json => {
                let document = json!({
                    "schema": "air-stitch/check-bd/1",
                    "device": options.device.name(),
                    "options": {
                        "omit_pingpong": options.omit_pingpong.as_str(),
                        "runtime_loop_tiling_sizes": options.runtime_loop_tiling_sizes,
                        "stack_size": options.stack_size,
                    },
                    "files": checked.iter().map(|c| file_json(c, &sources)).collect::<Vec<_>>(),
                    "diagnostics": levels.shown(diagnostics).iter().map(|d| diagnostic_json(d, &sources)).collect::<Vec<_>>(),
                    "summary": {"errors": errors, "warnings": warnings, "notes": notes},
                });
                println!("{}", serde_json::to_string_pretty(&document)?);
            }
        }
        Ok(Outcome::from_problems(errors > 0 || checked.iter().any(|c| !c.parsed)))
    }
}

fn location(sources: &SourceMap, file: air_diagnostics::FileId, offset: u32) -> (u32, u32) {
    match sources.get(file) {
        Some(src) => {
            let lc = src.line_index.line_col(offset, &src.text);
            (lc.line, lc.col)
        }
        None => (0, 0),
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

/// A diagnostic in the shared JSON form, plus the check-bd rule (name and certainty) when the
/// code is one of check-bd's.
fn diagnostic_json(diagnostic: &Diagnostic, sources: &SourceMap) -> Value {
    let mut value = air_diagnostics::to_json_value(diagnostic, sources);
    if let (Some(rule), Some(object)) = (air_resource::rules::by_code(diagnostic.code), value.as_object_mut()) {
        object.insert("rule".to_string(), json!(rule.name));
        object.insert("certainty".to_string(), json!(rule.certainty.as_str()));
    }
    value
}

fn file_json(c: &Checked, sources: &SourceMap) -> Value {
    let launches: Vec<Value> = c
        .report
        .units
        .iter()
        .map(|unit| {
            let (line, column) = location(sources, c.file, unit.range.start);
            json!({
                "label": unit.label,
                "line": line,
                "column": column,
                "segments": unit.segments,
                "budget": unit.rows.iter().map(|row| {
                    json!({
                        "resource": row.resource,
                        "scope": row.scope,
                        "used": row.used,
                        "available": row.available,
                        "unit": row.unit,
                        "status": row.status(),
                    })
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"file": c.name, "parsed": c.parsed, "launches": launches})
}

//! `air-stitch merge`: stitch kernels into one multi-launch module.

use crate::air_opt::{AirOpt, AirOptArgs, Judged};
use crate::common::{self, GlobalOpts, Outcome};
use crate::lints::{self, Levels};
use air_diagnostics::{Diagnostic, LineIndex, SourceMap};
use air_passes::merge::{finish, stitch};
use air_passes::plan::{parse_plan, prefix_from_stem};
use air_passes::slice::ParsedSlice;
use air_passes::zero_config::{zero_config_plan, Bind};
use air_syntax::Parse;
use air_verify::air_opt::AirOptRun;
use std::path::{Path, PathBuf};

/// Stitch kernel modules into one module with several `air.launch` ops, dispatched once.
///
/// With --plan, a TOML plan gives the combined signature, the prelude and each slice's wiring
/// (see docs/merge.md). Without it, the inputs are merged in order: prefixes from file stems,
/// each slice argument its own combined argument, and --bind to make one slice use another's
/// argument. Nothing is written when any check fails; the output is written atomically and never
/// over an input.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  air-stitch merge --plan testdata/plans/o_gemv_ffn.toml -o fused.mlir --verify\n  air-stitch merge rms.mlir gemm.mlir -o fused.mlir --bind gemm.0=rms.2"
)]
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
    /// Name of the combined function (default: the output's file stem).
    #[arg(long, conflicts_with = "plan")]
    name: Option<String>,
    /// Make slice B's argument I reuse the combined argument of slice A's argument J: `B.I=A.J`.
    #[arg(long = "bind", value_name = "B.I=A.J", conflicts_with = "plan")]
    binds: Vec<Bind>,
    /// Write the extern report (JSON: externs, renames and how to build renamed objects).
    #[arg(long, value_name = "FILE")]
    externs_report: Option<PathBuf>,
    /// Verify the merged module before writing it: AIR's structural checks, AIR's own verifier
    /// (air-opt, see --air-opt) and MLIR's parser and verifier when built with the `mlir`
    /// feature. Nothing is written if it fails.
    #[arg(long)]
    verify: bool,
    #[command(flatten)]
    air_opt: AirOptArgs,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        // A named air-opt that is not there is a usage error, before any work.
        if !self.verify && self.air_opt.given() {
            anyhow::bail!("--air-opt and --no-air-opt choose a judge of --verify: add --verify");
        }
        let air_opt = if self.verify { self.air_opt.resolve()? } else { None };
        let mut sources = SourceMap::new();
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut io_failure: Option<String> = None;
        let slices: Vec<ParsedSlice>;
        let mut inputs: Vec<PathBuf> = Vec::new();
        // Slice texts, parsed together once all are read (in parallel, see `parse_all`).
        let mut pending: Vec<Pending> = Vec::new();
        // The plan's `[lints]`: the levels of --verify's findings.
        let mut levels = Levels::default();

        let plan = if let Some(plan_path) = &self.plan {
            let Some((_, plan_file)) = common::read_registered(plan_path, &mut sources, &self.global)? else {
                return Ok(Outcome::Problems);
            };
            inputs.push(plan_path.clone());
            let plan = match parse_plan(sources.text(plan_file), plan_file) {
                Ok(plan) => plan,
                Err(errors) => {
                    common::emit(&errors, &sources, &self.global);
                    return Ok(Outcome::Problems);
                }
            };
            let lint_errors = levels.add_plan(&plan.lints, &plan_path.display().to_string());
            if !lint_errors.is_empty() {
                common::emit(&lint_errors, &sources, &self.global);
                return Ok(Outcome::Problems);
            }
            let base = plan_path.parent().map(Path::to_path_buf).unwrap_or_default();
            for slice in &plan.slices {
                let path = base.join(&slice.file);
                match std::fs::read(&path) {
                    Ok(bytes) => {
                        inputs.push(path.clone());
                        let name = path.display().to_string();
                        let raw = common::RawInput { name: name.clone(), bytes };
                        match common::register_shared(&mut sources, raw) {
                            (file, Ok(text)) => pending.push((file, name, text)),
                            (file, Err(diagnostic)) => {
                                diagnostics.push(diagnostic);
                                pending.push((file, name, Default::default()));
                            }
                        }
                    }
                    Err(err) => {
                        let mut diagnostic = Diagnostic::error(
                            crate::codes::SLICE_FILE_UNREADABLE,
                            format!("cannot read slice file {}: {err}", path.display()),
                        )
                        .with_help("slice files are relative to the plan file");
                        if let Some((file, range)) = slice.file_loc {
                            diagnostic = diagnostic.with_primary(file, range, "named here");
                        }
                        diagnostics.push(diagnostic);
                        io_failure = Some(path.display().to_string());
                    }
                }
            }
            slices = parse_all(std::mem::take(&mut pending));
            if !diagnostics.is_empty() {
                common::emit(&diagnostics, &sources, &self.global);
                return match io_failure {
                    Some(path) => Err(anyhow::anyhow!("cannot read {path}")),
                    None => Ok(Outcome::Problems),
                };
            }
            plan
        } else {
            for path in &self.files {
                let raw = common::read_input(path)?;
                inputs.push(path.clone());
                let name = raw.name.clone();
                match common::register_shared(&mut sources, raw) {
                    (file, Ok(text)) => pending.push((file, name, text)),
                    (_, Err(diagnostic)) => diagnostics.push(diagnostic),
                }
            }
            if !diagnostics.is_empty() {
                common::emit(&diagnostics, &sources, &self.global);
                return Ok(Outcome::Problems);
            }
            slices = parse_all(std::mem::take(&mut pending));
            let name = self.name.clone().unwrap_or_else(|| {
                let stem = self.output.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                if self.output.as_os_str() == "-" || stem.is_empty() {
                    "merged".to_string()
                } else {
                    prefix_from_stem(&stem)
                }
            });
            match zero_config_plan(&name, &slices, &self.binds) {
                Ok(plan) => plan,
                Err(errors) => {
                    common::emit(&errors, &sources, &self.global);
                    return Ok(Outcome::Problems);
                }
            }
        };

        let slice_count = slices.len();
        let failed = |errors: &[Diagnostic], sources: &SourceMap| {
            common::emit(errors, sources, &self.global);
            let count = air_diagnostics::error_count(errors);
            eprintln!("merge failed: {count} error(s); nothing written");
            Ok(Outcome::Problems)
        };
        let stitched = match stitch(&plan, &slices) {
            Ok(stitched) => stitched,
            Err(errors) => return failed(&errors, &sources),
        };
        // No diagnostic refers to the inputs from here on: free them (and their trees) before
        // the output is parsed again.
        drop(slices);
        sources = SourceMap::new();
        let merged = match finish(stitched) {
            Ok(merged) => merged,
            Err(errors) => return failed(&errors, &sources),
        };
        common::emit(&merged.warnings, &sources, &self.global);
        let mut verified = None;
        if self.verify {
            let judged = match self.verify_merged(&merged.parse, &mut sources, &air_opt, &mut levels)? {
                Some(judged) => judged,
                None => return Ok(Outcome::Problems),
            };
            verified = Some(judged.judges());
        }
        common::write_output(&self.output, merged.text().as_bytes(), &inputs)?;
        if let Some(report) = &self.externs_report {
            let json = serde_json::to_string_pretty(&air_passes::externs::report_json(&merged.externs))?;
            common::write_output(report, format!("{json}\n").as_bytes(), &inputs)?;
        }
        let target = if self.output.as_os_str() == "-" {
            "standard output".to_string()
        } else {
            self.output.display().to_string()
        };
        let verified = verified.map(|how| format!("; verified ({how})")).unwrap_or_default();
        eprintln!(
            "merged {} slices into {target}: {} launches, {} arguments{verified}",
            slice_count,
            merged.launches,
            plan.args.len()
        );
        eprintln!("{}", air_passes::externs::summary_line(&merged.externs));
        Ok(Outcome::Success)
    }
}

impl Opts {
    /// `--verify`: the structural checks, AIR's verifier (air-opt, on stdin: the module is not
    /// on disk yet) and MLIR when built in, on the tree the merge's final check parsed (the
    /// source map shares its text), at the plan's lint levels. `None` when the module does not
    /// verify (the findings are emitted and nothing may be written).
    fn verify_merged(
        &self,
        parse: &Parse,
        sources: &mut SourceMap,
        air_opt: &Option<AirOpt>,
        levels: &mut Levels,
    ) -> anyhow::Result<Option<Judged>> {
        let name = if self.output.as_os_str() == "-" {
            "<merged output>".to_string()
        } else {
            format!("{} (merged output)", self.output.display())
        };
        let text = parse.tree.shared_text();
        let file = sources.add_shared(name.clone(), text.clone());
        let lines = LineIndex::new(&text);
        let input = air_verify::Input { name: &name, file, text: &text, lines: &lines, offset: 0, parse };
        let mut findings = air_verify::verify_chunk(&input);
        let mut judged = Judged::new(air_opt.is_some());
        if let Some(air_opt) = air_opt {
            let output = air_opt.run(&text, false)?;
            let run = AirOptRun { exit: output.exit, stderr: &output.stderr };
            let air = air_verify::air_opt::findings(&[input], &run);
            judged.record(air.verdict);
            air_verify::air_opt::merge_findings(&lines, &mut findings, air.diagnostics);
        }
        if !air_verify::MLIR_BUILT_IN {
            findings.push(judged.mlir_not_built_note());
        }
        let findings = levels.apply(findings);
        common::emit(&levels.shown(lints::group_notes(findings.clone(), sources)), sources, &self.global);
        if findings.iter().any(|d| d.is_error()) {
            eprintln!("merge failed: the merged module does not verify ({}); nothing written", judged.judges());
            return Ok(None);
        }
        Ok(Some(judged))
    }
}

/// Parses the slices, spread over the available cores (results stay in input order).
/// A slice read but not parsed yet: its file id, name and text.
type Pending = (air_diagnostics::FileId, String, std::sync::Arc<String>);

fn parse_all(pending: Vec<Pending>) -> Vec<ParsedSlice> {
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).min(pending.len().max(1));
    if threads <= 1 {
        return pending.into_iter().map(|(file, name, text)| ParsedSlice::from_shared(file, name, text)).collect();
    }
    // Deal the slices out round-robin so that equal-sized inputs balance.
    let mut groups: Vec<Vec<(usize, Pending)>> = (0..threads).map(|_| Vec::new()).collect();
    for (idx, item) in pending.into_iter().enumerate() {
        groups[idx % threads].push((idx, item));
    }
    let mut parsed: Vec<(usize, ParsedSlice)> = std::thread::scope(|scope| {
        let handles: Vec<_> = groups
            .into_iter()
            .map(|group| {
                scope.spawn(move || {
                    group
                        .into_iter()
                        .map(|(idx, (file, name, text))| (idx, ParsedSlice::from_shared(file, name, text)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    parsed.sort_by_key(|(idx, _)| *idx);
    parsed.into_iter().map(|(_, slice)| slice).collect()
}

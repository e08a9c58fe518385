//! `air-stitch group`: a layer description in, merge groups out (docs/group.md). The planning
//! is `air_group`; this reads the layer and its kernels (each file parsed once), and
//! writes the groups' plans, modules and roles and the groups document atomically.

mod calls;
mod lowering;
mod output;
mod owned;

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::compile::lower::{self, Lowered};
use crate::lints::{Levels, LintArgs};
use crate::load;
use crate::report::{count, Report};
use air_compile::lower::Verdict;
use air_diagnostics::{Diagnostic, FileId, SourceMap};
use air_group::{check_kernels, layer::Layer, parse_layer, plan_groups, plan_groups_judged, Grouping, KernelInput};
use air_merge::slice::ParsedSlice;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Plan the merge groups of a layer: the fewest XRT calls.
///
/// Reads a layer file (TOML: [layer], [[buffer]], [[view]], [[kernel]], [[group_abi]]; see
/// docs/group.md), checks every kernel's arguments against the buffers, then grows each group
/// of consecutive non-external kernels while the merged candidate merges cleanly, stays within
/// `max_launches` and its ABI, and passes check-bd (errors; warnings are reported) with the
/// layer's backend flags; a group is cut before the kernel that would break it, with the reason.
/// Writes, for group n, DIR/<layer>_<n>.toml (a named-buffer plan that `merge --plan`
/// reproduces the module from), DIR/<layer>_<n>.mlir and DIR/<layer>_<n>.roles.json, and
/// DIR/<layer>.groups.json; all atomically. Then it removes the earlier run's outputs in DIR
/// that it did not overwrite (those the earlier <layer>.groups.json lists), and refuses a DIR
/// holding a file of that naming the earlier document does not list. The table goes to standard
/// output.
///
/// What it reports of each group (check-bd's findings, the hazards between its launches) is at
/// the levels of the layer's [lints] and -A/-W/-D; what stays a note is check-bd's and roles' to
/// show.
///
/// Exit status: 0 grouped; 1 the layer or a kernel has problems (a kernel that fails check-bd
/// even alone is its own group: the outputs are written, its findings are errors), or a finding
/// is an error at the levels in force; 2 usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch group testdata/layers/llama32_1b_prefill.toml -o groups
  air-stitch group testdata/group/cut-max-launches/layer.toml -o groups --format json")]
pub struct Opts {
    /// The layer file; kernel files are relative to it.
    layer: PathBuf,
    /// The output directory (created if missing).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Also lower each group through the MLIR half of the real compiler (aircc and aiecc up to
    /// the NPU instruction stream; docs/lowering.md) with its plan's backend options: the
    /// compiler's verdict and instruction words per group. DIR holds aircc and aiecc (else
    /// $AIRCC, else PATH).
    #[arg(long, num_args = 0..=1, require_equals = true, value_name = "DIR")]
    lower: Option<Option<PathBuf>>,
    /// How long one group's lowering may take (90s, 10m).
    #[arg(long, default_value = "10m", value_name = "DURATION")]
    lower_timeout: String,
    #[command(flatten)]
    lints: LintArgs,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

/// The groups document's schema.
/// Version 2: each call's arguments and `load_and_run` sets decided over the layer, the layer's
/// outputs, the replay's verdict and the sequence to paste.
pub const SCHEMA: &str = "air-stitch/groups/2";

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut report = Report::new("group", self.format.format, &self.global);
        owned::check_dir(&self.output)?;
        let mut sources = SourceMap::new();
        let shown = common::shown(&self.layer);
        let layer_file = match load::text(&self.layer, &mut sources)? {
            Ok((file, _)) => file,
            Err(diagnostic) => return stop(report, &[diagnostic], &sources, &shown, Outcome::Problems),
        };
        let layer = match parse_layer(sources.text(layer_file), layer_file) {
            Ok(layer) => layer,
            Err(errors) => return stop(report, &errors, &sources, &shown, Outcome::Problems),
        };
        // The layer's `[lints]`, then -A/-W/-D: the levels of what the run reports.
        let mut levels = Levels::default();
        let lint_errors = levels.add_layer(&layer.lints, &shown);
        if !lint_errors.is_empty() {
            return stop(report, &lint_errors, &sources, &shown, Outcome::Problems);
        }
        levels.add_args(&self.lints)?;
        let out_dir = output::absolute_dir(&self.output)?;
        let base = self.layer.parent().map(Path::to_path_buf).unwrap_or_default();
        let earlier = owned::earlier_outputs(&self.output, &layer.name);
        output::run_files(&self.layer, &layer, &base, &self.output, &earlier.owned).check()?;
        earlier.refuse_foreign(&self.output, &layer.name)?;
        let inputs = match read_kernels(&layer, &base, &out_dir, &mut sources) {
            Ok(inputs) => inputs,
            Err((errors, outcome)) => return stop(report, &errors, &sources, &shown, outcome),
        };
        let errors = check_kernels(&layer, &inputs);
        if !errors.is_empty() {
            return stop(report, &errors, &sources, &shown, Outcome::Problems);
        }
        let (grouping, lowered) = match self.lowering_tools()? {
            // The compiler decides where check-bd and it disagree; each group's lowering is
            // reported.
            Some((tools, timeout)) => {
                let mut judge = lowering::CompilerJudge::new(&tools, timeout);
                let grouping = plan_groups_judged(&layer, &inputs, &mut judge);
                if let Some(fatal) = judge.fatal.take() {
                    anyhow::bail!("--lower: {fatal}");
                }
                let lowered = lowering::lower_groups(&layer, &grouping, &mut judge)?;
                (grouping, lowered)
            }
            None => (plan_groups(&layer, &inputs), Vec::new()),
        };
        drop(inputs);
        let calls = air_group::calls::layer_calls(&layer, &grouping);
        let mut sink = output::Sink { sources: &mut sources, levels: &mut levels, report: &mut report };
        let files = output::files(&layer, &grouping, &calls, &lowered, &self.output, &mut sink);
        output::write_atomically(&self.output, &files)?;
        let written = files.entries.iter().map(|(name, _)| name.as_str()).collect();
        let removed = owned::remove_stale(&self.output, &earlier.owned, &written)?;
        let (mut table, summary) = table(&layer, &grouping, &lowered);
        table.push_str(&renamed_lines(&layer, &grouping));
        table.push_str(&calls::replay_line(&calls));
        if report.is_json() {
            report.field("table", table);
        } else {
            common::write_stdout(table.as_bytes())?;
        }
        report.field("output", common::shown(&self.output));
        report.field("removed", removed.clone());
        // The groups document's fields, not the document nested (`groups.groups`).
        report.field("layer", layer.name.clone());
        report.field("groups", files.document["groups"].clone());
        report.field("groups_schema", files.document["schema"].clone());
        report.count("kernels", layer.kernels.len());
        report.count("calls", grouping.groups.len());
        // A kernel that fails alone, a stale read, or a finding the levels made an error.
        let failed = grouping.has_errors() || !calls.stale.is_empty() || report.tally().errors > 0;
        let problems = report.tally().errors_and_warnings();
        let removed = match removed.len() {
            0 => String::new(),
            n => format!(", {} removed", count(n, "earlier output")),
        };
        let out = common::shown(&self.output);
        report.finish(&format!("group: {shown}: {summary}; written to {out}{removed}; {problems}"))?;
        Ok(Outcome::from_problems(failed))
    }
}

impl Opts {
    /// `--lower`: the drivers and the timeout of one lowering.
    fn lowering_tools(&self) -> anyhow::Result<Option<(lower::LowerTools, std::time::Duration)>> {
        let Some(dir) = &self.lower else { return Ok(None) };
        let timeout = air_compile::aircc::parse_duration(&self.lower_timeout)
            .map_err(|why| anyhow::anyhow!("--lower-timeout {why}"))?;
        let tools = lower::find_tools(dir.as_deref())
            .map_err(|why| anyhow::anyhow!("--lower: {why}; {}", lower::HOW_TO_GET))?;
        Ok(Some((tools, timeout)))
    }
}

/// Nothing written: the diagnostics, then the closing line.
fn stop(
    report: Report,
    errors: &[Diagnostic],
    sources: &SourceMap,
    shown: &str,
    outcome: Outcome,
) -> anyhow::Result<Outcome> {
    report.stop(errors, sources, |p| format!("group: {shown}: {p}; nothing written"))?;
    Ok(outcome)
}

/// Each kernel's parse (a file named by several kernels is read and parsed once), named by its
/// path relative to the output directory, as the group plans write it. A file that cannot be
/// read is AS0002 at the layer line that names it (exit status 2).
fn read_kernels(
    layer: &Layer,
    base: &Path,
    out_dir: &Path,
    sources: &mut SourceMap,
) -> Result<Vec<KernelInput>, (Vec<Diagnostic>, Outcome)> {
    let mut parsed: BTreeMap<PathBuf, (FileId, String, air_syntax::Parse)> = BTreeMap::new();
    let mut errors = Vec::new();
    let mut unreadable = false;
    let mut inputs = Vec::new();
    for kernel in &layer.kernels {
        let Some(file) = &kernel.file else {
            inputs.push(KernelInput { slice: None });
            continue;
        };
        let path = base.join(file);
        if !parsed.contains_key(&path) {
            let raw = match common::read_bytes(&path) {
                Ok(raw) => raw,
                Err(err) => {
                    let mut d = Diagnostic::error(
                        crate::codes::CANNOT_READ,
                        format!("cannot read {}: {err}", common::shown(&path)),
                    )
                    .with_help("kernel files are relative to the layer file");
                    if let Some((f, r)) = kernel.file_loc {
                        d = d.with_primary(f, r, "named here");
                    }
                    errors.push(d);
                    unreadable = true;
                    inputs.push(KernelInput { slice: None });
                    continue;
                }
            };
            let (id, decoded) = common::register_shared(sources, raw);
            match decoded {
                Ok(text) => {
                    let name = output::relative(&path, out_dir);
                    parsed.insert(path.clone(), (id, name, air_syntax::parse_shared(text)));
                }
                Err(d) => {
                    errors.push(d);
                    inputs.push(KernelInput { slice: None });
                    continue;
                }
            }
        }
        let slice = parsed.get(&path).map(|(id, name, parse)| ParsedSlice {
            file: *id,
            name: name.clone(),
            parse: parse.clone(),
        });
        inputs.push(KernelInput { slice });
    }
    if errors.is_empty() {
        Ok(inputs)
    } else {
        Err((errors, if unreadable { Outcome::Failed } else { Outcome::Problems }))
    }
}

/// Every extern a group renames, with the recipe of its object: the group does not compile
/// until each is built.
fn renamed_lines(layer: &Layer, grouping: &Grouping) -> String {
    let mut out = String::new();
    for (n, group) in grouping.groups.iter().enumerate() {
        let Some(candidate) = &group.candidate else { continue };
        let externs = &candidate.merged.externs;
        let builds = air_merge::passes::externs::builds(externs);
        for rename in &externs.renames {
            if out.is_empty() {
                out.push_str(
                    "renamed externs: build each object before compiling (recipes in <group>.externs.json):\n",
                );
            }
            let message = air_merge::passes::externs::rename_message(rename, &builds);
            out.push_str(&format!("  {}_{}: {message}\n", layer.name, n + 1));
        }
    }
    out
}

/// The table, and the closing line's summary (`14 kernels → 3 calls`). With lowerings, the
/// launches column also gives each group's instruction words (or the compiler's verdict).
fn table(layer: &Layer, grouping: &Grouping, lowered: &[Option<Lowered>]) -> (String, String) {
    let mut rows: Vec<[String; 4]> = vec![["group".into(), "kernels".into(), "launches".into(), "cut".into()]];
    for (n, group) in grouping.groups.iter().enumerate() {
        let names: Vec<&str> = group.kernels.clone().map(|k| layer.kernels[k].name.as_str()).collect();
        let mut launches = group.candidate.as_ref().map_or("-".to_string(), |c| c.merged.launches.to_string());
        if let Some(Some(run)) = lowered.get(n) {
            let l = &run.lowering;
            launches = match l.verdict {
                Verdict::Accepted => format!("{launches} ({} words)", l.dispatched_words),
                other => format!("{launches} ({})", other.as_str()),
            };
        }
        let cut = match (&group.cut, group.external, group.errors.is_empty()) {
            (_, true, _) => "external: its own call".to_string(),
            (_, _, false) => "fails alone (errors above)".to_string(),
            (Some(cut), _, _) => format!("before `{}`: {}", layer.kernels[cut.kernel].name, cut.message),
            (None, _, _) => "-".to_string(),
        };
        rows.push([(n + 1).to_string(), names.join(", "), launches, cut]);
    }
    let widths: Vec<usize> = (0..3).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for row in &rows {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let launches: usize = grouping.groups.iter().filter_map(|g| g.candidate.as_ref()).map(|c| c.merged.launches).sum();
    let summary = format!(
        "{}, {} → {}",
        count(launches, "launch"),
        count(layer.kernels.len(), "kernel"),
        count(grouping.groups.len(), "call")
    );
    out.push_str(&format!("{}: {summary}\n", layer.name));
    (out, summary)
}

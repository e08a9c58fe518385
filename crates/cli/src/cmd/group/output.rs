//! The outputs of `group`: the files of every group and the groups document, built in memory,
//! then written into a temporary directory beside their place and renamed into it.

use super::owned::SUFFIXES;
use crate::common;
use crate::compile::lower::{self, Lowered};
use crate::lints::Levels;
use crate::outputs::RunFiles;
use crate::report::Report;
use air_diagnostics::{Diagnostic, FileId, Severity, SourceMap};
use air_group::calls::LayerCalls;
use air_group::{layer::Layer, Candidate, Grouping};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// Everything `group` writes.
pub struct Files {
    /// (file name in DIR, contents), in writing order.
    pub entries: Vec<(String, Vec<u8>)>,
    /// The groups document (`air-stitch/groups/1`).
    pub document: Value,
}

/// Where a run's findings go, and at what levels (the layer's `[lints]`, then `-A/-W/-D`).
pub struct Sink<'a> {
    pub sources: &'a mut SourceMap,
    pub levels: &'a mut Levels,
    pub report: &'a mut Report,
}

impl Sink<'_> {
    /// Findings of lints at the chosen levels. With `notes` false, what is still a note after
    /// the levels is left to the command that finds it (`check-bd`, `roles`): `-W LINT` shows it.
    fn findings(&mut self, findings: Vec<Diagnostic>, notes: bool) {
        let findings = self.levels.apply(findings);
        let findings = findings.into_iter().filter(|d| notes || d.severity != Severity::Note).collect();
        self.report.add_findings(findings, self.levels, self.sources);
    }
}

/// Builds the files, and reports each group's findings (its check-bd findings and hazards at
/// the levels in force, the errors of a kernel that fails alone) and each cut (a note at the
/// kernel it stopped before).
pub fn files(
    layer: &Layer,
    grouping: &Grouping,
    calls: &LayerCalls,
    lowered: &[Option<Lowered>],
    dir: &Path,
    sink: &mut Sink<'_>,
) -> Files {
    let mut entries = Vec::new();
    let mut groups = Vec::new();
    let mut modules: Vec<Option<FileId>> = Vec::new();
    for (idx, group) in grouping.groups.iter().enumerate() {
        let kernels: Vec<&str> = group.kernels.clone().map(|k| layer.kernels[k].name.as_str()).collect();
        if group.external {
            let mut entry = json!({"kernels": kernels, "external": true});
            super::calls::call_fields(layer, calls, idx, &mut entry);
            groups.push(entry);
            modules.push(None);
            continue;
        }
        let stem = format!("{}_{}", layer.name, idx + 1);
        let mut entry = json!({
            "kernels": kernels, "external": false, "launches": null, "plan": format!("{stem}.toml"),
            "merged": null, "roles": null, "aircc_options": null, "cut_reason": null,
        });
        if let Some(text) = &group.failed_plan {
            entries.push((format!("{stem}.toml"), text.clone().into_bytes()));
        }
        let flow = calls.calls.get(idx).and_then(|c| c.flow.as_ref());
        match &group.candidate {
            Some(candidate) => {
                let run = lowered.get(idx).and_then(Option::as_ref);
                let shown_module = common::shown(&dir.join(format!("{stem}.mlir")));
                let (found, file) = candidate_files(&stem, &shown_module, candidate, flow, run, &mut entry, sink);
                entries.extend(found);
                let kernel = &layer.kernels[group.kernels.start];
                let errors: Vec<Diagnostic> = group
                    .errors
                    .iter()
                    .map(|d| match (&d.primary, kernel.name_loc) {
                        // A verdict with no place of its own (the compiler's cut): at the kernel.
                        (None, Some((at, range))) => d.clone().with_primary(at, range, "this kernel fails alone"),
                        _ => d.clone().in_file(file),
                    })
                    .collect();
                sink.report.add(&errors, sink.sources);
                let overruled = overruled(idx, candidate, run, &shown_module, file);
                sink.report.add(&overruled, sink.sources);
                modules.push(Some(file));
            }
            None => {
                sink.report.add(&group.errors, sink.sources);
                modules.push(None);
            }
        }
        super::calls::call_fields(layer, calls, idx, &mut entry);
        if let Some(candidate) = &group.candidate {
            spread_notes(layer, idx, candidate, &mut entry, sink);
        }
        if let Some(cut) = &group.cut {
            let kernel = &layer.kernels[cut.kernel];
            entry["cut_reason"] = json!({"code": cut.code, "message": cut.message, "kernel": kernel.name});
            let mut note = Diagnostic::note(
                cut.code,
                format!("group {} ends before kernel `{}`: {}", idx + 1, kernel.name, cut.message),
            );
            if let Some((file, range)) = kernel.name_loc {
                note = note.with_primary(file, range, "the next group starts here");
            }
            sink.report.add_findings(vec![note], sink.levels, sink.sources);
        }
        groups.push(entry);
    }
    let stale = super::calls::stale_diagnostics(layer, grouping, calls, &modules);
    sink.report.add(&stale, sink.sources);
    let mut document = json!({"schema": super::SCHEMA, "layer": layer.name, "groups": groups});
    super::calls::layer_fields(layer, grouping, calls, &mut document);
    let json = serde_json::to_string_pretty(&document).unwrap_or_default();
    entries.push((format!("{}.groups.json", layer.name), format!("{json}\n").into_bytes()));
    Files { entries, document }
}

/// check-bd's errors on a group the compiler lowers (`--lower`): the group is kept, and each
/// is a warning, a bug of check-bd's, with both verdicts.
fn overruled(idx: usize, candidate: &Candidate, run: Option<&Lowered>, module: &str, file: FileId) -> Vec<Diagnostic> {
    let words = run
        .map(|r| format!(" ({} NPU instruction words per dispatch)", r.lowering.dispatched_words))
        .unwrap_or_default();
    candidate
        .overruled
        .iter()
        .map(|error| {
            let mut d = Diagnostic::warning(
                air_merge::codes::CHECK_BD_OVERRULED,
                format!(
                    "the compiler lowers group {}{words}, which check-bd rejects with {}: check-bd is wrong here, and the group is kept",
                    idx + 1,
                    error.code
                ),
            )
            .with_note(format!("check-bd: {}: {}", error.code, error.message))
            .with_note("the compiler: accepted (aircc and aiecc up to the NPU instruction stream)")
            .with_help(format!(
                "a bug of check-bd: report it with {module} (`air-stitch check-bd --lower {module}` shows both verdicts)"
            ));
            if let Some(primary) = &error.primary {
                d = d.with_primary(file, primary.range, "check-bd's finding");
            }
            d
        })
        .collect()
}

/// Each option one kernel sets that the group's other kernels are built with too: a note at
/// the kernel's `backend`, and the group's `option_spread`.
fn spread_notes(layer: &Layer, idx: usize, candidate: &Candidate, entry: &mut Value, sink: &mut Sink<'_>) {
    if candidate.spreads.is_empty() {
        return;
    }
    let mut listed = Vec::new();
    for spread in &candidate.spreads {
        listed.push(json!({"option": spread.option, "value": spread.value, "from": spread.from, "to": spread.to}));
        let quote = |list: &[String]| list.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
        let mut note = Diagnostic::note(
            air_merge::codes::OPTION_SPREAD,
            format!(
                "group {}: {} = {}, which {} sets, applies to {} too: aircc builds a module with one set of options",
                idx + 1,
                spread.option,
                spread.value,
                quote(&spread.from),
                quote(&spread.to)
            ),
        )
        .with_help("set it on the layer if every kernel should have it, or on each kernel that needs it (a kernel that sets it differently starts a new group: AS0860)");
        let setter = layer.kernels.iter().find(|k| spread.from.first() == Some(&k.name));
        if let Some((file, range)) = setter.and_then(|k| k.backend.loc.or(k.name_loc)) {
            note = note.with_primary(file, range, "set here");
        }
        sink.report.add_findings(vec![note], sink.levels, sink.sources);
    }
    entry["option_spread"] = json!(listed);
}

/// The files of a group that merged (`<stem>.toml`, `.mlir`, `.roles.json`), its entry's
/// fields, and its findings: check-bd's on its module, the hazards between its launches, and
/// with `--lower` the compiler's. Also the module's file in the source map.
fn candidate_files(
    stem: &str,
    shown_module: &str,
    candidate: &Candidate,
    flow: Option<&air_dataflow::Dataflow>,
    lowered: Option<&Lowered>,
    entry: &mut Value,
    sink: &mut Sink<'_>,
) -> (Vec<(String, Vec<u8>)>, FileId) {
    let (plan, merged, roles) = (format!("{stem}.toml"), format!("{stem}.mlir"), format!("{stem}.roles.json"));
    let mut entries = vec![(plan, candidate.plan.clone().into_bytes())];
    // Renamed externs: their objects must be built before the group compiles. The extern report
    // beside the module is where `compile` finds each one's recipe (AS0731).
    let externs = &candidate.merged.externs;
    if !externs.renames.is_empty() {
        let (renamed, builds) = air_merge::passes::externs::renames_json(externs);
        entry["renamed"] = renamed;
        entry["builds"] = builds;
        let report = format!("{stem}.externs.json");
        let json = serde_json::to_string_pretty(&air_merge::passes::externs::report_json(externs)).unwrap_or_default();
        entries.push((report.clone(), format!("{json}\n").into_bytes()));
        entry["externs"] = json!(report);
    }
    let text = candidate.merged.parse.tree.shared_text();
    entries.push((merged.clone(), text.as_bytes().to_vec()));
    entry["merged"] = json!(merged);
    entry["launches"] = json!(candidate.merged.launches);
    // The aircc options the group is compiled with (its plan's [backend]).
    if let Ok(options) = crate::backend_args::BackendFlags::default().resolve(&candidate.backend) {
        entry["aircc_options"] = json!(options.option_args());
    }
    let file = sink.sources.add_shared(shown_module.to_string(), text);
    let mut findings: Vec<Diagnostic> = candidate.check.iter().map(|d| d.clone().in_file(file)).collect();
    if let Some(flow) = flow {
        // The layer's roles, its diagnostics in the module's file.
        let mut flow = flow.clone();
        flow.diagnostics = flow.diagnostics.into_iter().map(|d| d.in_file(file)).collect();
        let doc = air_report::roles::document(&flow, sink.sources, shown_module);
        let json = serde_json::to_string_pretty(&doc).unwrap_or_default();
        entries.push((roles.clone(), format!("{json}\n").into_bytes()));
        entry["roles"] = json!(roles);
        findings.extend(flow.diagnostics);
    }
    sink.findings(findings, false);
    if let Some(run) = lowered {
        entry["lowering"] = serde_json::to_value(&run.lowering).unwrap_or(Value::Null);
        let mut found = lower::hazards(run, &merged);
        let module_text = sink.sources.text(file).to_string();
        found.extend(lower::diagnostics(run, &module_text, file, &merged));
        sink.findings(found, true);
    }
    (entries, file)
}

/// The files of a run: the layer and its kernel files it reads, and every file it may write
/// into `dir` (a group per kernel at most) or remove from it (`earlier`: the earlier run's
/// outputs, docs/group.md), none of which may be an input.
pub fn run_files(layer_path: &Path, layer: &Layer, base: &Path, dir: &Path, earlier: &[String]) -> RunFiles {
    let mut files = RunFiles::new();
    files.input("the layer", layer_path);
    for file in layer.kernels.iter().filter_map(|kernel| kernel.file.as_ref()) {
        files.input("a kernel file of the layer", &base.join(file));
    }
    const REMEDY: &str = "choose another -o, or move the input";
    let mut may_write = BTreeSet::new();
    for number in 1..=layer.kernels.len() {
        for suffix in SUFFIXES {
            let name = format!("{}_{number}{suffix}", layer.name);
            files.derived_output(format!("group {number}'s {name}"), &dir.join(&name), REMEDY);
            may_write.insert(name);
        }
    }
    let document = format!("{}.groups.json", layer.name);
    files.derived_output(format!("the groups document {document}"), &dir.join(&document), REMEDY);
    // An earlier output past the last number this run may write is removed: an output too.
    for name in earlier.iter().filter(|name| !may_write.contains(*name)) {
        let what = format!("the earlier run's {name} (removed by this run)");
        files.derived_output(what, &dir.join(name), REMEDY);
    }
    files
}

/// Writes every file into a temporary directory inside `dir` (created if missing), then
/// renames each into `dir`: a failed run leaves no half-written file.
pub fn write_atomically(dir: &Path, files: &Files) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    let tmp = dir.join(format!(".group.{}.tmp", std::process::id()));
    let result = (|| -> anyhow::Result<()> {
        std::fs::create_dir_all(&tmp).map_err(|e| anyhow::anyhow!("cannot write in {}: {e}", dir.display()))?;
        for (name, contents) in &files.entries {
            let at = tmp.join(name);
            std::fs::write(&at, contents)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", dir.join(name).display()))?;
        }
        for (name, _) in &files.entries {
            std::fs::rename(tmp.join(name), dir.join(name))
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", dir.join(name).display()))?;
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// `dir` as an absolute path with `.` and `..` resolved (through its nearest existing ancestor),
/// whether or not it exists yet.
pub fn absolute_dir(dir: &Path) -> anyhow::Result<PathBuf> {
    let absolute = std::path::absolute(dir)?;
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => break,
        }
    }
    let mut out = std::fs::canonicalize(existing).unwrap_or_else(|_| existing.to_path_buf());
    for name in rest.into_iter().rev() {
        out.push(name);
    }
    Ok(normalize(&out))
}

/// Lexically resolves `.` and `..`.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `target` relative to the directory `base` (both made absolute), with `/` separators.
pub fn relative(target: &Path, base: &Path) -> String {
    let target = std::fs::canonicalize(target).unwrap_or_else(|_| normalize(target));
    let t: Vec<Component<'_>> = target.components().collect();
    let b: Vec<Component<'_>> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); b.len() - common];
    parts.extend(t[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    parts.join("/")
}

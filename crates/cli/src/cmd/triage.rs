//! `air-stitch triage`: a saved aircc/aiecc log classified into the known multi-launch blockers,
//! each with its remedy; with `--module`, the op, the merged slice and check-bd's finding.

use crate::backend_args::DeviceArg;
use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::report::{count, Report};
use air_checkbd::CheckOptions;
use air_compile::triage::{self, codes, Finding, TriageModule, TriageReport};
use air_diagnostics::{Diagnostic, FileId, LineIndex, SourceMap, TextRange};
use serde_json::Value;
use std::path::PathBuf;

/// Classify the failures of an aircc log and say what to do about each.
///
/// Reads a log of aircc (and the aiecc it runs), e.g. one from CI or a colleague's machine or
/// the NAME.compile.log of `air-stitch compile`, and reports every failure in it, the first
/// cause first: BD exhaustion, repeat count, DMA dimensions, routing, placement, herd shapes,
/// memory, stack, locks, bare herds, the compile-time blow-up, refused options, missing tools;
/// any other error line as unknown. Each finding has a code (AS0700-AS0713), the log lines, the
/// numbers in the message, and the remedy with where it comes from (docs/triage.md).
///
/// With --module (the module that was compiled, as merged by `air-stitch merge`), a finding
/// whose location names that module also shows the op, the slice it belongs to, and check-bd's
/// finding of the same class.
///
/// Exit status: 1 when the log holds a failure, 0 when it holds none, 2 for usage or I/O
/// errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch triage testdata/triage/routing_detail.log
  air-stitch triage --module testdata/triage/rms_gemms_rope.mlir \\
      testdata/triage/bd_exhaustion_merged.log
  air-stitch triage --format json testdata/triage/mixed.log
  air-stitch triage testdata/triage/clean.log")]
pub struct Opts {
    /// The log (`-` for standard input).
    log: PathBuf,
    /// The module aircc compiled (`-` is not allowed here): findings located in it get the op,
    /// the slice and check-bd's finding.
    #[arg(long, value_name = "FILE")]
    module: Option<PathBuf>,
    /// The device check-bd checks the module against (the compile's --device).
    #[arg(long, value_enum, default_value_t = DeviceArg::Npu2)]
    device: DeviceArg,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

/// The module, registered and parsed, or why it cannot be used.
struct LoadedModule {
    file: FileId,
    name: String,
    parse: Option<air_syntax::Parse>,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        if self.module.as_ref().is_some_and(|m| m.as_os_str() == "-") {
            anyhow::bail!("--module -: the log may come from standard input, the module must be a file");
        }
        let raw = common::read_input(&self.log)?;
        let mut report = Report::of_its_own(triage::SCHEMA, "triage", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        // A log is read as text whatever its bytes (a tool may print Latin-1 or stray bytes, a
        // shell may save UTF-16); binary data is no log.
        let log_text = match triage::decode_log(&raw.bytes) {
            Ok(text) => text,
            Err(why) => {
                let problem = Diagnostic::error(
                    codes::LOG_NOT_TEXT,
                    format!("{} is not a compiler log: {why}", common::shown(&self.log)),
                )
                .with_note("triage reads the text aircc (or aiecc, air-opt) printed, its errors and its crash report")
                .with_help("give it that text: `aircc ... 2>&1 | tee aircc.log`, then `air-stitch triage aircc.log`; an ELF, an xclbin or an instruction file is what a compile made, not what it said");
                report.add(&[problem], &sources);
                if report.is_json() {
                    report.field("findings", Value::Array(Vec::new()));
                }
                report.count("findings", 0);
                report.finish(&format!("triage: {}: not a log", common::shown(&self.log)))?;
                return Ok(Outcome::from_problems(true));
            }
        };
        let log_file = sources.add(raw.name.clone(), log_text.clone());
        let mut problems = Vec::new();
        let loaded = match &self.module {
            Some(path) => Some(self.load_module(load::registered(path, &mut sources)?, &sources, &mut problems)),
            None => None,
        };
        let module = loaded.as_ref().and_then(|m| {
            let parse = m.parse.as_ref()?;
            let options = CheckOptions { device: self.device.kind(), ..CheckOptions::default() };
            Some(TriageModule::new(&m.name, sources.text(m.file), parse, m.file).with_check_options(options))
        });
        let result = triage::triage(&log_text, module.as_ref());
        if let (Some(loaded), Some(false)) = (&loaded, result.module_named) {
            problems.push(
                Diagnostic::note(codes::MODULE_NOT_NAMED, format!("the log's locations do not name {}", loaded.name))
                    .with_note(format!("they name: {}", result.located_files.join(", ")))
                    .with_help(
                        "give --module the file aircc compiled (its file name is what the log's locations name)",
                    ),
            );
        }
        report.add(&problems, &sources);
        if report.is_json() {
            let document = result.to_json();
            if let Value::Object(fields) = document {
                for (key, value) in fields.into_iter().filter(|(k, _)| k != "schema") {
                    report.field(&key, value);
                }
            }
        } else {
            let rendered: Vec<Diagnostic> =
                result.findings.iter().map(|f| finding_diagnostic(f, log_file, &sources, &loaded)).collect();
            report.add(&rendered, &sources);
        }
        report.count("findings", result.findings.len());
        report.finish(&closing_line(&common::shown(&self.log), &result))?;
        Ok(Outcome::from_problems(result.has_failures()))
    }

    fn load_module(
        &self,
        module: load::Registered,
        sources: &SourceMap,
        problems: &mut Vec<Diagnostic>,
    ) -> LoadedModule {
        let load::Registered { file, raw, decoded } = module;
        let name = raw.name;
        let unusable = |why: String| {
            Diagnostic::warning(codes::MODULE_UNUSABLE, format!("--module {name} cannot be used: {why}"))
                .with_help("the findings carry no op, slice or check-bd finding; fix the module or leave --module out")
        };
        if let Err(diagnostic) = decoded {
            problems.push(diagnostic);
            problems.push(unusable("it is not UTF-8".to_string()));
            return LoadedModule { file, name, parse: None };
        }
        let parse = air_syntax::parse(sources.text(file));
        let errors: Vec<Diagnostic> =
            parse.errors.iter().chain(&parse.scopes.errors).map(|d| d.clone().in_file(file)).collect();
        if !errors.is_empty() {
            let n = errors.len();
            problems.extend(errors);
            problems.push(unusable(format!("it has {}", count(n, "syntax error"))));
            return LoadedModule { file, name, parse: None };
        }
        LoadedModule { file, name, parse: Some(parse) }
    }
}

/// `triage: aircc.log: 2 failures (bd-exhaustion, routing)`, or `...: no failure found`.
fn closing_line(log: &str, result: &TriageReport) -> String {
    if !result.has_failures() {
        return format!("triage: {log}: no failure found");
    }
    let mut classes: Vec<&str> = Vec::new();
    for finding in &result.findings {
        let class = finding.class.as_str();
        if !classes.contains(&class) {
            classes.push(class);
        }
    }
    format!("triage: {log}: {} ({})", count(result.findings.len(), "failure"), classes.join(", "))
}

/// The byte range of 1-based `line` of `file`.
fn line_range(sources: &SourceMap, file: FileId, line: usize) -> Option<TextRange> {
    let src = sources.get(file)?;
    let index = line.checked_sub(1)?;
    (index < src.line_index.line_count()).then(|| {
        let (start, end) = src.line_index.line_range(index, &src.text);
        TextRange::new(start, end)
    })
}

/// Whether a log line is a source snippet or its caret line (shown with the header anyway).
fn is_snippet(lines: &[triage::LogLine], index: usize) -> bool {
    let caret = |text: &str| {
        let t = text.trim();
        !t.is_empty() && t.chars().all(|c| matches!(c, '^' | '~' | ' '))
    };
    caret(&lines[index].text) || lines.get(index + 1).is_some_and(|next| caret(&next.text))
}

/// Most log lines shown besides the first.
const SHOWN_LINES: usize = 6;

/// A finding as a rustc-style diagnostic: the log lines, the module's op, the notes and help.
fn finding_diagnostic(
    finding: &Finding,
    log: FileId,
    sources: &SourceMap,
    module: &Option<LoadedModule>,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(finding.code, finding.message.clone()).with_help(finding.remedy.clone());
    let mut lines = finding.lines.iter().enumerate().filter(|(i, _)| *i == 0 || !is_snippet(&finding.lines, *i));
    if let Some((_, first)) = lines.next() {
        if let Some(range) = line_range(sources, log, first.line) {
            diagnostic = diagnostic.with_primary(log, range, finding.class.as_str());
        }
    }
    let rest: Vec<&triage::LogLine> = lines.map(|(_, l)| l).collect();
    for line in rest.iter().take(SHOWN_LINES) {
        if let Some(range) = line_range(sources, log, line.line) {
            diagnostic = diagnostic.with_secondary(log, range, "");
        }
    }
    if rest.len() > SHOWN_LINES {
        diagnostic = diagnostic.with_note(format!("and {} more log lines", rest.len() - SHOWN_LINES));
    }
    for line in &finding.context {
        if let Some(range) = line_range(sources, log, line.line) {
            diagnostic = diagnostic.with_secondary(log, range, "aircc's report of it");
        }
    }
    if let Some(location) = &finding.location {
        let in_module = module.as_ref().filter(|_| location.in_module);
        match in_module.and_then(|m| module_range(sources, m.file, location.line, location.column)) {
            Some((file, range)) => {
                let what = location.op.as_deref().map_or("here".to_string(), |op| format!("`{op}`"));
                diagnostic = diagnostic.with_secondary(file, range, format!("the compiler points at {what}"));
            }
            None => {
                let at = format!("{}:{}:{}", location.file, location.line, location.column);
                diagnostic = diagnostic.with_note(format!("the compiler's location: {at}"));
            }
        }
    }
    if !finding.params.is_empty() {
        let params: Vec<String> = finding.params.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        diagnostic = diagnostic.with_note(format!("parameters: {}", params.join(", ")));
    }
    if let Some(slice) = &finding.slice {
        let by = if slice.by == "prefix" { "its names carry the prefix" } else { "it is in the part" };
        diagnostic = diagnostic.with_note(format!(
            "in slice `{}`: {} ({}), merged from line {} ({by} `{}`)",
            slice.prefix, slice.name, slice.kernel, slice.line, slice.prefix
        ));
    }
    if let Some(found) = &finding.check_bd {
        let name = module.as_ref().map_or("the module", |m| m.name.as_str());
        diagnostic = diagnostic.with_note(format!(
            "check-bd predicts it: {}[{}] ({}) at {name}:{}:{}: {}",
            found.severity, found.code, found.rule, found.line, found.column, found.message
        ));
    }
    diagnostic.with_note(format!("remedy from {}", finding.remedy_source))
}

/// The range from a module location to the end of its line.
fn module_range(sources: &SourceMap, file: FileId, line: u32, column: u32) -> Option<(FileId, TextRange)> {
    let src = sources.get(file)?;
    let lines: &LineIndex = &src.line_index;
    let index = (line as usize).checked_sub(1)?;
    if index >= lines.line_count() {
        return None;
    }
    let (start, end) = lines.line_range(index, &src.text);
    let at = lines.offset_of(line, column.max(1)).unwrap_or(start).clamp(start, end);
    Some((file, TextRange::new(at, end.max(at))))
}

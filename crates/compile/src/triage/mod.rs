//! Compiler failures classified into the known multi-launch blockers, with their remedies.
//!
//! [`triage`] reads an aircc/aiecc log (and, when given, the module that was compiled) and
//! reports every failure in it, the first cause first: its [`Class`] and stable code, the log
//! lines that show it, the parameters pulled out of the message (tile, channel, sizes, bytes
//! needed and available, herd names), the remedy with where it comes from, and — when the
//! compiler's location names the module — the op on that line, the merged slice it belongs to
//! and check-bd's finding of the same class. aircc's wrapper lines (`Error: pass pipeline
//! failed: ...`) are context of the causes before them, never causes of their own.
//!
//! ```
//! use air_compile::triage::{triage, Class};
//! let log = "fused.mlir:40:5: error: 'aiex.dma_configure_task' op Allocator exhausted available \
//!     buffer descriptor IDs.\nError: pass pipeline failed: builtin.module(air-to-npu)\n";
//! let report = triage(log, None);
//! assert_eq!(report.findings.len(), 1);
//! assert_eq!(report.findings[0].class, Class::BdExhaustion);
//! assert!(report.has_failures());
//! ```
//!
//! Library only: no I/O. `air-stitch triage` reads the log; `air-stitch compile` writes the
//! marker lines of [`timeout_marker`] and [`tool_missing_marker`] into its log.

mod class;
pub mod codes;
pub mod crash;
mod decode;
mod log;
mod module;
mod patterns;
#[cfg(test)]
mod tests;

pub use class::{Class, Remedy};
pub use decode::decode_log;
pub use module::{CheckBdFinding, Slice, TriageModule};

use log::{Record, Severity};
use module::ModuleFacts;
use patterns::{Pattern, Role};
use regex::Regex;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::sync::LazyLock;

/// The schema of the triage document.
pub const SCHEMA: &str = "air-stitch/triage/1";

/// How every marker line `air-stitch compile` writes into a compile log starts.
pub const MARKER_PREFIX: &str = "air-stitch: ";
/// How the timeout marker starts; [`timeout_marker`] writes the whole line.
pub const TIMEOUT_MARKER_PREFIX: &str = "air-stitch: aircc did not finish within ";

/// The line `air-stitch compile` writes when aircc outlives `--timeout` (`duration` as the user
/// wrote it: `20m`, `90s`). Triage reads it as the compile-time blow-up blocker.
pub fn timeout_marker(duration: &str) -> String {
    format!("{TIMEOUT_MARKER_PREFIX}{duration} (--timeout); its process group was killed")
}

/// The line `air-stitch compile` writes when a tool of the toolchain is missing.
pub fn tool_missing_marker(tool: &str, why: &str) -> String {
    format!("{MARKER_PREFIX}{tool} not found: {why}")
}

/// A line of the log: its 1-based number and its text (long lines are cut at 300 characters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogLine {
    pub line: usize,
    pub text: String,
}

/// Where the compiler says the failure is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// Whether `file` is the module triage was given.
    pub in_module: bool,
    /// The op written on that line of the module.
    pub op: Option<String>,
}

/// One failure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    pub class: Class,
    pub code: &'static str,
    pub message: String,
    pub remedy: String,
    /// Where the remedy comes from.
    pub remedy_source: &'static str,
    /// Where the message is printed, upstream.
    pub pattern_source: &'static str,
    pub lines: Vec<LogLine>,
    /// aircc's wrapper lines that report this failure (`Error: pass pipeline failed: ...`).
    pub context: Vec<LogLine>,
    pub params: Map<String, Value>,
    pub location: Option<Location>,
    pub slice: Option<Slice>,
    pub check_bd: Option<CheckBdFinding>,
}

/// Everything triage found in one log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TriageReport {
    pub schema: &'static str,
    pub findings: Vec<Finding>,
    /// With a module: whether any location of the log names it (`None` without a module, or
    /// when the log has no locations).
    #[serde(skip)]
    pub module_named: Option<bool>,
    /// The files the log's locations name, in order of appearance.
    #[serde(skip)]
    pub located_files: Vec<String>,
}

impl TriageReport {
    /// Whether the log holds a failure.
    pub fn has_failures(&self) -> bool {
        !self.findings.is_empty()
    }

    /// The JSON document of the issue's schema.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|_| json!({"schema": SCHEMA, "findings": []}))
    }
}

const MAX_LINE: usize = 300;

fn log_line(line: &log::Line<'_>) -> LogLine {
    let text = match line.text.char_indices().nth(MAX_LINE) {
        Some((at, _)) => format!("{}...", &line.text[..at]),
        None => line.text.to_string(),
    };
    LogLine { line: line.number, text }
}

/// Classifies every failure of `log`, the first cause first. With `module`, findings whose
/// location names it carry the op, the slice and check-bd's finding of their class.
pub fn triage(log: &str, module: Option<&TriageModule<'_>>) -> TriageReport {
    let mut builder = Builder::default();
    for record in log::records(log) {
        builder.add(&record);
    }
    let mut findings = builder.finish();
    if let Some(crash) = crash::crash_of(log) {
        // In log order: an error a pass reported before the crash is the first cause.
        let at = findings.iter().position(|f| f.lines.first().is_none_or(|l| l.line > crash.line));
        findings.insert(at.unwrap_or(findings.len()), crash_finding(&crash, log));
    }
    let located_files = located_files(&findings);
    let module_named = match module {
        Some(m) if !located_files.is_empty() => Some(located_files.iter().any(|f| m.is_named_by(f))),
        _ => None,
    };
    if let Some(module) = module.filter(|_| !findings.is_empty()) {
        let view = ModuleFacts::new(module, true);
        findings.iter_mut().for_each(|f| attach(f, &view));
    }
    TriageReport { schema: SCHEMA, findings, module_named, located_files }
}

/// A crash as a finding: its summary, the report's first lines, the frames as params.
fn crash_finding(crash: &crash::Crash, log: &str) -> Finding {
    let remedy = Class::Crash.remedy();
    let lines: Vec<LogLine> = log
        .lines()
        .enumerate()
        .skip(crash.line - 1)
        .take(3)
        .map(|(i, text)| log_line(&log::Line { number: i + 1, text }))
        .collect();
    let mut params = Map::new();
    for (key, value) in
        [("tool", &crash.tool), ("pass", &crash.pass), ("pattern", &crash.pattern), ("assertion", &crash.assertion)]
    {
        if let Some(value) = value {
            params.insert(key.to_string(), Value::String(value.clone()));
        }
    }
    params.insert("frames".to_string(), json!(crash.frames));
    Finding {
        class: Class::Crash,
        code: Class::Crash.code(),
        message: format!("{}: {}", Class::Crash.title(), crash.summary()),
        remedy: remedy.text.to_string(),
        remedy_source: remedy.source,
        pattern_source: "",
        lines,
        context: Vec::new(),
        params,
        location: None,
        slice: None,
        check_bd: None,
    }
}

fn located_files(findings: &[Finding]) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for file in findings.iter().filter_map(|f| f.location.as_ref()).map(|l| &l.file) {
        if !files.contains(file) {
            files.push(file.clone());
        }
    }
    files
}

/// Adds what the module says: the op, the slice, check-bd's finding.
fn attach(finding: &mut Finding, view: &ModuleFacts<'_>) {
    let mut line = None;
    if let Some(location) = finding.location.as_mut() {
        location.in_module = view.module.is_named_by(&location.file);
        if location.in_module {
            location.op = view.op_at(location.line);
            line = Some(location.line);
        }
    }
    finding.slice = line.and_then(|l| view.slice_at(l)).or_else(|| {
        ["herd", "unplaced_herd", "buffer"]
            .iter()
            .filter_map(|key| finding.params.get(*key))
            .flat_map(|v| match v {
                Value::Array(items) => items.clone(),
                other => vec![other.clone()],
            })
            .find_map(|v| v.as_str().and_then(|name| view.slice_of_name(name)))
    });
    finding.check_bd = view.check_bd_for(finding.class.check_bd_rules(), line, finding.slice.as_ref());
    if let Some(slice) = finding.slice.as_ref().filter(|_| finding.class.tiling_helps()) {
        finding.remedy = format!(
            "{}; here: tile slice `{}` ({}) alone with `shim_dma_tile_sizes = [2, 2]` in its [[slice]] of the plan \
             (zero-config: `merge --tile-sizes {}=2,2`), which sets air.shim_dma_tile_sizes on its launches",
            finding.remedy, slice.prefix, slice.kernel, slice.prefix
        );
    }
}

#[derive(Default)]
struct Builder {
    findings: Vec<Finding>,
    /// Findings since the last wrapper: the causes the next wrapper reports.
    since_wrapper: Vec<usize>,
    /// A wrapper chain is open (consecutive wrappers report one failure).
    in_chain: bool,
    /// Wrapper lines of a chain with no cause before it.
    orphan_wrappers: Vec<LogLine>,
}

static MEMORY_ENTRY: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^\s*(?P<name>\S.*?)\s*:\s*0x(?P<start>[0-9A-Fa-f]+)-0x(?P<end>[0-9A-Fa-f]+)\s*\((?P<size>\d+) bytes\)")
        .ok()
});
static LOCKS_NOTE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"because only (?P<available_locks>\d+) locks available").ok());
static MEASURED_STACK: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"measured this core's stack requirement as (?P<measured_stack_bytes>\d+) bytes").ok());

impl Builder {
    fn add(&mut self, record: &Record<'_>) {
        if record.severity != Severity::Error {
            return;
        }
        let text = record.full_text();
        match patterns::classify(&text) {
            Some((pattern, _)) if pattern.role == Role::Wrapper => self.wrapper(record),
            Some((pattern, _)) if pattern.role == Role::Consequence && !self.since_wrapper.is_empty() => {
                if let Some(last) = self.since_wrapper.last().and_then(|&i| self.findings.get_mut(i)) {
                    last.lines.extend(record_lines(record));
                }
            }
            Some((pattern, caps)) => {
                let mut params = params_of(pattern, &caps);
                notes_params(record, &mut params);
                self.cause(record, pattern, params, &text);
            }
            None if record.is_header => {
                let mut params = Map::new();
                notes_params(record, &mut params);
                self.unknown(record, params, &text);
            }
            None => {}
        }
    }

    fn wrapper(&mut self, record: &Record<'_>) {
        let lines: Vec<LogLine> = record.lines.iter().take(1).map(log_line).collect();
        if self.since_wrapper.is_empty() && !self.in_chain {
            self.orphan_wrappers.extend(lines);
            self.in_chain = true;
            return;
        }
        let targets = match self.since_wrapper.is_empty() {
            true => self.findings.len().checked_sub(1).into_iter().collect(),
            false => std::mem::take(&mut self.since_wrapper),
        };
        for index in targets {
            if let Some(f) = self.findings.get_mut(index) {
                f.context.extend(lines.iter().cloned());
            }
        }
        self.in_chain = true;
    }

    fn cause(&mut self, record: &Record<'_>, pattern: &Pattern, params: Map<String, Value>, text: &str) {
        let lines = record_lines(record);
        let location = location_of(record);
        // A detail, a repeat of one finding, or a bare line quoting it joins that finding.
        let joins = self.findings.iter().rposition(|f| {
            f.class == pattern.class
                && (pattern.role == Role::Detail
                    || !record.is_header
                    || (f.location == location && f.message.ends_with(message_of(record, text).as_str())))
        });
        let last_is_same = joins.is_some_and(|i| pattern.role != Role::Detail || i + 1 == self.findings.len());
        if let (Some(index), true) = (joins, last_is_same) {
            let finding = &mut self.findings[index];
            finding.lines.extend(lines);
            merge_params(&mut finding.params, params);
            let weak = finding.location.as_ref().is_none_or(|l| l.line <= 1);
            if weak && location.is_some() {
                finding.location = location;
            }
            return;
        }
        let remedy = pattern.remedy.unwrap_or(pattern.class.remedy());
        self.push(Finding {
            class: pattern.class,
            code: pattern.class.code(),
            message: format!("{}: {}", pattern.class.title(), message_of(record, text)),
            remedy: remedy.text.to_string(),
            remedy_source: remedy.source,
            pattern_source: pattern.source,
            lines,
            context: Vec::new(),
            params,
            location,
            slice: None,
            check_bd: None,
        });
    }

    fn unknown(&mut self, record: &Record<'_>, params: Map<String, Value>, text: &str) {
        let remedy = Class::Unknown.remedy();
        self.push(Finding {
            class: Class::Unknown,
            code: Class::Unknown.code(),
            message: format!("{}: {}", Class::Unknown.title(), message_of(record, text)),
            remedy: remedy.text.to_string(),
            remedy_source: remedy.source,
            pattern_source: "",
            lines: record_lines(record),
            context: Vec::new(),
            params,
            location: location_of(record),
            slice: None,
            check_bd: None,
        });
    }

    fn push(&mut self, finding: Finding) {
        self.since_wrapper.push(self.findings.len());
        self.in_chain = false;
        self.findings.push(finding);
    }

    /// The findings; a failure reported only by wrappers is an unknown one.
    fn finish(mut self) -> Vec<Finding> {
        if self.findings.is_empty() && !self.orphan_wrappers.is_empty() {
            let remedy = Class::Unknown.remedy();
            let first = self.orphan_wrappers.remove(0);
            self.findings.push(Finding {
                class: Class::Unknown,
                code: Class::Unknown.code(),
                message: format!("aircc failed and the log shows no cause: {}", first.text.trim()),
                remedy: remedy.text.to_string(),
                remedy_source: remedy.source,
                pattern_source: "",
                lines: vec![first],
                context: std::mem::take(&mut self.orphan_wrappers),
                params: Map::new(),
                location: None,
                slice: None,
                check_bd: None,
            });
        }
        self.findings
    }
}

/// The compiler's message, on one line.
fn message_of(record: &Record<'_>, text: &str) -> String {
    let message = if record.is_header { text } else { record.message };
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn location_of(record: &Record<'_>) -> Option<Location> {
    record.loc.as_ref().map(|l| Location {
        file: l.file.clone(),
        line: l.line,
        column: l.column,
        in_module: false,
        op: None,
    })
}

/// The record's lines, then its notes' lines.
fn record_lines(record: &Record<'_>) -> Vec<LogLine> {
    let mut lines: Vec<LogLine> = record.lines.iter().map(log_line).collect();
    for note in &record.notes {
        lines.extend(note.lines.iter().map(log_line));
    }
    lines
}

fn value_of(text: &str) -> Value {
    match text.parse::<i64>() {
        Ok(n) => json!(n),
        Err(_) => json!(text),
    }
}

/// The named groups of a match (`col` and `row` make `tile`, `other_col`/`other_row` make
/// `other_tile`), and the op a message is about.
fn params_of(pattern: &Pattern, caps: &regex::Captures<'_>) -> Map<String, Value> {
    let mut params = Map::new();
    for name in pattern.regex.capture_names().flatten() {
        if let Some(m) = caps.name(name) {
            params.insert(name.to_string(), value_of(m.as_str()));
        }
    }
    for (col, row, key) in [("col", "row", "tile"), ("other_col", "other_row", "other_tile")] {
        if let (Some(c), Some(r)) = (params.remove(col), params.remove(row)) {
            params.insert(key.to_string(), json!([c, r]));
        }
    }
    if let Some(herd) = params.remove("unplaced_herd") {
        params.insert("unplaced_herd".to_string(), json!([herd]));
    }
    params
}

/// Numbers the notes carry: a MemoryMap's extent and largest buffer, the locks a tile has, the
/// stack aiecc measured; and the op the error is about.
fn notes_params(record: &Record<'_>, params: &mut Map<String, Value>) {
    if let Some(op) = patterns::OP_PREFIX.as_ref().and_then(|re| re.captures(record.message)) {
        params.insert("op".to_string(), json!(&op["op"]));
    }
    let mut extent: Option<u64> = None;
    let mut largest: Option<(String, u64)> = None;
    let mut buffers = 0usize;
    for note in &record.notes {
        for line in &note.lines {
            let captured = |cell: &LazyLock<Option<Regex>>, key: &str| {
                cell.as_ref().and_then(|re| re.captures(line.text)).map(|c| value_of(&c[key]))
            };
            if let Some(v) = captured(&LOCKS_NOTE, "available_locks") {
                params.insert("available_locks".to_string(), v);
            }
            if let Some(v) = captured(&MEASURED_STACK, "measured_stack_bytes") {
                params.insert("measured_stack_bytes".to_string(), v);
            }
            let Some(caps) = MEMORY_ENTRY.as_ref().and_then(|re| re.captures(line.text)) else { continue };
            let end = u64::from_str_radix(&caps["end"], 16).ok();
            let size: u64 = caps["size"].parse().unwrap_or(0);
            extent = extent.max(end.map(|e| e + 1));
            buffers += 1;
            if largest.as_ref().is_none_or(|(_, s)| size > *s) {
                largest = Some((caps["name"].to_string(), size));
            }
        }
    }
    if let Some(extent) = extent {
        params.entry("memory_map_bytes").or_insert(json!(extent));
        params.insert("memory_map_entries".to_string(), json!(buffers));
    }
    if let Some((name, size)) = largest {
        params.insert("largest_buffer".to_string(), json!(name));
        params.insert("largest_buffer_bytes".to_string(), json!(size));
    }
}

/// Adds a detail's parameters: a new key is added, a repeated one becomes a list of the values.
fn merge_params(into: &mut Map<String, Value>, from: Map<String, Value>) {
    for (key, value) in from {
        match into.get_mut(&key) {
            None => {
                into.insert(key, value);
            }
            Some(Value::Array(items)) if key == "unplaced_herd" => {
                for item in value.as_array().into_iter().flatten() {
                    if !items.contains(item) {
                        items.push(item.clone());
                    }
                }
            }
            Some(existing) if *existing != value => {
                let first = existing.take();
                *existing = json!([first, value]);
            }
            Some(_) => {}
        }
    }
}

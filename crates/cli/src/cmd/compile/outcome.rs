//! What a compile records (`NAME.compile.json`, the same fields in the JSON report) and how it
//! ends: its diagnostic, closing line and exit status.

use super::SCHEMA;
use crate::codes;
use crate::common::{self, Outcome};
use crate::compile::run::Ended;
use crate::compile::tools::Aircc;
use crate::report::Report;
use air_compile::aircc::{CacheKey, CompileOptions};
use air_diagnostics::{Diagnostic, SourceMap};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The fields of `compile.json`, gathered as the compile goes.
pub struct Record {
    fields: Map<String, Value>,
    /// Warnings raised where the report is out of reach (publishing to the shared tier).
    warnings: Vec<Diagnostic>,
    timings: Map<String, Value>,
    json_path: PathBuf,
    name: String,
}

impl Record {
    pub fn new(input: &Path, name: &str, out_dir: &Path, options: &CompileOptions) -> Record {
        let mut fields = Map::new();
        fields.insert("input".into(), json!(common::shown(input)));
        fields.insert("name".into(), json!(name));
        fields.insert("out_dir".into(), json!(out_dir.display().to_string()));
        fields.insert("device".into(), json!(options.device.name()));
        fields.insert("output_format".into(), json!(options.output_format.name()));
        for key in ["key", "components", "aircc", "cache_dir", "remote", "log", "tmpdir", "triage"] {
            fields.insert(key.into(), Value::Null);
        }
        fields.insert("cache_status".into(), json!("off"));
        fields.insert("artifacts".into(), json!([]));
        Record {
            fields,
            warnings: Vec::new(),
            timings: Map::new(),
            json_path: out_dir.join(format!("{name}.compile.json")),
            name: name.to_string(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.fields.insert(key.to_string(), value.into());
    }

    pub fn timing(&mut self, key: &str, took: Duration) {
        self.timings.insert(key.to_string(), json!(took.as_millis() as u64));
    }

    pub fn key(&mut self, key: &CacheKey, took: Duration) {
        self.set("key", key.hex.clone());
        self.set("components", serde_json::to_value(&key.components).unwrap_or(Value::Null));
        self.timing("key_ms", took);
    }

    pub fn cache_dir(&mut self, dir: &Path) {
        self.set("cache_dir", dir.display().to_string());
        self.set("cache_status", "miss");
    }

    /// Warnings the run's report gets when the compile finishes.
    pub fn warnings(&mut self, warnings: Vec<Diagnostic>) {
        self.warnings.extend(warnings);
    }

    /// The shared tier: its URL (without credentials) and what it did for this compile.
    pub fn remote(&mut self, url: &str, status: &str) {
        self.set("remote", json!({"url": url, "status": status}));
    }

    pub fn aircc(&mut self, aircc: &Aircc, argv: &[String]) {
        let program = aircc.path.display().to_string();
        let line: Vec<String> = std::iter::once(program.clone()).chain(argv.iter().cloned()).collect();
        self.set("aircc", json!({"path": program, "from": aircc.from, "argv": argv, "command_line": line.join(" ")}));
    }

    pub fn artifacts(&mut self, artifacts: Vec<Value>) {
        self.set("artifacts", Value::Array(artifacts));
    }

    pub fn triage(&mut self, triage: Value) {
        self.set("triage", triage);
    }

    fn str_field(&self, key: &str) -> String {
        self.fields.get(key).and_then(Value::as_str).unwrap_or("").to_string()
    }

    /// Writes `compile.json` (atomically) and puts the same fields in the JSON report.
    pub fn write(mut self, report: &mut Report, line: &str) -> anyhow::Result<()> {
        self.fields.insert("timings".into(), Value::Object(self.timings.clone()));
        self.fields.insert("compile_json".into(), json!(self.json_path.display().to_string()));
        let mut document = Map::new();
        document.insert("schema".into(), json!(SCHEMA));
        document.extend(self.fields.clone());
        document.insert("line".into(), json!(line));
        let text = serde_json::to_string_pretty(&Value::Object(document))? + "\n";
        common::write_output(&self.json_path, text.as_bytes(), &[])?;
        for (key, value) in self.fields {
            report.field(&key, value);
        }
        Ok(())
    }
}

/// How a compile that got as far as the cache or aircc ended.
pub enum Finished {
    Hit,
    /// Served from the shared tier (and kept in the local one).
    RemoteHit,
    /// `--if-cached` (a batch's first pass): in neither tier, nothing compiled.
    NotCached,
    Compiled,
    Failed(Ended),
    TimedOut(String),
    NoArtifact(String),
    /// aircc could not be started (the path and the system's reason).
    CannotRun(String),
    Interrupted,
}

impl Finished {
    pub fn finish(self, mut report: Report, mut record: Record, started: Instant) -> anyhow::Result<Outcome> {
        record.timing("total_ms", started.elapsed());
        report.add(&std::mem::take(&mut record.warnings), &SourceMap::new());
        let name = record.name().to_string();
        let log = record.str_field("log");
        let artifacts: Vec<String> = record
            .fields
            .get("artifacts")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|v| v["path"].as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        let key = record.str_field("key");
        let short = &key[..key.len().min(12)];
        let findings = triage_notes(record.fields.get("triage"));
        let see_log = if findings.is_empty() {
            format!("triage found no known blocker in the log; read it: {log}")
        } else {
            let input = record.str_field("input");
            format!("the log is {log}; `air-stitch triage {log} --module {input}` shows each finding in full")
        };
        let (diagnostic, status, outcome, line) = match self {
            Finished::Hit => (
                None,
                "cache-hit",
                Outcome::Success,
                format!("compile: {name}: cache hit {short} -> {}", artifacts.join(", ")),
            ),
            Finished::RemoteHit => (
                None,
                "remote-hit",
                Outcome::Success,
                format!("compile: {name}: shared cache hit {short} -> {}", artifacts.join(", ")),
            ),
            Finished::NotCached => (
                None,
                "not-cached",
                Outcome::Success,
                format!("compile: {name}: not in the cache, not compiled (--if-cached)"),
            ),
            Finished::Compiled => (
                None,
                "compiled",
                Outcome::Success,
                format!("compile: {name}: compiled (key {short}) -> {}", artifacts.join(", ")),
            ),
            Finished::Failed(ended) => {
                let how = match ended {
                    Ended::Exited(code) => format!("exited with status {code}"),
                    Ended::Signaled(signal) => format!("was killed by signal {signal}"),
                    Ended::TimedOut => "timed out".to_string(),
                    Ended::Interrupted => "was interrupted".to_string(),
                };
                let d = Diagnostic::error(codes::AIRCC_FAILED, format!("aircc {how} compiling {name}"))
                    .with_note(see_log.clone());
                let d = with_findings(d, &findings);
                (Some(d), "failed", Outcome::Problems, format!("compile: {name}: aircc failed; log: {log}"))
            }
            Finished::TimedOut(limit) => {
                let d = Diagnostic::error(codes::AIRCC_TIMEOUT, format!("aircc did not finish within {limit} (--timeout); its process group was killed"))
                    .with_help("a multi-launch module whose compile blows up past 5–10 minutes: drop the last-added launch, or raise --timeout")
                    .with_note(see_log.clone());
                let d = with_findings(d, &findings);
                (Some(d), "timeout", Outcome::Problems, format!("compile: {name}: timed out after {limit}; log: {log}"))
            }
            Finished::NoArtifact(file) => {
                let d = Diagnostic::error(codes::ARTIFACT_MISSING, format!("aircc exited 0 but wrote no {file}"))
                    .with_help("check the aircc version and the options after `--`; the log says what aircc did")
                    .with_note(see_log.clone());
                let d = with_findings(d, &findings);
                (Some(d), "failed", Outcome::Problems, format!("compile: {name}: aircc wrote no {file}; log: {log}"))
            }
            Finished::CannotRun(why) => {
                let d = Diagnostic::error(codes::AIRCC_FAILED, format!("aircc could not be started: {why}"))
                    .with_help("check that the program is an executable aircc (the mlir-air wheel's bin/aircc) and that its interpreter exists");
                (Some(d), "failed", Outcome::Problems, format!("compile: {name}: aircc could not be started"))
            }
            Finished::Interrupted => {
                let d = Diagnostic::error(
                    codes::INTERRUPTED,
                    format!("the compile of {name} was interrupted; aircc's process group was killed"),
                )
                .with_note(format!("nothing was written or cached; aircc's output so far is in {log}"));
                (Some(d), "interrupted", Outcome::Failed, format!("compile: {name}: interrupted; nothing written"))
            }
        };
        if let Some(diagnostic) = diagnostic {
            report.add(&[diagnostic], &SourceMap::new());
        }
        record.set("status", status);
        record.write(&mut report, &line)?;
        report.finish(&line)?;
        Ok(outcome)
    }
}

/// One note per finding of a failed compile's triage: its code, class, message, where (the
/// merged slice when known) and its remedy.
fn triage_notes(triage: Option<&Value>) -> Vec<String> {
    let Some(findings) = triage.and_then(|t| t["findings"].as_array()) else { return Vec::new() };
    findings
        .iter()
        .map(|f| {
            let text = |key: &str| f[key].as_str().unwrap_or_default().to_string();
            let slice = f["slice"]["prefix"].as_str().map(|p| format!(" (slice `{p}`)")).unwrap_or_default();
            format!(
                "triage: {} {}{slice}: {}; remedy: {}",
                text("code"),
                text("class"),
                text("message"),
                text("remedy")
            )
        })
        .collect()
}

fn with_findings(mut diagnostic: Diagnostic, findings: &[String]) -> Diagnostic {
    diagnostic.notes.extend(findings.iter().cloned());
    diagnostic
}

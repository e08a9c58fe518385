//! The one reporting convention of every subcommand (docs/diagnostics-json.md): diagnostics as
//! they are found, then one closing line, as text on standard error; or, with `--format json`,
//! one JSON document on standard output that carries the same diagnostics and the closing line.
//! A new subcommand reports through [`Report`] and words its closing line with [`count`].

use crate::common::{self, Format, GlobalOpts};
use crate::lints::{self, Levels};
use air_diagnostics::{render, Diagnostic, RenderOptions, Severity, SourceMap};
use serde_json::{json, Map, Value};
use std::io::Write;

/// The schema of the documents of subcommands whose report is their diagnostics. Reports of
/// their own (`air-stitch/check-bd/1`) name their own schema and carry the same diagnostic
/// objects under `diagnostics`.
pub const DIAGNOSTICS_SCHEMA: &str = "air-stitch/diagnostics/1";

/// `n` and the noun, pluralised: `1 file`, `2 files`, `0 errors`, `3 launches`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    let es = ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end));
    format!("{n} {noun}{}", if es { "es" } else { "s" })
}

/// How many diagnostics of each severity a report holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Tally {
    fn add(&mut self, diagnostic: &Diagnostic) {
        match diagnostic.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    /// `2 errors, 1 warning`: the errors, and the warnings when there are any.
    pub fn errors_and_warnings(&self) -> String {
        let mut phrase = count(self.errors, "error");
        if self.warnings > 0 {
            phrase.push_str(&format!(", {}", count(self.warnings, "warning")));
        }
        phrase
    }

    /// `1 error, 0 warnings, 2 notes`: every severity, for a lint's closing line.
    pub fn all(&self) -> String {
        format!("{}, {}, {}", count(self.errors, "error"), count(self.warnings, "warning"), count(self.notes, "note"))
    }
}

/// Turns one diagnostic into its JSON object (a report of its own may add fields to it).
pub type DiagnosticJson = fn(&Diagnostic, &SourceMap) -> Value;

/// A subcommand's report in the making: diagnostics are rendered as they are added (text goes
/// to standard error at once; JSON is kept for the document), so the source map they point into
/// may be dropped afterwards.
pub struct Report {
    command: &'static str,
    schema: &'static str,
    format: Format,
    render: RenderOptions,
    diagnostic_json: DiagnosticJson,
    diagnostics: Vec<Value>,
    tally: Tally,
    fields: Map<String, Value>,
    counts: Map<String, Value>,
}

impl Report {
    /// The report of `command` (`"parse"`, `"merge"`, ...), in the diagnostics schema.
    pub fn new(command: &'static str, format: Format, global: &GlobalOpts) -> Report {
        Report::of_its_own(DIAGNOSTICS_SCHEMA, command, format, global)
    }

    /// A report with a schema of its own (`air-stitch/check-bd/1`).
    pub fn of_its_own(schema: &'static str, command: &'static str, format: Format, global: &GlobalOpts) -> Report {
        Report {
            command,
            schema,
            format,
            render: global.render_options(),
            diagnostic_json: air_diagnostics::to_json_value,
            diagnostics: Vec::new(),
            tally: Tally::default(),
            fields: Map::new(),
            counts: Map::new(),
        }
    }

    /// Renders each diagnostic's JSON object with `f` instead of the shared form.
    pub fn with_diagnostic_json(mut self, f: DiagnosticJson) -> Report {
        self.diagnostic_json = f;
        self
    }

    pub fn is_json(&self) -> bool {
        self.format == Format::Json
    }

    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Reports `diagnostics`, whose labels point into `sources`.
    pub fn add(&mut self, diagnostics: &[Diagnostic], sources: &SourceMap) {
        diagnostics.iter().for_each(|d| self.tally.add(d));
        self.render(diagnostics, sources);
    }

    /// Reports findings already at their lint levels ([`Levels::apply`]): each is counted; the
    /// text groups a rule's repeated notes into one, and `--quiet` leaves notes unprinted.
    pub fn add_findings(&mut self, findings: Vec<Diagnostic>, levels: &Levels, sources: &SourceMap) {
        findings.iter().for_each(|d| self.tally.add(d));
        let shown = match self.format {
            Format::Text => levels.shown(lints::group_notes(findings, sources)),
            Format::Json => levels.shown(findings),
        };
        self.render(&shown, sources);
    }

    fn render(&mut self, diagnostics: &[Diagnostic], sources: &SourceMap) {
        let mut stderr = std::io::stderr().lock();
        for diagnostic in diagnostics {
            match self.format {
                Format::Text => {
                    // A closed standard error has nobody to tell: the exit status still does.
                    let _ = writeln!(stderr, "{}", render(diagnostic, sources, self.render));
                }
                Format::Json => self.diagnostics.push((self.diagnostic_json)(diagnostic, sources)),
            }
        }
    }

    /// A line of information before the closing line (text only: the JSON document has it as
    /// a field).
    pub fn info(&self, line: &str) {
        if self.format == Format::Text {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
    }

    /// A field of the JSON document (ignored in text mode, where the closing line says it).
    pub fn field(&mut self, key: &str, value: impl Into<Value>) {
        self.fields.insert(key.to_string(), value.into());
    }

    /// A count of the JSON document's `summary` (`files`, `chunks`, `slices`, ...).
    pub fn count(&mut self, key: &str, n: usize) {
        self.counts.insert(key.to_string(), json!(n));
    }

    /// Ends the report with its closing line: on standard error after the diagnostics, or as
    /// the JSON document's `summary.line`.
    pub fn finish(self, line: &str) -> anyhow::Result<()> {
        match self.format {
            Format::Text => {
                let _ = writeln!(std::io::stderr().lock(), "{line}");
                Ok(())
            }
            Format::Json => {
                let mut summary = self.counts;
                summary.insert("line".to_string(), json!(line));
                summary.insert("errors".to_string(), json!(self.tally.errors));
                summary.insert("warnings".to_string(), json!(self.tally.warnings));
                summary.insert("notes".to_string(), json!(self.tally.notes));
                let mut document = self.fields;
                document.insert("schema".to_string(), json!(self.schema));
                document.insert("command".to_string(), json!(self.command));
                document.insert("diagnostics".to_string(), Value::Array(self.diagnostics));
                document.insert("summary".to_string(), Value::Object(summary));
                let text = serde_json::to_string_pretty(&Value::Object(document))?;
                common::write_stdout(format!("{text}\n").as_bytes())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_pluralised() {
        assert_eq!(count(1, "file"), "1 file");
        assert_eq!(count(0, "file"), "0 files");
        assert_eq!(count(2, "chunk"), "2 chunks");
        assert_eq!(count(3, "launch"), "3 launches");
        assert_eq!(count(1, "launch"), "1 launch");
        let tally = Tally { errors: 1, warnings: 0, notes: 2 };
        assert_eq!(tally.errors_and_warnings(), "1 error");
        assert_eq!(tally.all(), "1 error, 0 warnings, 2 notes");
        assert_eq!(Tally { errors: 2, warnings: 1, notes: 0 }.errors_and_warnings(), "2 errors, 1 warning");
    }
}

//! The one reporting convention of every subcommand (docs/diagnostics-json.md): diagnostics as
//! they are found, then one closing line, as text on standard error; or, with `--format json`,
//! one JSON document on standard output that carries the same diagnostics and the closing line.
//! A new subcommand reports through [`Report`] and words its closing line with [`count`].

pub(crate) mod flood;

use crate::common::{self, Format, GlobalOpts, Outcome};
use crate::lints::{self, Levels};
use air_diagnostics::{render, Diagnostic, RenderOptions, SourceMap};
use air_report::Document;
use serde_json::Value;
use std::io::Write;

/// The schema of the documents of subcommands whose report is their diagnostics. Reports of
/// their own (`air-stitch/check-bd/1`) name their own schema and carry the same diagnostic
/// objects under `diagnostics`.
pub const DIAGNOSTICS_SCHEMA: &str = "air-stitch/diagnostics/1";

pub use air_report::{count, Tally};

/// Turns one diagnostic into its JSON object (a report of its own may add fields to it).
pub type DiagnosticJson = fn(&Diagnostic, &SourceMap) -> Value;

/// A subcommand's report in the making: diagnostics are rendered as they are added (text goes
/// to standard error at once; JSON is kept for the document), so the source map they point into
/// may be dropped afterwards.
pub struct Report {
    format: Format,
    render: RenderOptions,
    diagnostic_json: DiagnosticJson,
    /// The JSON document (its tally counts the text mode's diagnostics too).
    doc: Document,
    /// What the text has printed and left out (`--max-errors`, repeats grouped).
    flood: flood::Flood,
}

impl Report {
    /// The report of `command` (`"parse"`, `"merge"`, ...), in the diagnostics schema.
    pub fn new(command: &'static str, format: Format, global: &GlobalOpts) -> Report {
        Report::of_its_own(DIAGNOSTICS_SCHEMA, command, format, global)
    }

    /// A report with a schema of its own (`air-stitch/check-bd/1`).
    pub fn of_its_own(schema: &'static str, command: &'static str, format: Format, global: &GlobalOpts) -> Report {
        Report {
            format,
            render: global.render_options(),
            diagnostic_json: air_diagnostics::to_json_value,
            doc: Document::new(schema, command),
            flood: flood::Flood::new(global.max_errors),
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
        self.doc.tally
    }

    /// Reports `diagnostics`, whose labels point into `sources`.
    pub fn add(&mut self, diagnostics: &[Diagnostic], sources: &SourceMap) {
        diagnostics.iter().for_each(|d| self.doc.tally.add(d));
        self.render(diagnostics, sources);
    }

    /// Reports findings already at their lint levels ([`Levels::apply`]): each is counted; the
    /// text groups a rule's repeated notes into one, and `--quiet` leaves notes unprinted.
    pub fn add_findings(&mut self, findings: Vec<Diagnostic>, levels: &Levels, sources: &SourceMap) {
        findings.iter().for_each(|d| self.doc.tally.add(d));
        let shown = match self.format {
            Format::Text => levels.shown(lints::group_notes(findings, sources)),
            Format::Json => levels.shown(findings),
        };
        self.render(&shown, sources);
    }

    /// Text: repeats grouped and at most `--max-errors` per file and severity, on standard
    /// error; JSON: every diagnostic, into the document.
    fn render(&mut self, diagnostics: &[Diagnostic], sources: &SourceMap) {
        match self.format {
            Format::Text => {
                let mut stderr = std::io::stderr().lock();
                crate::progress::clear(&mut stderr);
                for diagnostic in self.flood.select(diagnostics.to_vec(), sources) {
                    // A closed standard error has nobody to tell: the exit status still does.
                    let _ = writeln!(stderr, "{}", render(&diagnostic, sources, self.render));
                }
            }
            Format::Json => {
                for diagnostic in diagnostics {
                    self.doc.push_diagnostic((self.diagnostic_json)(diagnostic, sources));
                }
            }
        }
    }

    /// A line of information before the closing line (text only: the JSON document has it as
    /// a field).
    pub fn info(&self, line: &str) {
        if self.format == Format::Text {
            let mut stderr = std::io::stderr().lock();
            crate::progress::clear(&mut stderr);
            let _ = writeln!(stderr, "{line}");
        }
    }

    /// A field of the JSON document (ignored in text mode, where the closing line says it).
    pub fn field(&mut self, key: &str, value: impl Into<Value>) {
        self.doc.field(key, value);
    }

    /// A count of the JSON document's `summary` (`files`, `chunks`, `slices`, ...).
    pub fn count(&mut self, key: &str, n: usize) {
        self.doc.count(key, n);
    }

    /// Ends a run stopped by `diagnostics` (an input that cannot be read, a plan with errors):
    /// they are reported, then the closing line `line` makes of the problems' count
    /// (`1 error`); the outcome is [`Outcome::Problems`].
    pub fn stop(
        mut self,
        diagnostics: &[Diagnostic],
        sources: &SourceMap,
        line: impl FnOnce(String) -> String,
    ) -> anyhow::Result<Outcome> {
        self.add(diagnostics, sources);
        let problems = self.tally().errors_and_warnings();
        self.finish(&line(problems))?;
        Ok(Outcome::Problems)
    }

    /// Ends the report with its closing line: on standard error after the diagnostics (with
    /// how many `--max-errors` left out), or as the JSON document's `summary.line`.
    pub fn finish(self, line: &str) -> anyhow::Result<()> {
        match self.format {
            Format::Text => {
                let mut stderr = std::io::stderr().lock();
                crate::progress::stop(&mut stderr);
                let _ = writeln!(stderr, "{}", self.flood.closing_line(line));
                Ok(())
            }
            Format::Json => {
                let text = serde_json::to_string_pretty(&self.doc.finish(line))?;
                common::write_stdout(format!("{text}\n").as_bytes())
            }
        }
    }
}

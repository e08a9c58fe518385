//! The JSON documents of air-stitch's reports (docs/diagnostics-json.md), in one place: the
//! envelope every document shares (`schema`, `command`, `diagnostics`, `summary`) and the
//! fields of the reports of their own — check-bd (`air-stitch/check-bd/1`), roles
//! (`air-stitch/roles/2`) and compare (`air-stitch/compare/1`). The CLI prints them; the Python
//! package hands them to Python as dicts. A library: it builds values and prints nothing.

pub mod check_bd;
pub mod compare;
pub mod roles;

use air_diagnostics::{Diagnostic, Severity};
use serde_json::{json, Map, Value};

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
    /// Counts one diagnostic.
    pub fn add(&mut self, diagnostic: &Diagnostic) {
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

/// One JSON document in the making: its diagnostics' objects, its own fields and the counts of
/// its `summary`. [`Document::finish`] adds the envelope.
#[derive(Clone, Debug)]
pub struct Document {
    schema: &'static str,
    command: &'static str,
    diagnostics: Vec<Value>,
    /// Every diagnostic counted, shown or not (`--quiet` counts notes it does not show).
    pub tally: Tally,
    fields: Map<String, Value>,
    counts: Map<String, Value>,
}

impl Document {
    pub fn new(schema: &'static str, command: &'static str) -> Document {
        Document {
            schema,
            command,
            diagnostics: Vec::new(),
            tally: Tally::default(),
            fields: Map::new(),
            counts: Map::new(),
        }
    }

    /// A diagnostic's object under `diagnostics` (count it with [`Document::tally`] too).
    pub fn push_diagnostic(&mut self, object: Value) {
        self.diagnostics.push(object);
    }

    /// Counts `diagnostic` and adds its object.
    pub fn add(&mut self, diagnostic: &Diagnostic, object: Value) {
        self.tally.add(diagnostic);
        self.diagnostics.push(object);
    }

    /// A field of the document.
    pub fn field(&mut self, key: &str, value: impl Into<Value>) {
        self.fields.insert(key.to_string(), value.into());
    }

    /// A count of the document's `summary` (`files`, `chunks`, `slices`, ...).
    pub fn count(&mut self, key: &str, n: usize) {
        self.counts.insert(key.to_string(), json!(n));
    }

    /// The whole document, with the closing line as `summary.line`.
    pub fn finish(self, line: &str) -> Value {
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
        Value::Object(document)
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

    #[test]
    fn the_envelope_holds_fields_counts_and_the_closing_line() {
        let mut doc = Document::new("air-stitch/x/1", "x");
        doc.field("device", "npu2");
        doc.count("files", 2);
        doc.add(&Diagnostic::note("AS0000", "n"), json!({"code": "AS0000"}));
        let value = doc.finish("x: done");
        assert_eq!(
            value,
            json!({"schema": "air-stitch/x/1", "command": "x", "device": "npu2",
                   "diagnostics": [{"code": "AS0000"}],
                   "summary": {"line": "x: done", "errors": 0, "warnings": 0, "notes": 1, "files": 2}})
        );
    }
}

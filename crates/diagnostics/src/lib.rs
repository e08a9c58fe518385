//! Diagnostics for air-stitch: one `Diagnostic` type shared by every crate, and one renderer.
//!
//! Library crates build `Diagnostic` values and return them; only the CLI renders them, either
//! in the style of rustc (`file:line:col`, the source line, a caret, help) or as JSON.
//! Positions are byte ranges into one file; line and column are computed only when rendering,
//! from a [`LineIndex`] built once per file.

mod json;
mod line_index;
mod lint;
mod location;
mod render;
mod source_map;

pub use json::{to_json, to_json_value};
pub use line_index::{LineCol, LineIndex};
pub use lint::{Level, Lint};
pub use location::{located, Loc};
pub use render::{render, render_all, ColorChoice, RenderOptions};
pub use source_map::{SourceMap, SourceMapFile};

use serde::Serialize;

/// Identifies a file registered in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct FileId(pub u32);

/// A half-open byte range `[start, end)` into one file's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: u32, end: u32) -> TextRange {
        TextRange { start, end: end.max(start) }
    }

    /// An empty range at `offset`, for "expected X here" diagnostics.
    pub fn empty(offset: u32) -> TextRange {
        TextRange { start: offset, end: offset }
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Shifts the range by `delta` bytes, e.g. from a split-input chunk to its whole file.
    pub fn shift(self, delta: u32) -> TextRange {
        TextRange { start: self.start + delta, end: self.end + delta }
    }

    /// The smallest range covering both.
    pub fn cover(self, other: TextRange) -> TextRange {
        TextRange { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }
}

/// How bad a finding is. Errors make a command exit with status 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A source location with a short text explaining what is there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    pub file: FileId,
    pub range: TextRange,
    pub message: String,
}

impl Label {
    pub fn new(file: FileId, range: TextRange, message: impl Into<String>) -> Label {
        Label { file, range, message: message.into() }
    }
}

/// One finding: severity, a stable code (listed in `docs/error-codes.md`), a message in lower
/// case without a full stop, where it is, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// `None` only for findings that concern no text (a missing file, a plan-level fact).
    pub primary: Option<Label>,
    pub secondary: Vec<Label>,
    pub help: Option<String>,
    /// Extra `= note: ...` lines (numbers, the rule's source).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            help: None,
            notes: Vec::new(),
        }
    }

    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message)
    }

    pub fn note(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Note, code, message)
    }

    pub fn with_primary(mut self, file: FileId, range: TextRange, message: impl Into<String>) -> Self {
        self.primary = Some(Label::new(file, range, message));
        self
    }

    pub fn with_secondary(mut self, file: FileId, range: TextRange, message: impl Into<String>) -> Self {
        self.secondary.push(Label::new(file, range, message));
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Moves every label by `delta` bytes (chunk of a split file -> whole file).
    pub fn shifted(mut self, delta: u32) -> Self {
        if let Some(label) = &mut self.primary {
            label.range = label.range.shift(delta);
        }
        for label in &mut self.secondary {
            label.range = label.range.shift(delta);
        }
        self
    }

    /// Re-targets every label to `file` (labels built before the file id was known).
    pub fn in_file(mut self, file: FileId) -> Self {
        if let Some(label) = &mut self.primary {
            label.file = file;
        }
        for label in &mut self.secondary {
            label.file = file;
        }
        self
    }
}

/// Counts errors in a list of diagnostics.
pub fn error_count(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.is_error()).count()
}

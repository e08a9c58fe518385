//! The JSON form of diagnostics. Schema (stable; this comment documents it, and
//! `docs/error-codes.md` points here):
//!
//! ```json
//! {"severity": "error", "code": "AS0102", "message": "...",
//!  "primary": {"file": "k.mlir", "line": 2, "column": 8, "end_line": 2, "end_column": 12,
//!              "byte_start": 24, "byte_end": 28, "label": "..."} | null,
//!  "secondary": [ same shape ], "help": "..." | null, "notes": ["..."]}
//! ```

use crate::{Diagnostic, Label, SourceMap};
use serde_json::{json, Value};

fn label_json(label: &Label, sources: &SourceMap) -> Value {
    let (name, start, end) = match sources.get(label.file) {
        Some(src) => (
            src.name.clone(),
            src.line_index.line_col(label.range.start, &src.text),
            src.line_index.line_col(label.range.end, &src.text),
        ),
        None => {
            let zero = crate::LineCol { line: 0, col: 0 };
            ("<unknown>".to_string(), zero, zero)
        }
    };
    json!({
        "file": name,
        "line": start.line,
        "column": start.col,
        "end_line": end.line,
        "end_column": end.col,
        "byte_start": label.range.start,
        "byte_end": label.range.end,
        "label": label.message,
    })
}

/// One diagnostic as a JSON value.
pub fn to_json_value(diagnostic: &Diagnostic, sources: &SourceMap) -> Value {
    json!({
        "severity": diagnostic.severity.as_str(),
        "code": diagnostic.code,
        "message": diagnostic.message,
        "primary": diagnostic.primary.as_ref().map(|label| label_json(label, sources)),
        "secondary": diagnostic.secondary.iter().map(|label| label_json(label, sources)).collect::<Vec<_>>(),
        "help": diagnostic.help,
        "notes": diagnostic.notes,
    })
}

/// A JSON array of diagnostics, pretty-printed.
pub fn to_json(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    let values: Vec<Value> = diagnostics.iter().map(|d| to_json_value(d, sources)).collect();
    serde_json::to_string_pretty(&values).unwrap_or_else(|_| "[]".to_string())
}

//! The check-bd document (`air-stitch/check-bd/1`, docs/check-bd.md): one checked chunk per
//! input chunk, its launches' budgets, and each diagnostic with its rule.

use crate::{count, Document, Tally};
use air_checkbd::{CheckBdReport, CheckOptions};
use air_diagnostics::{Diagnostic, FileId, SourceMap, TextRange};
use air_syntax::Parse;
use serde_json::{json, Value};

pub const SCHEMA: &str = "air-stitch/check-bd/1";

/// One checked chunk: its file, the name shown, whether it parsed, and check-bd's report.
#[derive(Debug)]
pub struct Checked {
    pub file: FileId,
    pub name: String,
    pub parsed: bool,
    pub report: CheckBdReport,
}

/// A chunk's syntax errors, then its scope errors, in `file` at the chunk's `offset`.
pub fn chunk_errors(parse: &Parse, file: FileId, offset: u32) -> Vec<Diagnostic> {
    let all = parse.errors.iter().chain(&parse.scopes.errors);
    all.map(|d| d.clone().in_file(file).shifted(offset)).collect()
}

/// Checks one chunk of the input `name` (`shown` in the note of a chunk that does not parse):
/// its parse errors and that note when it has any, else check-bd's report.
pub fn check_chunk(
    parse: &Parse,
    file: FileId,
    offset: u32,
    name: &str,
    shown: &str,
    options: &CheckOptions,
) -> Checked {
    let mut errors = chunk_errors(parse, file, offset);
    if !errors.is_empty() {
        errors.push(
            Diagnostic::note(
                air_checkbd::rules::NOT_CHECKED.code,
                format!("check-bd skipped {shown} because it does not parse"),
            )
            .with_primary(file, TextRange::empty(offset), "this module is not checked")
            .with_help("fix the syntax errors above, then run check-bd again"),
        );
        let report = CheckBdReport { diagnostics: errors, units: Vec::new() };
        return Checked { file, name: name.to_string(), parsed: false, report };
    }
    let report = air_checkbd::check(parse, file, options).shifted(offset);
    Checked { file, name: name.to_string(), parsed: true, report }
}

/// The line and column of `offset` in `file` (0, 0 for a file not in `sources`).
pub fn location(sources: &SourceMap, file: FileId, offset: u32) -> (u32, u32) {
    match sources.get(file) {
        Some(src) => {
            let lc = src.line_index.line_col(offset, &src.text);
            (lc.line, lc.col)
        }
        None => (0, 0),
    }
}

/// A diagnostic in the shared JSON form, plus the check-bd rule (name and certainty) when the
/// code is one of check-bd's.
pub fn diagnostic_json(diagnostic: &Diagnostic, sources: &SourceMap) -> Value {
    let mut value = air_diagnostics::to_json_value(diagnostic, sources);
    if let (Some(rule), Some(object)) = (air_checkbd::rules::by_code(diagnostic.code), value.as_object_mut()) {
        object.insert("rule".to_string(), json!(rule.name));
        object.insert("certainty".to_string(), json!(rule.certainty.as_str()));
    }
    value
}

/// One entry of `files`: the chunk's name, whether it parsed, and its launches' budgets.
pub fn file_json(c: &Checked, sources: &SourceMap) -> Value {
    let launches: Vec<Value> = c
        .report
        .units
        .iter()
        .map(|unit| {
            let (line, column) = location(sources, c.file, unit.range.start);
            json!({
                "label": unit.label,
                "line": line,
                "column": column,
                "segments": unit.segments,
                "budget": unit.rows.iter().map(|row| {
                    json!({
                        "resource": row.resource,
                        "scope": row.scope,
                        "used": row.used,
                        "available": row.available,
                        "unit": row.unit,
                        "status": row.status(),
                    })
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"file": c.name, "parsed": c.parsed, "launches": launches})
}

/// The document's own fields: `device`, `options` and `files`.
pub fn fields(options: &CheckOptions, checked: &[Checked], sources: &SourceMap) -> Vec<(&'static str, Value)> {
    vec![
        ("device", json!(options.device.name())),
        (
            "options",
            json!({
                "omit_pingpong": options.omit_pingpong.as_str(),
                "runtime_loop_tiling_sizes": options.runtime_loop_tiling_sizes,
                "stack_size": options.stack_size,
            }),
        ),
        ("files", json!(checked.iter().map(|c| file_json(c, sources)).collect::<Vec<_>>())),
    ]
}

/// `check-bd (npu2): 1 file, 1 chunk: 0 errors, 0 warnings, 1 note`.
pub fn closing_line(options: &CheckOptions, files: usize, chunks: usize, tally: &Tally) -> String {
    format!(
        "check-bd ({}): {}, {}: {}",
        options.device.name(),
        count(files, "file"),
        count(chunks, "section"),
        tally.all()
    )
}

/// The whole document for one module text named `name`, as `air-stitch check-bd --format json`
/// prints it for a file of that name at the default lint levels.
pub fn document(name: &str, text: &str, options: &CheckOptions) -> Value {
    let mut sources = SourceMap::new();
    let file = sources.add(name.to_string(), text.to_string());
    let parse = air_syntax::parse(text);
    let checked = check_chunk(&parse, file, 0, name, name, options);
    let mut doc = Document::new(SCHEMA, "check-bd");
    for diagnostic in &checked.report.diagnostics {
        doc.add(diagnostic, diagnostic_json(diagnostic, &sources));
    }
    let checked = [checked];
    for (key, value) in fields(options, &checked, &sources) {
        doc.field(key, value);
    }
    doc.count("files", 1);
    doc.count("chunks", 1);
    let line = closing_line(options, 1, 1, &doc.tally);
    doc.finish(&line)
}

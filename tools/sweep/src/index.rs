//! `index.json` of `sweep write`: one entry per point (its file, aim, side, note and options),
//! in the list's order, so a reader can lower the files without this crate.

use crate::Point;
use serde::Serialize;

/// The schema of the index.
pub const SCHEMA: &str = "air-stitch/sweep/1";

#[derive(Serialize)]
struct Index<'a> {
    schema: &'static str,
    points: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    name: &'a str,
    file: String,
    aim: &'static str,
    side: &'static str,
    note: &'a str,
    options: &'a [String],
    bytes: usize,
}

/// The file a point is written to.
pub fn file_name(point: &Point) -> String {
    format!("{}.mlir", point.name)
}

/// The index's text (pretty JSON, a final newline).
pub fn index_json(points: &[Point]) -> String {
    let points = points
        .iter()
        .map(|p| Entry {
            name: &p.name,
            file: file_name(p),
            aim: p.aim.as_str(),
            side: p.side.as_str(),
            note: &p.note,
            options: &p.options,
            bytes: p.module.len(),
        })
        .collect();
    // Serialising plain strings and numbers cannot fail; an empty index would say so anyway.
    serde_json::to_string_pretty(&Index { schema: SCHEMA, points }).unwrap_or_default() + "\n"
}

/// One line per point for `sweep list`: name, aim, side, options, note.
pub fn list_line(point: &Point) -> String {
    let options = if point.options.is_empty() { "-".to_string() } else { point.options.join(" ") };
    format!("{}\t{}\t{}\t{}\t{}", point.name, point.aim.as_str(), point.side.as_str(), options, point.note)
}

//! `--split-input-file` batches: many chunks in one file, each after a one-line header, so
//! one air-opt process judges them all; and the way back, from air-opt's
//! `<stdin>:LINE:COL: error: ...` lines to the chunk each error belongs to.

/// One chunk of a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What the caller calls it (a mutant id, a corpus chunk name).
    pub key: String,
    /// 1-based lines of the batch the chunk occupies (its header line first).
    pub first_line: u32,
    pub last_line: u32,
}

/// A batch file's text and where its chunks are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub text: String,
    pub entries: Vec<Entry>,
}

/// Builds a batch from `(key, header line, chunk text)` items.
pub fn build<'a>(items: impl IntoIterator<Item = (String, String, &'a str)>) -> Batch {
    let mut text = String::new();
    let mut entries = Vec::new();
    let mut line = 1u32;
    for (key, header, chunk) in items {
        if !entries.is_empty() {
            text.push_str(air_syntax::SPLIT_MARKER);
            text.push('\n');
            line += 1;
        }
        let first_line = line;
        let start = text.len();
        text.push_str(&header);
        text.push('\n');
        // The chunk's own leading newline (it followed a marker) is kept, and nothing is
        // re-indented: the chunk reads as it did, one header line lower.
        text.push_str(chunk);
        if !chunk.ends_with('\n') {
            text.push('\n');
        }
        line += text[start..].matches('\n').count() as u32;
        entries.push(Entry { key, first_line, last_line: line - 1 });
    }
    Batch { text, entries }
}

/// What air-opt's stderr says about a batch: the first error of each chunk (by entry
/// index), and the error lines that name no line of the batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attribution {
    pub first_errors: Vec<Option<String>>,
    pub unattributed: Vec<String>,
}

/// Attributes `<stdin>:LINE:COL: error: MESSAGE` lines of `stderr` to the chunks of `batch`.
/// Notes and source excerpts are ignored; an error at another location (an op's `loc(...)`,
/// `<unknown>`) is unattributed. So are MLIR's reports on `// expected-error {{...}}`
/// comments (`expected error "..." was not produced`): MLIR prints them even without
/// `--verify-diagnostics`, but they are no verdict (alone, they leave the exit status 0).
pub fn attribute(batch: &Batch, stderr: &str) -> Attribution {
    let mut out = Attribution { first_errors: vec![None; batch.entries.len()], unattributed: Vec::new() };
    for line in stderr.lines() {
        let Some((location, message)) = line.split_once(": error: ") else { continue };
        if is_expectation_report(message) {
            continue;
        }
        let entry =
            stdin_line(location).and_then(|l| batch.entries.iter().position(|e| e.first_line <= l && l <= e.last_line));
        match entry {
            Some(idx) => {
                out.first_errors[idx].get_or_insert_with(|| message.to_string());
            }
            None => out.unattributed.push(line.to_string()),
        }
    }
    out
}

/// `expected error "..." was not produced` and its kin for warnings, remarks and notes.
fn is_expectation_report(message: &str) -> bool {
    let kinds = ["expected error \"", "expected warning \"", "expected remark \"", "expected note \""];
    kinds.iter().any(|k| message.starts_with(k)) && message.ends_with("\" was not produced")
}

/// `<stdin>:12:5` → 12.
fn stdin_line(location: &str) -> Option<u32> {
    let rest = location.strip_prefix("<stdin>:")?;
    let (line, col) = rest.split_once(':')?;
    col.parse::<u32>().ok()?;
    line.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_cover_their_lines_and_errors_find_them() {
        let batch = build([
            ("a".to_string(), "// a".to_string(), "x\ny\n"),
            ("b".to_string(), "// b".to_string(), "\nz\n"),
            ("c".to_string(), "// c".to_string(), "w"),
        ]);
        assert_eq!(batch.text, "// a\nx\ny\n// -----\n// b\n\nz\n// -----\n// c\nw\n");
        let lines: Vec<(u32, u32)> = batch.entries.iter().map(|e| (e.first_line, e.last_line)).collect();
        assert_eq!(lines, [(1, 3), (5, 7), (9, 10)]);
        let stderr = "<stdin>:2:1: error: expected error \"x\" was not produced\n<stdin>:7:1: error: bad z\n  z\n  ^\n<stdin>:7:1: note: see\n<stdin>:6:1: error: later\n<stdin>:10:1: error: w\nfoo.py:3:4: error: elsewhere\n";
        let attribution = attribute(&batch, stderr);
        assert_eq!(attribution.first_errors, [None, Some("bad z".to_string()), Some("w".to_string())]);
        assert_eq!(attribution.unattributed, ["foo.py:3:4: error: elsewhere"]);
    }
}

//! Reading what `air-opt` printed on stderr. MLIR's `SourceMgrDiagnosticHandler` prints each
//! diagnostic as `FILE:LINE:COL: error: MESSAGE` (or `warning`, `note`, `remark`), then the
//! source line and a caret when FILE is a buffer it has; an op without a file location gives
//! `<unknown>:0: error: ...`. A message can go on over several lines (a note that prints an op
//! with its regions). Notes come right after the diagnostic they belong to. When the tool
//! crashes, LLVM prints `PLEASE submit a bug report ...` and a stack dump whose numbered
//! entries say what it was doing (`MLIR Parser: custom op parser 'air.herd'`).

/// A diagnostic's severity, as MLIR spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Note,
    Remark,
}

impl Level {
    const ALL: [(Level, &'static str); 4] =
        [(Level::Error, "error"), (Level::Warning, "warning"), (Level::Note, "note"), (Level::Remark, "remark")];
}

/// `FILE:LINE:COL` as printed; `column` is 0 when only `FILE:LINE` was printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// One printed diagnostic: location (`None` for `<unknown>:0`), message (continuation lines
/// joined with `\n`, without the source line and caret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub level: Level,
    pub location: Option<Location>,
    pub message: String,
}

/// A diagnostic with the notes printed after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reported {
    pub entry: Entry,
    pub notes: Vec<Entry>,
}

/// Everything air-opt printed, sorted into its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stderr {
    pub diagnostics: Vec<Reported>,
    /// Lines before the first diagnostic that are none (command-line errors, "cannot open
    /// input file").
    pub other: Vec<String>,
    /// LLVM's crash report, if one was printed: the stack dump's numbered entries other than
    /// the program's arguments (what the tool was doing when it crashed).
    pub crash: Option<Vec<String>>,
}

/// Splits air-opt's stderr into diagnostics, other lines and a crash report.
pub fn parse_stderr(text: &str) -> Stderr {
    let mut out = Stderr::default();
    let mut lines = text.lines().peekable();
    // (entry, continuation lines) of the diagnostic being read.
    let mut current: Option<(Entry, Vec<&str>)> = None;
    while let Some(line) = lines.next() {
        if is_crash_banner(line) {
            finish(&mut out, current.take());
            out.crash = Some(crash_context(std::iter::once(line).chain(lines.by_ref())));
            break;
        }
        if let Some(entry) = header(line) {
            finish(&mut out, current.take());
            current = Some((entry, Vec::new()));
        } else if let Some((_, continuation)) = &mut current {
            continuation.push(line);
        } else if !line.trim().is_empty() {
            out.other.push(line.to_string());
        }
    }
    finish(&mut out, current.take());
    out
}

/// Closes a diagnostic: drops the echoed source line and caret, joins the rest of its lines
/// to the message, and files a note under the diagnostic before it.
fn finish(out: &mut Stderr, current: Option<(Entry, Vec<&str>)>) {
    let Some((mut entry, mut continuation)) = current else { return };
    while continuation.last().is_some_and(|l| l.trim().is_empty()) {
        continuation.pop();
    }
    if continuation.last().is_some_and(|l| is_caret(l)) {
        continuation.pop();
        // The echoed source line (absent when the source line is empty).
        continuation.pop();
    }
    for line in continuation {
        entry.message.push('\n');
        entry.message.push_str(line);
    }
    match (entry.level, out.diagnostics.last_mut()) {
        (Level::Note, Some(parent)) => parent.notes.push(entry),
        _ => out.diagnostics.push(Reported { entry, notes: Vec::new() }),
    }
}

/// `FILE:LINE:COL: LEVEL: MESSAGE`, `FILE:LINE: LEVEL: MESSAGE` or `LEVEL: MESSAGE`. The file
/// name may itself contain `: `, so every `: LEVEL: ` is tried from the left until the text
/// before it is a location.
fn header(line: &str) -> Option<Entry> {
    for (level, word) in Level::ALL {
        if let Some(message) = line.strip_prefix(word).and_then(|rest| rest.strip_prefix(": ")) {
            return Some(Entry { level, location: None, message: message.to_string() });
        }
    }
    let mut from = 0;
    while let Some(found) = line[from..].find(": ") {
        let at = from + found;
        let rest = &line[at + 2..];
        for (level, word) in Level::ALL {
            let Some(message) = rest.strip_prefix(word).and_then(|r| r.strip_prefix(": ")) else { continue };
            if let Some(location) = location(&line[..at]) {
                return Some(Entry { level, location, message: message.to_string() });
            }
        }
        from = at + 2;
    }
    None
}

/// `FILE:LINE:COL` or `FILE:LINE`; `Some(None)` for an unknown location (`<unknown>:0`, line 0).
fn location(text: &str) -> Option<Option<Location>> {
    let (rest, last) = text.rsplit_once(':')?;
    let last: u32 = digits(last)?;
    let (file, line, column) = match rest.rsplit_once(':').and_then(|(file, line)| Some((file, digits(line)?))) {
        Some((file, line)) => (file, line, last),
        None => (rest, last, 0),
    };
    if file.is_empty() {
        return None;
    }
    Some((line > 0).then(|| Location { file: file.to_string(), line, column }))
}

fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// MLIR's caret line: spaces, `^`, then `~` for a range.
fn is_caret(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with('^') && trimmed[1..].bytes().all(|b| b == b'~')
}

fn is_crash_banner(line: &str) -> bool {
    line.starts_with("PLEASE submit a bug report") || line.starts_with("Stack dump")
}

/// The numbered entries of LLVM's stack dump (`1.\tMLIR Parser: ...`), without the first
/// (`Program arguments: ...`, which names our pipe) and without the frames (`#0 0x...`).
fn crash_context<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    lines
        .filter_map(|line| {
            let (number, rest) = line.split_once('.')?;
            digits(number.trim())?;
            let rest = rest.trim_matches(|c: char| c.is_whitespace() || c.is_control());
            (!rest.is_empty() && !rest.starts_with("Program arguments")).then(|| rest.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(file: &str, line: u32, column: u32) -> Option<Location> {
        Some(Location { file: file.to_string(), line, column })
    }

    #[test]
    fn an_error_with_its_source_line_caret_and_note() {
        let text = "<stdin>:8:10: error: 'memref.load' op inside 'air.herd' accesses memref with memory_space L3\n    %v = memref.load %a[%c1] : memref<8xi32>\n         ^\n<stdin>:8:10: note: see current operation: %0 = \"memref.load\"(%a) : (memref<8xi32>) -> i32\n";
        let parsed = parse_stderr(text);
        assert_eq!(
            parsed,
            Stderr {
                diagnostics: vec![Reported {
                    entry: Entry {
                        level: Level::Error,
                        location: at("<stdin>", 8, 10),
                        message: "'memref.load' op inside 'air.herd' accesses memref with memory_space L3".to_string(),
                    },
                    notes: vec![Entry {
                        level: Level::Note,
                        location: at("<stdin>", 8, 10),
                        message: "see current operation: %0 = \"memref.load\"(%a) : (memref<8xi32>) -> i32".to_string(),
                    }],
                }],
                other: vec![],
                crash: None,
            }
        );
    }

    #[test]
    fn a_multi_line_message_keeps_its_lines_and_loses_the_echo() {
        let text = "k.mlir:3:5: note: see current operation:\n\"air.herd\"() ({\n}) : () -> ()\n  air.herd {\n  ^~~~\nk.mlir:9:1: warning: near miss with file split marker\n// ----\n^\n";
        let parsed = parse_stderr(text);
        assert_eq!(parsed.diagnostics.len(), 2);
        assert_eq!(parsed.diagnostics[0].entry.level, Level::Note);
        assert_eq!(parsed.diagnostics[0].entry.message, "see current operation:\n\"air.herd\"() ({\n}) : () -> ()");
        assert_eq!(
            parsed.diagnostics[1].entry,
            Entry {
                level: Level::Warning,
                location: at("k.mlir", 9, 1),
                message: "near miss with file split marker".into()
            }
        );
    }

    #[test]
    fn unknown_and_foreign_locations() {
        let text = "<unknown>:0: error: loc(\"foo\"): 'memref.alloc' op incorrect number of dynamic sizes\nx.py:3: remark: r\nerror: bare\n";
        let parsed = parse_stderr(text);
        let entries: Vec<&Entry> = parsed.diagnostics.iter().map(|d| &d.entry).collect();
        assert_eq!(entries[0].location, None);
        assert_eq!(entries[0].message, "loc(\"foo\"): 'memref.alloc' op incorrect number of dynamic sizes");
        assert_eq!(entries[1].location, at("x.py", 3, 0));
        assert_eq!(entries[1].level, Level::Remark);
        assert_eq!((entries[2].level, entries[2].location.clone()), (Level::Error, None));
    }

    #[test]
    fn a_file_name_with_colons_and_a_message_quoting_a_header() {
        let parsed = parse_stderr("C:\\a: b\\k.mlir:2:3: error: saw 'x:1:2: error: y'\n");
        let entry = &parsed.diagnostics[0].entry;
        assert_eq!(entry.location, at("C:\\a: b\\k.mlir", 2, 3));
        assert_eq!(entry.message, "saw 'x:1:2: error: y'");
    }

    #[test]
    fn command_line_errors_are_other_lines() {
        let parsed = parse_stderr("air-opt: Unknown command line argument '--bogus'.  Try: 'air-opt --help'\n");
        assert!(parsed.diagnostics.is_empty());
        assert_eq!(parsed.other, vec!["air-opt: Unknown command line argument '--bogus'.  Try: 'air-opt --help'"]);
    }

    #[test]
    fn a_crash_report_gives_what_the_tool_was_doing() {
        let text = "<stdin>:1:1: warning: w\nPLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\nStack dump:\n0.\tProgram arguments: air-opt - -o /dev/null\n1.\tMLIR Parser: custom op parser 'func.func'\0\n2.\tMLIR Parser: custom op parser 'air.herd'\n #0 0x00007f3d96eb8786 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)\n #1 0x00007f3d96eb5fd3 llvm::sys::RunSignalHandlers()\n";
        let parsed = parse_stderr(text);
        assert_eq!(parsed.diagnostics.len(), 1);
        assert_eq!(parsed.diagnostics[0].entry.message, "w");
        assert_eq!(
            parsed.crash,
            Some(vec![
                "MLIR Parser: custom op parser 'func.func'".to_string(),
                "MLIR Parser: custom op parser 'air.herd'".to_string()
            ])
        );
    }

    #[test]
    fn a_note_with_nothing_before_it_stands_alone() {
        let parsed = parse_stderr("<stdin>:2:1: note: alone\n");
        assert_eq!(parsed.diagnostics.len(), 1);
        assert_eq!(parsed.diagnostics[0].entry.level, Level::Note);
    }
}

//! Reads a compiler log into records: a diagnostic line (MLIR's `file:line:col: error: ...`,
//! `loc(...)` and `<unknown>:0:` forms, aircc's `Error: ...`, a tool's `name: error: ...`, LLVM's
//! option errors, air-stitch's own markers) with its continuation lines and the notes after it.
//! Only lines a fast literal prefilter picks are looked at, so a 10 MB log of IR dumps and
//! progress output costs one scan.

use regex::Regex;
use std::sync::LazyLock;

/// How bad a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// Where the compiler says a diagnostic is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// One line of the log: its 1-based number and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
}

/// A diagnostic of the log with the lines that belong to it.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    pub severity: Severity,
    pub loc: Option<Loc>,
    /// The message, without location and severity.
    pub message: &'a str,
    /// The header line, then its continuation lines (source snippet, `Unplaced herd: ...`,
    /// a MemoryMap's entries).
    pub lines: Vec<Line<'a>>,
    /// Notes that follow an error, each with its own lines.
    pub notes: Vec<Record<'a>>,
    /// A header of a known form (`error:`), not a bare line a pattern picked.
    pub is_header: bool,
}

impl Record<'_> {
    /// What the patterns read: the message, and the lines that continue it (`Unplaced herd:
    /// NAME` after `'air.herd' op `), not the source snippet after it.
    pub fn full_text(&self) -> String {
        let mut text = self.message.trim_end().to_string();
        for line in self.lines.iter().skip(1) {
            if line.text.trim_start().starts_with("Unplaced herd:") {
                text.push(' ');
                text.push_str(line.text.trim());
            }
        }
        text
    }
}

/// Any line that could start a record contains one of these.
const PREFILTER: &str = r"error|Error|note:|warning:|remark:|air-stitch: |Unplaced herd|Unknown command line|Did you mean|Cannot find option|positional|not found|Allocator exhausted|buffer descriptor|exceeds the|exceeds \[|not allocated a lock|legal routing|placement|is insufficient|stack_size is absent|herd_load|marked illegal|exceeded available memory|allocate buffer|allocation failed|must be a positive|not divisible by|4-byte-aligned|must be multiples of|DMA channel|herd shape|herd dimension|sibling air.herd|ShimNOCTile|undefined symbol|runtime-valued DMA|Buffer argument must be|targets same dst|lock assigned invalid|sufficient DMA capacity|more than|exceeds the maximum|aie.flow|duplicate symbol|redefinition of symbol|shim_dma_tile_sizes|number of columns|falls below minimum";

static PREFILTER_RE: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(PREFILTER).ok());

/// `file:line[:col]: severity: message` (MLIR's SourceMgr form; `<unknown>:0:` is no location).
static FILE_LINE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?P<file>[^\s:][^:]*(?::[\\/][^:]*)?):(?P<line>\d+)(?::(?P<col>\d+))?: (?P<sev>error|warning|note|remark): ?(?P<msg>.*)$").ok()
});
/// `loc(...): severity: message`.
static LOC_FORM: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^(?P<loc>loc\(.*?\)): (?P<sev>error|warning|note|remark): ?(?P<msg>.*)$").ok());
/// `severity: message` (the message may start with a location), or `tool: severity: message`.
static BARE_SEV: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?:(?P<tool>[A-Za-z][\w.+-]*): )?(?P<sev>error|warning|note|remark): ?(?P<msg>.*)$").ok()
});
/// A location at the start of a message: `"-":13:17: `, `loc(...): `, `file.mlir:3:5: `.
static MSG_LOC: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r#"^(?:(?P<loc>loc\(.*?\))|"(?P<qfile>[^"]*)":(?P<qline>\d+):(?P<qcol>\d+)|(?P<file>[^\s:"]+\.mlir):(?P<line>\d+):(?P<col>\d+)): ?"#).ok()
});
/// The first `"file":line:col` inside a `loc(...)` (fused and callsite locations included).
static LOC_INNER: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r#""(?P<file>[^"]*)":(?P<line>\d+):(?P<col>\d+)"#).ok());
/// aircc's own `Error...` lines and LLVM's option errors (`aircc: Unknown command line argument`).
static TOOL_ERROR: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?:Error(?::| running| parsing| reading| creating| writing| copying) ?.*|[\w.+-]+: (?:Unknown command line argument|Did you mean|for the -|Too many positional|Not enough positional|.*may only occur).*|air-stitch: .*)$").ok()
});

fn re(cell: &LazyLock<Option<Regex>>) -> Option<&Regex> {
    cell.as_ref()
}

fn severity(word: &str) -> Severity {
    match word {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        _ => Severity::Note,
    }
}

fn number(text: Option<regex::Match<'_>>) -> u32 {
    text.and_then(|m| m.as_str().parse().ok()).unwrap_or(0)
}

fn loc_of(file: &str, line: u32, column: u32) -> Option<Loc> {
    (line > 0 && !file.is_empty() && file != "<unknown>").then(|| Loc { file: file.to_string(), line, column })
}

fn inner_loc(loc: &str) -> Option<Loc> {
    let caps = re(&LOC_INNER)?.captures(loc)?;
    loc_of(&caps["file"], number(caps.name("line")), number(caps.name("col")))
}

/// A header line, parsed: severity, location, message.
fn header(text: &str) -> Option<(Severity, Option<Loc>, &str)> {
    // A `[tag] ` prefix (a tool's log prefix) is not part of the diagnostic.
    let body = match text.strip_prefix('[').and_then(|rest| rest.split_once("] ")) {
        Some((tag, rest)) if !tag.contains(' ') => rest,
        _ => text,
    };
    if let Some(caps) = re(&FILE_LINE).and_then(|r| r.captures(body)) {
        let loc = loc_of(&caps["file"], number(caps.name("line")), number(caps.name("col")));
        let msg = caps.name("msg").map_or("", |m| m.as_str());
        return Some((severity(&caps["sev"]), loc, msg));
    }
    if let Some(caps) = re(&LOC_FORM).and_then(|r| r.captures(body)) {
        let msg = caps.name("msg").map_or("", |m| m.as_str());
        return Some((severity(&caps["sev"]), inner_loc(&caps["loc"]), msg));
    }
    if let Some(caps) = re(&BARE_SEV).and_then(|r| r.captures(body)) {
        let msg = caps.name("msg").map_or("", |m| m.as_str());
        let (loc, msg) = message_loc(msg);
        return Some((severity(&caps["sev"]), loc, msg));
    }
    if re(&TOOL_ERROR).is_some_and(|r| r.is_match(body)) {
        return Some((Severity::Error, None, body));
    }
    None
}

/// Splits a location off the start of a message.
fn message_loc(msg: &str) -> (Option<Loc>, &str) {
    let Some(caps) = re(&MSG_LOC).and_then(|r| r.captures(msg)) else { return (None, msg) };
    let rest = &msg[caps.get(0).map_or(0, |m| m.end())..];
    let loc = if let Some(loc) = caps.name("loc") {
        inner_loc(loc.as_str())
    } else if let Some(file) = caps.name("qfile") {
        loc_of(file.as_str(), number(caps.name("qline")), number(caps.name("qcol")))
    } else {
        caps.name("file").and_then(|f| loc_of(f.as_str(), number(caps.name("line")), number(caps.name("col"))))
    };
    (loc, rest)
}

/// Whether `text` continues the record before it rather than starting a new one.
fn continues(text: &str, previous: &Record<'_>) -> bool {
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return false;
    }
    let indented = text.len() != trimmed.len();
    let caret = trimmed.chars().all(|c| matches!(c, '^' | '~' | ' '));
    // `'air.herd' op \nUnplaced herd: NAME\n`: the message goes on on the next line.
    let open_message = previous.lines.len() == 1 && previous.message.trim_end().ends_with(" op");
    indented || caret || trimmed.starts_with("Unplaced herd:") || open_message
}

/// Most continuation lines kept per record (a MemoryMap is a few dozen).
const MAX_CONTINUATION: usize = 64;

/// The records of `log`, in order; notes are attached to the error or warning before them.
pub fn records(log: &str) -> Vec<Record<'_>> {
    let Some(prefilter) = re(&PREFILTER_RE) else { return Vec::new() };
    let mut out: Vec<Record<'_>> = Vec::new();
    let mut counted_to = 0usize;
    let mut line_number = 1usize;
    let mut resume_at = 0usize;
    for found in prefilter.find_iter(log) {
        if found.start() < resume_at {
            continue;
        }
        let start = log[..found.start()].rfind('\n').map_or(0, |at| at + 1);
        line_number += log.as_bytes()[counted_to..start].iter().filter(|&&b| b == b'\n').count();
        counted_to = start;
        let end = log[start..].find('\n').map_or(log.len(), |at| start + at);
        let text = log[start..end].trim_end_matches('\r');
        resume_at = end + 1;
        let Some((severity, loc, message)) = header(text.trim_start()) else {
            // A bare line a pattern may still know (a Python error quoting the compiler).
            out.push(Record {
                severity: Severity::Error,
                loc: None,
                message: text.trim(),
                lines: vec![Line { number: line_number, text }],
                notes: Vec::new(),
                is_header: false,
            });
            continue;
        };
        let mut record = Record {
            severity,
            loc,
            message,
            lines: vec![Line { number: line_number, text }],
            notes: Vec::new(),
            is_header: true,
        };
        // Continuation lines.
        let (mut at, mut number) = (end + 1, line_number + 1);
        while at < log.len() && record.lines.len() <= MAX_CONTINUATION {
            let next_end = log[at..].find('\n').map_or(log.len(), |i| at + i);
            let next = log[at..next_end].trim_end_matches('\r');
            if next.trim().is_empty() && record.lines.len() == 1 && record.message.trim_end().ends_with(" op") {
                (at, number) = (next_end + 1, number + 1);
                continue;
            }
            if header(next.trim_start()).is_some() || !continues(next, &record) {
                break;
            }
            record.lines.push(Line { number, text: next });
            (at, number) = (next_end + 1, number + 1);
        }
        resume_at = resume_at.max(at);
        match out.last_mut() {
            Some(previous) if severity == Severity::Note && previous.severity != Severity::Note => {
                previous.notes.push(record)
            }
            _ => out.push(record),
        }
    }
    out
}

//! AIR's own verifier (`air-opt`, or the parse + verify subset `air-mini-opt`) as a judge of a
//! file as written. The CLI runs `air-opt [--split-input-file] -` with the whole file on stdin;
//! this module turns what the tool did into diagnostics at the user's text: the exit status
//! into a verdict or a crash ([`classify`]), its stderr into located findings ([`findings`],
//! parsed by [`parse_stderr`]), and folds a finding on the line of an error of ours into that
//! error ([`merge_findings`]). No I/O here.
//!
//! `--split-input-file` runs report whole-file lines (MLIR 22 keeps each chunk's line numbers),
//! so a position is mapped to the chunk that holds it.

mod stderr;

pub use stderr::{parse_stderr, Entry, Level, Location, Reported, Stderr};

use crate::codes;
use crate::locate::{one_line, short, Locator};
use crate::Input;
use air_diagnostics::{Diagnostic, LineIndex, Severity, TextRange};

/// The buffer name MLIR gives standard input.
pub const STDIN_BUFFER: &str = "<stdin>";

/// How the tool ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AirOptExit {
    /// It exited with this status.
    Code(i32),
    /// It was killed by this signal (a segmentation fault is 11).
    Signal(i32),
}

/// What an exit means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Status 0: AIR accepts the file.
    Accepted,
    /// Status 1 to 123: AIR rejects the file (its diagnostics say why).
    Rejected,
    /// Status 124 or above, or a signal: the tool crashed (or timed out), which is no verdict.
    Crashed,
}

/// The verdict of an exit status.
pub fn classify(exit: AirOptExit) -> Verdict {
    match exit {
        AirOptExit::Code(0) => Verdict::Accepted,
        AirOptExit::Code(1..=123) => Verdict::Rejected,
        AirOptExit::Code(_) | AirOptExit::Signal(_) => Verdict::Crashed,
    }
}

/// One run of air-opt on one file.
#[derive(Clone, Copy, Debug)]
pub struct AirOptRun<'a> {
    pub exit: AirOptExit,
    pub stderr: &'a str,
}

/// What AIR's verifier said about one file.
#[derive(Clone, Debug)]
pub struct AirFindings {
    pub verdict: Verdict,
    /// In the order air-opt printed them; located ones are labelled in the chunks' file.
    pub diagnostics: Vec<Diagnostic>,
}

/// Maps one run of air-opt on a file to diagnostics. `chunks` are the file's chunks (one
/// unless the run used `--split-input-file`), all of the same file, in order.
pub fn findings(chunks: &[Input<'_>], run: &AirOptRun<'_>) -> AirFindings {
    let verdict = classify(run.exit);
    let parsed = parse_stderr(run.stderr);
    let locators: Vec<Locator<'_, '_>> = chunks.iter().map(Locator::new).collect();
    let mapper = Mapper { chunks, locators };
    let mut diagnostics: Vec<Diagnostic> = parsed.diagnostics.iter().map(|r| mapper.diagnostic(r)).collect();
    match verdict {
        Verdict::Accepted => {}
        Verdict::Rejected if diagnostics.iter().any(Diagnostic::is_error) => {}
        Verdict::Rejected => diagnostics.push(silent_rejection(run.exit, &parsed.other)),
        Verdict::Crashed => diagnostics.push(crash(run.exit, &parsed)),
    }
    AirFindings { verdict, diagnostics }
}

/// Adds AIR's findings to ours. An AIR error on a line that already has an error of ours is
/// the same problem: it becomes the note `AIR agrees: ...` of ours instead of a second error.
/// `lines` is the whole file's line index; `ours` are the file's diagnostics.
pub fn merge_findings(lines: &LineIndex, ours: &mut Vec<Diagnostic>, found: Vec<Diagnostic>) {
    for diagnostic in found {
        crate::verify::fold_or_push(lines, ours, diagnostic, "AIR");
    }
    ours.sort_by_key(|d| d.primary.as_ref().map(|l| l.range.start).unwrap_or(u32::MAX));
}

struct Mapper<'c, 'a> {
    chunks: &'c [Input<'a>],
    locators: Vec<Locator<'c, 'a>>,
}

impl Mapper<'_, '_> {
    /// The whole-file range of a location in air-opt's stdin, widened in its chunk.
    fn map(&self, location: &Location) -> Option<TextRange> {
        if location.file != STDIN_BUFFER {
            return None;
        }
        let first = self.chunks.first()?;
        let offset = first.lines.offset_of(location.line, location.column.max(1))?;
        // On a split marker no chunk holds it: the position itself, unwidened.
        Some(match self.locators.iter().find(|l| l.holds(offset)) {
            Some(locator) => locator.widen(TextRange::empty(offset)),
            None => TextRange::empty(offset),
        })
    }

    fn diagnostic(&self, reported: &Reported) -> Diagnostic {
        let entry = &reported.entry;
        let (severity, code) = match entry.level {
            Level::Error => (Severity::Error, codes::AIR_ERROR),
            Level::Warning => (Severity::Warning, codes::AIR_WARNING),
            Level::Note | Level::Remark => (Severity::Note, codes::AIR_REMARK),
        };
        let mut diagnostic = Diagnostic::new(severity, code, one_line(&entry.message));
        let primary = entry.location.as_ref().and_then(|l| self.map(l));
        let file = self.chunks.first().map(|c| c.file);
        match (&entry.location, primary, file) {
            (_, Some(range), Some(file)) => diagnostic = diagnostic.with_primary(file, range, "reported by AIR here"),
            (Some(l), _, _) => diagnostic = diagnostic.with_note(format!("AIR location: {}", display(l))),
            (None, _, _) => diagnostic = diagnostic.with_note("AIR gave no location"),
        }
        for note in &reported.notes {
            let at = note.location.as_ref().and_then(|l| self.map(l));
            match (at, file) {
                // A note at the primary location ("see current operation") reads better as text.
                (Some(range), Some(file)) if Some(range) != primary => {
                    diagnostic = diagnostic.with_secondary(file, range, short(&note.message))
                }
                _ => diagnostic = diagnostic.with_note(short(&note.message)),
            }
        }
        diagnostic.with_note("found by AIR's own verifier (air-opt) on the text as written")
    }
}

fn display(location: &Location) -> String {
    if location.column == 0 {
        format!("{}:{}", location.file, location.line)
    } else {
        format!("{}:{}:{}", location.file, location.line, location.column)
    }
}

fn describe(exit: AirOptExit) -> String {
    match exit {
        AirOptExit::Code(code) => format!("exit status {code}"),
        AirOptExit::Signal(signal) => format!("killed by signal {signal}{}", signal_name(signal)),
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => ", SIGILL",
        6 => ", SIGABRT",
        7 => ", SIGBUS",
        8 => ", SIGFPE",
        9 => ", SIGKILL",
        11 => ", SIGSEGV",
        15 => ", SIGTERM",
        _ => "",
    }
}

/// The tool crashed: an error of its own, never a verdict on the input.
fn crash(exit: AirOptExit, parsed: &Stderr) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        codes::AIR_CRASHED,
        format!("AIR's verifier (air-opt) crashed ({}): no verdict", describe(exit)),
    );
    for doing in parsed.crash.iter().flatten() {
        diagnostic = diagnostic.with_note(format!("while: {doing}"));
    }
    if parsed.crash.iter().flatten().any(|doing| doing.contains("custom op parser 'air.herd'")) {
        diagnostic = diagnostic.with_note(
            "AIR's `air.herd` parser (mlir-air e972f29) is known to crash when `args(...)` has fewer types than pairs",
        );
    }
    if parsed.crash.is_none() {
        for line in parsed.other.iter().take(3) {
            diagnostic = diagnostic.with_note(format!("air-opt: {}", short(line)));
        }
    }
    diagnostic
        .with_note("a crash of the tool says nothing about the input; the other judges still ran")
        .with_help("fix what the other diagnostics report, or verify without it (`--no-air-opt`); report the crash to mlir-air with this input")
}

/// Exit 1..=123 without an error diagnostic: a command-line problem, or not AIR's opt tool.
fn silent_rejection(exit: AirOptExit, other: &[String]) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        codes::AIR_NO_DIAGNOSTIC,
        format!("AIR's verifier (air-opt) failed ({}) without an error diagnostic", describe(exit)),
    );
    for line in other.iter().take(5) {
        diagnostic = diagnostic.with_note(format!("air-opt: {}", short(line)));
    }
    diagnostic.with_help(
        "check that --air-opt (or $AIR_OPT) names AIR's opt tool: air-stitch runs `air-opt [--split-input-file] - -o /dev/null`",
    )
}

#[cfg(test)]
mod tests;

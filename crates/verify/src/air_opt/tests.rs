//! Unit tests of the mapping of air-opt's output onto the user's text.

use super::*;
use air_diagnostics::FileId;

const TWO_CHUNKS: &str = "func.func @ok() {\n  return\n}\n// -----\nfunc.func @bad(%a: memref<8xi32>) {\n  %c1 = arith.constant 1 : index\n  air.herd tile (%x) in (%n=%c1) args(%b=%a) : memref<8xi32> {\n    %v = memref.load %b[%x] : memref<8xi32>\n  }\n  return\n}\n";

/// Parses `text`'s chunks and runs `check` on them.
fn with_chunks<T>(text: &str, check: impl FnOnce(&[Input<'_>]) -> T) -> T {
    let lines = LineIndex::new(text);
    let parsed: Vec<(u32, air_syntax::Parse)> =
        air_syntax::split_input_file(text).into_iter().map(|c| (c.offset, air_syntax::parse(c.text))).collect();
    let inputs: Vec<Input<'_>> = parsed
        .iter()
        .map(|(offset, parse)| Input { name: "k.mlir", file: FileId(3), text, lines: &lines, offset: *offset, parse })
        .collect();
    check(&inputs)
}

fn labelled(text: &str, diagnostic: &Diagnostic) -> String {
    let label = diagnostic.primary.as_ref().expect("located");
    text[label.range.start as usize..label.range.end as usize].to_string()
}

#[test]
fn exit_statuses_are_verdicts_below_124_and_crashes_from_it() {
    assert_eq!(classify(AirOptExit::Code(0)), Verdict::Accepted);
    assert_eq!(classify(AirOptExit::Code(1)), Verdict::Rejected);
    assert_eq!(classify(AirOptExit::Code(123)), Verdict::Rejected);
    assert_eq!(classify(AirOptExit::Code(124)), Verdict::Crashed);
    assert_eq!(classify(AirOptExit::Code(139)), Verdict::Crashed);
    assert_eq!(classify(AirOptExit::Code(-1)), Verdict::Crashed);
    assert_eq!(classify(AirOptExit::Signal(11)), Verdict::Crashed);
}

#[test]
fn an_error_in_the_second_chunk_lands_on_its_op_name_with_its_note() {
    let stderr = "<stdin>:8:10: error: 'memref.load' op inside 'air.herd' accesses memref with memory_space L3\n    %v = memref.load %b[%x] : memref<8xi32>\n         ^\n<stdin>:8:10: note: see current operation: %0 = \"memref.load\"(%arg3, %arg0) : (memref<8xi32>, index) -> i32\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(1), stderr }));
    assert_eq!(found.verdict, Verdict::Rejected);
    assert_eq!(found.diagnostics.len(), 1);
    let error = &found.diagnostics[0];
    assert_eq!((error.severity, error.code), (Severity::Error, codes::AIR_ERROR));
    assert_eq!(labelled(TWO_CHUNKS, error), "memref.load");
    assert_eq!(error.primary.as_ref().map(|l| l.file), Some(FileId(3)));
    assert_eq!(
        error.notes,
        vec![
            "see current operation: %0 = \"memref.load\"(%arg3, %arg0) : (memref<8xi32>, index) -> i32".to_string(),
            "found by AIR's own verifier (air-opt) on the text as written".to_string(),
        ]
    );
}

#[test]
fn a_note_elsewhere_becomes_a_secondary_label_and_warnings_stay_warnings() {
    let stderr = "<stdin>:8:22: error: bad operand\n<stdin>:7:18: note: defined here\n<stdin>:4:1: warning: near miss with file split marker\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(1), stderr }));
    let error = &found.diagnostics[0];
    assert_eq!(labelled(TWO_CHUNKS, error), "%b");
    assert_eq!(error.secondary.len(), 1);
    assert_eq!(error.secondary[0].message, "defined here");
    let warning = &found.diagnostics[1];
    assert_eq!((warning.severity, warning.code), (Severity::Warning, codes::AIR_WARNING));
}

#[test]
fn a_location_outside_the_input_is_kept_as_a_note() {
    let stderr = "x.py:3:4: error: 'memref.alloc' op incorrect number of dynamic sizes\n<unknown>:0: error: loc(\"foo\"): op fails\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(1), stderr }));
    assert!(found.diagnostics.iter().all(|d| d.primary.is_none()));
    assert_eq!(found.diagnostics[0].notes[0], "AIR location: x.py:3:4");
    assert_eq!(found.diagnostics[1].notes[0], "AIR gave no location");
}

#[test]
fn a_crash_is_one_error_of_its_own_with_what_the_tool_was_doing() {
    let stderr = "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/\nStack dump:\n0.\tProgram arguments: air-opt -\n1.\tMLIR Parser: custom op parser 'func.func'\n2.\tMLIR Parser: custom op parser 'air.herd'\n #0 0x1 llvm::sys::PrintStackTrace\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Signal(11), stderr }));
    assert_eq!(found.verdict, Verdict::Crashed);
    assert_eq!(found.diagnostics.len(), 1);
    let crash = &found.diagnostics[0];
    assert_eq!((crash.severity, crash.code), (Severity::Error, codes::AIR_CRASHED));
    assert_eq!(crash.message, "AIR's verifier (air-opt) crashed (killed by signal 11, SIGSEGV): no verdict");
    assert_eq!(crash.notes[0], "while: MLIR Parser: custom op parser 'func.func'");
    assert_eq!(crash.notes[1], "while: MLIR Parser: custom op parser 'air.herd'");
    assert!(crash.notes[2].contains("known to crash"));
}

#[test]
fn a_status_of_124_or_more_is_a_crash_even_with_diagnostics() {
    let stderr = "<stdin>:2:3: warning: w\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(124), stderr }));
    let codes: Vec<&str> = found.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![codes::AIR_WARNING, codes::AIR_CRASHED]);
    assert_eq!(found.diagnostics[1].message, "AIR's verifier (air-opt) crashed (exit status 124): no verdict");
}

#[test]
fn a_failure_without_an_error_diagnostic_is_reported_with_what_was_printed() {
    let stderr = "air-opt: Unknown command line argument '--split-input-file'.\n";
    let found = with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(1), stderr }));
    assert_eq!(found.diagnostics.len(), 1);
    let error = &found.diagnostics[0];
    assert_eq!(error.code, codes::AIR_NO_DIAGNOSTIC);
    assert_eq!(error.notes, vec!["air-opt: air-opt: Unknown command line argument '--split-input-file'.".to_string()]);
}

#[test]
fn acceptance_with_nothing_printed_gives_nothing() {
    let found =
        with_chunks(TWO_CHUNKS, |chunks| findings(chunks, &AirOptRun { exit: AirOptExit::Code(0), stderr: "" }));
    assert_eq!(found.verdict, Verdict::Accepted);
    assert!(found.diagnostics.is_empty());
}

#[test]
fn an_air_error_on_the_line_of_ours_is_folded_into_ours() {
    let lines = LineIndex::new(TWO_CHUNKS);
    let load = TWO_CHUNKS.find("memref.load").unwrap() as u32;
    let ours = Diagnostic::error("AS0501", "ours").with_primary(FileId(3), TextRange::new(load, load + 11), "here");
    let other_line = Diagnostic::error(codes::AIR_ERROR, "elsewhere").with_primary(FileId(3), TextRange::empty(0), "x");
    let same_line =
        Diagnostic::error(codes::AIR_ERROR, "theirs").with_primary(FileId(3), TextRange::empty(load + 12), "y");
    let mut diagnostics = vec![ours];
    merge_findings(&lines, &mut diagnostics, vec![same_line, other_line]);
    assert_eq!(diagnostics.len(), 2);
    assert_eq!(diagnostics[0].message, "elsewhere");
    assert_eq!(diagnostics[1].notes, vec!["AIR agrees: theirs".to_string()]);
}

//! `verify` over every valid upstream corpus file (manifest `expect = valid`): the files
//! it rejects, each with its first error, are snapshotted, with a separate snapshot for the
//! `mlir` feature (which adds the conversion to generic form and MLIR's own verifier). The
//! lists are the closing note's numbers; `docs/verify.md` explains each class.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_diagnostics::Severity;
use std::collections::BTreeMap;
use std::fmt::Write;

#[test]
fn valid_corpus_files_verify_except_the_listed_ones() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files: Vec<air_testkit::CorpusFile> = air_testkit::corpus_files(&dir).into_iter().filter(|f| f.valid).collect();
    let mut failing = String::new();
    let mut by_code: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut passed = 0;
    let mut files_needing_air = 0;
    for file in &files {
        let text = std::fs::read_to_string(&file.path).unwrap();
        let parsed = common::Parsed::new(&file.relpath, text, file.split);
        let mut first = None;
        let mut warnings = 0;
        let mut needs_air = 0;
        for input in parsed.inputs() {
            for diagnostic in air_verify::verify_chunk(&input) {
                match diagnostic.severity {
                    Severity::Error if first.is_none() => first = Some(diagnostic),
                    Severity::Warning => warnings += 1,
                    _ if diagnostic.code == air_verify::codes::MLIR_NEEDS_AIR => needs_air += 1,
                    _ => {}
                }
            }
        }
        match first {
            None => passed += 1,
            Some(error) => {
                *by_code.entry(error.code).or_default() += 1;
                let offset = error.primary.as_ref().map(|l| l.range.start).unwrap_or(0);
                let line = parsed.lines.line_of(offset) + 1;
                let message: String = error.message.chars().take(140).collect();
                writeln!(failing, "{}:{line}: [{}] {message}", file.relpath, error.code).unwrap();
            }
        }
        if warnings > 0 {
            writeln!(failing, "{}: ({warnings} warning{})", file.relpath, if warnings == 1 { "" } else { "s" })
                .unwrap();
        }
        if needs_air > 0 {
            files_needing_air += 1;
            let plural = if needs_air == 1 { "" } else { "s" };
            writeln!(failing, "{}: ({needs_air} note{plural} AS0542: MLIR cannot check without AIR)", file.relpath)
                .unwrap();
        }
    }
    let mut report = format!("{} valid corpus files: {passed} verify without errors\n", files.len());
    for (code, count) in &by_code {
        writeln!(report, "  {count} fail with {code} first").unwrap();
    }
    if files_needing_air > 0 {
        writeln!(report, "  {files_needing_air} have parts MLIR cannot check without AIR (AS0542 notes)").unwrap();
    }
    report.push('\n');
    report.push_str(&failing);
    let suffix = if air_verify::MLIR_BUILT_IN { "mlir" } else { "structural" };
    insta::with_settings!({
        snapshot_path => "../../../snapshots/verify",
        prepend_module_to_snapshot => false,
        snapshot_suffix => suffix,
        description => "air_verify::verify_chunk on every valid corpus file: files with errors (first error) or warnings",
    }, {
        insta::assert_snapshot!("corpus_verify", report);
    });
}

//! Seeded errors: every file under `testdata/verify/errors/` is verified; the codes of its
//! errors and warnings must be the ones its `// expect:` line lists (plus `// expect-mlir:`
//! with feature `mlir`), and the rendered diagnostics are snapshotted in full (separate
//! snapshots with and without MLIR, whose findings add notes or errors).
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_diagnostics::{FileId, Severity};

fn expected_codes(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix(key))
        .flat_map(|codes| codes.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

#[test]
fn seeded_errors_are_reported_with_their_codes_at_the_right_lines() {
    let files = common::testdata("errors");
    assert!(!files.is_empty());
    for path in files {
        let name = common::display_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let parse = air_syntax::parse(&text);
        let diagnostics = air_verify::verify_module(&name, &text, &parse, FileId(0));

        let mut expected = expected_codes(&text, "// expect:");
        if air_verify::MLIR_BUILT_IN {
            expected.extend(expected_codes(&text, "// expect-mlir:"));
        }
        expected.sort();
        let mut found: Vec<String> = diagnostics
            .iter()
            .filter(|d| matches!(d.severity, Severity::Error | Severity::Warning))
            .map(|d| d.code.to_string())
            .collect();
        found.sort();
        assert_eq!(found, expected, "{name}: codes of errors and warnings");

        let rendered = common::render_all(&name, &text, &diagnostics);
        let suffix = if air_verify::MLIR_BUILT_IN { "mlir" } else { "structural" };
        insta::with_settings!({
            snapshot_path => "../../../snapshots/verify",
            prepend_module_to_snapshot => false,
            snapshot_suffix => suffix,
            description => format!("air_verify::verify_module on {name}"),
        }, {
            insta::assert_snapshot!(format!("errors__{}", common::stem(&path)), rendered);
        });
    }
}

/// AIR's own verifier judges every seeded file as `verify` does: it rejects a file exactly when
/// the file has an error outside the rules deliberately stricter than AIR
/// (`codes::STRICTER_THAN_AIR`), or an upstream-op error only MLIR sees (`// expect-mlir:`).
#[test]
fn air_agrees_with_the_seeded_errors() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let mut disagreements = Vec::new();
    for path in common::testdata("errors") {
        let name = common::display_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let parse = air_syntax::parse(&text);
        let diagnostics = air_verify::verify_module(&name, &text, &parse, FileId(0));
        let ours: Vec<&str> = diagnostics
            .iter()
            .filter(|d| d.is_error() && !air_verify::codes::STRICTER_THAN_AIR.contains(&d.code))
            .filter(|d| !d.code.starts_with("AS053"))
            .map(|d| d.code)
            .collect();
        let rejects = !ours.is_empty() || !expected_codes(&text, "// expect-mlir:").is_empty();
        let verdict = air_testkit::run_air_opt(&air_opt, text.as_bytes(), false);
        if let air_testkit::AirVerdict::Crashed(message) = &verdict {
            // No verdict (the known `args` crash of AIR's parsers): ours must be an error.
            assert!(rejects, "{name}: AIR crashes and air-stitch accepts: {message}");
            continue;
        }
        if verdict.is_accepted() == rejects {
            disagreements.push(format!("{name}: air-stitch {:?}, AIR {verdict:?}", ours));
        }
    }
    assert!(disagreements.is_empty(), "AIR disagrees:\n{}", disagreements.join("\n"));
}

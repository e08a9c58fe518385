//! aircc's own `Error` lines (mlir-air tools/aircc/aircc.cpp, the C++ driver at the pinned
//! commit), each with the class triage must give it: testdata/triage/aircc-errors.tsv. With the
//! compiler kit's sources beside the repository (../shared/compiler-kit/src, or the kit's cache)
//! the list must cover every `Error` literal of aircc.cpp; under `CI=true` missing sources fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_compile::triage::{triage, Class};
use air_testkit::repo_root;
use std::path::PathBuf;

fn cases() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(repo_root().join("testdata/triage/aircc-errors.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (class, line) = l.split_once('\t').unwrap_or_else(|| panic!("not CLASS<TAB>LINE: {l}"));
            (class.to_string(), line.to_string())
        })
        .collect()
}

#[test]
fn every_aircc_error_line_gets_its_class() {
    let mut wrong = Vec::new();
    for (class, line) in cases() {
        let report = triage(&format!("{line}\n"), None);
        let got = report.findings.first().map_or(Class::Unknown, |f| f.class);
        if got.as_str() != class {
            wrong.push(format!("{line}: {} (expected {class})", got.as_str()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// aircc.cpp's sources: the compiler kit's checkout beside the repository, else its cache.
fn aircc_cpp() -> Option<PathBuf> {
    let beside = repo_root().join("../shared/compiler-kit/src/mlir-air/tools/aircc/aircc.cpp");
    let cached = std::env::var_os("HOME")
        .map(|h| PathBuf::from(h).join(".cache/air-compiler-kit/src/mlir-air/tools/aircc/aircc.cpp"));
    [Some(beside), cached].into_iter().flatten().find(|p| p.is_file())
}

#[test]
fn the_list_covers_every_error_aircc_prints() {
    let Some(path) = aircc_cpp() else {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "aircc.cpp not found beside the repository");
        eprintln!("skipped: the compiler kit's sources are not beside the repository");
        return;
    };
    let source = std::fs::read_to_string(&path).unwrap();
    let listed: Vec<String> = cases().into_iter().map(|(_, line)| line).collect();
    let mut missing = Vec::new();
    for literal in source.split("llvm::errs() << \"").skip(1) {
        let text = literal.split('"').next().unwrap_or_default();
        if !text.starts_with("Error") {
            continue;
        }
        // The literal's fixed start (up to a value streamed after it) must begin a listed line.
        let fixed = text.trim_end_matches("\\n").trim_end();
        if !listed.iter().any(|l| l.starts_with(fixed)) {
            missing.push(fixed.to_string());
        }
    }
    assert!(missing.is_empty(), "aircc.cpp prints lines testdata/triage/aircc-errors.tsv lacks: {missing:#?}");
}

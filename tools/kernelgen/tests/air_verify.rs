//! AIR's own parser and verifier (`air-opt`, or `air-mini-opt` through `$AIR_OPT`; see
//! `air_testkit::air_opt`) accepts every kernel the generator makes: each fixture of
//! testdata/kernels/ and each case of tests/cases/ that generates a module. AIR checks what
//! MLIR without the dialect cannot: hierarchy nesting and isolation, operand segments, channel
//! declarations and bundle indices (spatial `scf.parallel` or herd ids, never a temporal
//! `scf.for` variable), memory spaces. Skipped when no AIR verifier is found, except under
//! CI=true.

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_kernelgen::cli::Cli;
use air_kernelgen::testdata::fixtures;
use air_testkit::AirVerdict;
use clap::Parser;

/// The failure line for one generated module, if AIR does not accept it.
fn judge(air_opt: &std::path::Path, name: &str, module: &str) -> Option<String> {
    match air_testkit::run_air_opt(air_opt, module.as_bytes(), false) {
        AirVerdict::Accepted => None,
        AirVerdict::Rejected(stderr) => Some(format!("{name}: rejected by AIR:\n{stderr}")),
        AirVerdict::Crashed(message) => Some(format!("{name}: {message}")),
    }
}

#[test]
fn air_accepts_every_fixture_kernel() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let failures: Vec<String> =
        fixtures().iter().filter_map(|f| judge(&air_opt, f.file, &f.generate().unwrap())).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn air_accepts_every_generated_case() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let mut generated = 0;
    let mut failures = Vec::new();
    for path in common::case_files() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let cli = Cli::try_parse_from(common::words(&std::fs::read_to_string(&path).unwrap())).unwrap();
        let (kernel, _) = cli.command.kernel().unwrap();
        // Cases whose options a kernel cannot take test the error message instead.
        let Ok(module) = kernel.build() else { continue };
        generated += 1;
        failures.extend(judge(&air_opt, &stem, &module));
    }
    assert!(generated >= 10, "only {generated} cases generate a module");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! The committed fixture kernels (testdata/kernels/) are exactly what the generator prints, and
//! they parse cleanly.

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_kernelgen::testdata::fixtures;
use std::collections::BTreeSet;

#[test]
fn committed_kernels_are_byte_identical_to_the_generator_output() {
    let dir = air_testkit::repo_root().join("testdata/kernels");
    for fixture in fixtures() {
        let generated = fixture.generate().unwrap();
        let path = dir.join(fixture.file);
        let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            committed == generated,
            "{} differs from the generator's output; run tools/gen-testdata.sh",
            fixture.file
        );
    }
}

#[test]
fn kernel_directory_holds_only_generated_files() {
    let dir = air_testkit::repo_root().join("testdata/kernels");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let generated: BTreeSet<String> = fixtures().iter().map(|f| f.file.to_string()).collect();
    assert_eq!(on_disk, generated, "testdata/kernels/ must hold exactly the generator's fixtures");
}

#[test]
fn every_fixture_parses_without_errors_or_unresolved_values() {
    for fixture in fixtures() {
        let text = fixture.generate().unwrap();
        if let Err(problems) = common::parse_clean(&text) {
            panic!("{}:\n{problems}", fixture.file);
        }
        assert_eq!(air_syntax::parse(&text).tree.print(), text, "{} does not round-trip", fixture.file);
    }
}

#[test]
fn generating_twice_gives_the_same_bytes() {
    let first: Vec<String> = fixtures().iter().map(|f| f.generate().unwrap()).collect();
    let second: Vec<String> = fixtures().iter().map(|f| f.generate().unwrap()).collect();
    assert_eq!(first, second);
}

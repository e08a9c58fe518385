//! The corpus manifest against the corpus itself: every row is what `derive_entry` makes of
//! the file found (so split and expect follow the files' own `RUN:` lines, and the blob ids pin
//! them), and the manifest reads back as written. Skipped when the corpus is missing, except
//! under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_testkit::corpus::{derive_entry, parse_manifest, render_manifest, Manifest, MANIFEST_PATH};
use air_testkit::repo_root;

#[test]
fn the_manifest_is_what_the_pinned_files_say() {
    let committed = std::fs::read_to_string(repo_root().join(MANIFEST_PATH)).unwrap();
    let manifest = parse_manifest(&committed).unwrap();
    assert_eq!(render_manifest(&manifest), committed, "{MANIFEST_PATH} is not in its canonical form");
    assert_eq!(manifest.repository, "https://github.com/Xilinx/mlir-air");
    assert!(manifest.entries.len() >= 494, "{} rows", manifest.entries.len());
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let derived = Manifest {
        entries: manifest
            .entries
            .iter()
            .map(|e| derive_entry(&e.path, &std::fs::read(dir.join(&e.path)).unwrap()))
            .collect(),
        ..manifest.clone()
    };
    let (want, got) = (render_manifest(&derived), committed);
    let differing: Vec<String> = want
        .lines()
        .zip(got.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("  derived:   {a}\n  committed: {b}"))
        .collect();
    assert!(
        differing.is_empty(),
        "{MANIFEST_PATH} differs from what the files say (regenerate it, testdata/corpus/README.md):\n{}",
        differing.join("\n")
    );
}

#[test]
fn corpus_files_are_the_manifest_rows_with_their_expectations() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files = air_testkit::corpus_files(&dir);
    assert_eq!(files.len(), air_testkit::corpus_manifest().entries.len());
    let file = |relpath: &str| files.iter().find(|f| f.relpath == relpath).unwrap();
    // Checked whole upstream although it has `// -----` comments.
    let channel = file("mlir/test/Dialect/AIR/air_channel.mlir");
    assert!(!channel.split && channel.valid && std::fs::read_to_string(&channel.path).unwrap().contains("// -----"));
    let invalid = file("mlir/test/Dialect/AIR/air_channel_invalid.mlir");
    assert_eq!((invalid.split, invalid.valid, invalid.expect.as_str()), (true, false, "invalid:expected-error"));
    // `--verify-diagnostics` with no expected error: valid.
    assert!(file("mlir/test/Transform/AIRVerifyHierarchyLocality/positive.mlir").valid);
    assert_eq!(file("test/xrt/40_triton_vec_add/transform.mlir").expect, "invalid:template");
}

//! The reference merges of design.md §2 (`testdata/plans/*.toml`): each merged module, its extern
//! report and its summary are snapshotted in full. Adding a plan adds a case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

#[test]
fn reference_merges_match_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut plans: Vec<_> = std::fs::read_dir(root.join("testdata/plans"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    plans.sort();
    assert!(plans.len() >= 4, "expected the reference plans");
    let scratch = std::env::temp_dir().join(format!("air-stitch-reference-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for plan in &plans {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let report = scratch.join(format!("{name}.json"));
        let rel = plan.strip_prefix(&root).unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_air-stitch"))
            .current_dir(&root)
            .args(["merge", "--plan"])
            .arg(rel)
            .args(["-o", "-", "--color", "never", "--externs-report"])
            .arg(&report)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
        let parse = air_syntax::parse(&stdout);
        assert!(!parse.has_errors(), "{name}: {:?}", parse.all_errors());
        let report = std::fs::read_to_string(&report).unwrap();
        insta::with_settings!({snapshot_path => "../../../snapshots/reference-merges", prepend_module_to_snapshot => false, omit_expression => true}, {
            insta::assert_snapshot!(format!("{name}.mlir"), stdout);
            insta::assert_snapshot!(format!("{name}.externs"), format!("{stderr}\n{report}"));
        });
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

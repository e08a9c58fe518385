//! Data-driven merge cases: every directory under `testdata/merge/` holds slice files, an
//! optional plan, and an `args` file with the `air-stitch merge` arguments. The test runs the
//! real binary there and snapshots the exit status, standard output and standard error. Cases
//! cover each failure of the regex stitcher (docs/stitcher-failures.md) and each check of the merge.
//! Adding a directory adds a case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;
use std::path::{Path, PathBuf};

fn run_case(dir: &Path) -> (String, i32, String) {
    let args_text = std::fs::read_to_string(dir.join("args")).expect("every case has an args file");
    let mut args: Vec<String> = vec!["merge".into()];
    args.extend(args_text.split_whitespace().map(str::to_string));
    args.push("--color".into());
    args.push("never".into());
    let output = harness::air_stitch(&args).in_dir(dir).output();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let code = output.status.code().unwrap_or(-1);
    let report = format!("$ air-stitch {}\nexit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}", args.join(" "));
    (report, code, stdout)
}

/// The files of a case directory, sorted.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    files
}

#[test]
fn merge_cases_match_their_snapshots() {
    let root = repo_root().join("testdata/merge");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("testdata/merge exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("args").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 30, "expected the merge cases under {}", root.display());
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let before = listing(dir);
        let (report, code, stdout) = run_case(dir);
        // Cases write to standard output only: a file left in the case is a refused output
        // written anyway (or a case that writes files, which belongs elsewhere).
        let after = listing(dir);
        for extra in after.iter().filter(|path| !before.contains(path)) {
            failures.push(format!("{name}: left {} behind", extra.display()));
            let _ = std::fs::remove_file(extra);
        }
        // A successful merge to stdout must parse cleanly.
        if code == 0 {
            let parse = air_syntax::parse(&stdout);
            if parse.has_errors() {
                failures.push(format!("{name}: merged output does not parse: {:?}", parse.all_errors()));
            }
        }
        // Every case exits 0, 1 or 2, never with a crash.
        if !(0..=2).contains(&code) {
            failures.push(format!("{name}: exit status {code}"));
        }
        let result = std::panic::catch_unwind(|| {
            harness::snapshot("merge", &name, &report);
        });
        if result.is_err() {
            failures.push(format!("{name}: snapshot mismatch"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// docs/merge.md's table of checks names the code an unknown plan key gets (the `e12` case):
/// one row says "unknown key", and its code is the one merge prints.
#[test]
fn merge_md_names_the_code_of_an_unknown_plan_key() {
    let (report, code, _) = run_case(&repo_root().join("testdata/merge/e12-plan-unknown-key"));
    assert_eq!(code, 1, "{report}");
    let printed = report.split("error[").nth(1).and_then(|rest| rest.get(..6)).expect("an error code");
    let docs = std::fs::read_to_string(repo_root().join("docs/merge.md")).unwrap();
    let rows: Vec<&str> = docs.lines().filter(|l| l.starts_with("| AS") && l.contains("unknown key")).collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let documented = rows[0].trim_start_matches("| ").split(" |").next().unwrap();
    assert_eq!(documented, printed, "docs/merge.md: {}", rows[0]);
}

//! The `mutagen` binary on a small corpus (testdata/mutagen/corpus): what it writes
//! (snapshots of rules.tsv, index.tsv and a few whole mutants), that the same corpus gives
//! the same bytes, its errors, and (with AIR's verifier at hand) that every invalid mutant
//! of the fixture is rejected by AIR and every benign one accepted.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod judge;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture() -> PathBuf {
    air_testkit::repo_root().join("testdata/mutagen/corpus")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutagen-cli").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn mutagen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mutagen")).args(args).output().unwrap()
}

fn run_ok(corpus: &Path, out: &Path, extra: &[&str]) {
    let mut args = vec![corpus.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = mutagen(&args);
    assert!(output.status.success(), "mutagen failed: {}", String::from_utf8_lossy(&output.stderr));
}

/// Every file the run wrote, by name, in name order.
fn written(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    files.sort();
    files
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "../../../snapshots/mutagen",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn writes_the_rule_table_and_index_of_the_fixture_deterministically() {
    let (first, second) = (out_dir("first"), out_dir("second"));
    run_ok(&fixture(), &first, &["--batch-size", "40"]);
    run_ok(&fixture(), &second, &["--batch-size", "40"]);
    let files = written(&first);
    assert_eq!(files, written(&second), "two runs on the same corpus wrote different bytes");
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let lookup = |name: &str| files.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()).unwrap();
    snapshot("cli_fixture_files", &names.join("\n"));
    snapshot("cli_fixture_rules", &lookup("rules.tsv"));
    snapshot("cli_fixture_index", &lookup("index.tsv"));
}

#[test]
fn writes_whole_mutants_with_their_headers() {
    let out = out_dir("whole");
    let rules = ["channel-index-temporal-iv", "hierarchy-isolated-from-above", "benign-reorder-ops"];
    let mut args = vec!["--cap", "1"];
    for rule in &rules {
        args.extend(["--rule", rule]);
    }
    run_ok(&fixture(), &out, &args);
    snapshot("cli_fixture_whole_mutants", &std::fs::read_to_string(out.join("batch-000.mlir")).unwrap());
}

#[test]
fn a_rerun_replaces_stale_batches() {
    let out = out_dir("stale");
    run_ok(&fixture(), &out, &["--batch-size", "10"]);
    let many = written(&out).len();
    run_ok(&fixture(), &out, &["--batch-size", "1000"]);
    let names: Vec<String> = written(&out).into_iter().map(|(name, _)| name).collect();
    assert!(many > 3, "expected several batches with --batch-size 10");
    assert_eq!(names, ["batch-000.mlir", "index.tsv", "rules.tsv"]);
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let out = out_dir("bad");
    let missing = mutagen(&["/nonexistent/corpus", "-o", out.to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&missing.stderr),
        "error: reading /nonexistent/corpus: No such file or directory (os error 2)\n"
    );
    let unknown = mutagen(&[fixture().to_str().unwrap(), "-o", out.to_str().unwrap(), "--rule", "no-such-rule"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&unknown.stderr),
        "error: unknown rule `no-such-rule` (docs/mutagen.md lists the rules)\n"
    );
}

/// Every mutant of the fixture, judged by AIR: invalid ones rejected with their rule's message,
/// benign ones accepted (the same check the differential test makes on the corpus, on IR
/// written for it). The
/// fixture's parse-error sites are all inside hierarchy bodies, where air-opt may crash
/// after the error (docs/mutagen.md): a crash is no verdict, so it passes for an invalid
/// mutant, and is counted.
#[test]
fn air_judges_every_fixture_mutant_as_intended() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let out = out_dir("judged");
    run_ok(&fixture(), &out, &["--air-opt", air_opt.to_str().unwrap()]);
    let mut wrong = Vec::new();
    let mut crashed = 0;
    for (name, text) in written(&out).into_iter().filter(|(name, _)| name.starts_with("batch-")) {
        let items: Vec<judge::Item> = text
            .split(air_syntax::SPLIT_MARKER)
            .map(|chunk| {
                let chunk = chunk.strip_prefix('\n').unwrap_or(chunk);
                let (header, body) = chunk.split_once('\n').unwrap();
                judge::Item { key: header.to_string(), header: header.to_string(), text: body.to_string() }
            })
            .collect();
        for (item, verdict) in items.iter().zip(judge::air_verdicts(&air_opt, &items)) {
            let id = item.header.split(" rule=").nth(1).and_then(|rest| rest.split(' ').next()).unwrap();
            let rule = air_mutagen::rules::rule(id).unwrap();
            crashed += usize::from(matches!(verdict, judge::Verdict::Crashed(_)));
            if !judge::as_intended(rule, &verdict) {
                wrong.push(format!("{name}: {} -> {}", item.header, verdict.describe()));
            }
        }
    }
    eprintln!("fixture mutants on which air-opt crashed after a parse error: {crashed}");
    assert!(wrong.is_empty(), "mutants AIR does not judge as intended:\n{}", wrong.join("\n"));
}

//! Lint levels end to end: check-bd's repeated notes printed as one (the demo's run, before and
//! after grouping), each level flag (`-A/-W/-D` by name and by code, `-D warnings`, order,
//! `--quiet`), unknown lints, a plan's `[lints]` table in `check-bd --plan` and `merge
//! --verify`, and verify's lints, whose errors stay errors. Inputs: `testdata/lints/` (valid
//! AIR, judged by AIR's verifier here) and the reference plans.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

fn run_in(dir: &Path, args: &[&str]) -> Output {
    harness::air_stitch(args).color_never().in_dir(dir).env_remove("AIR_OPT").output()
}

fn lints_dir() -> PathBuf {
    repo_root().join("testdata/lints")
}

/// `$ air-stitch ARGS`, its exit status and stderr (and stdout when there is any).
fn transcript(args: &[&str], output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stdout = if stdout.is_empty() { String::new() } else { format!("--- stdout ---\n{stdout}") };
    format!(
        "$ air-stitch {}\nexit: {}\n{stdout}--- stderr ---\n{}\n",
        args.join(" "),
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("lints", name, &text);
}

/// The findings of a `--format json` run, one line each: what the text would show ungrouped.
fn finding_lines(json: &str) -> Vec<String> {
    let document: Value = serde_json::from_str(json).unwrap();
    document["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let at = &d["primary"];
            format!(
                "{}[{}] {}:{}:{}: {}",
                d["severity"].as_str().unwrap(),
                d["code"].as_str().unwrap(),
                at["file"].as_str().unwrap_or("?"),
                at["line"],
                at["column"],
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn the_demo_check_bd_runs_print_repeated_notes_once() {
    // tools/demo.sh: the three reference merges, then check-bd with the builders' flags.
    let scratch = air_testkit::ScratchDir::new("lints-demo");
    let plans = repo_root().join("testdata/plans");
    for name in ["o_gemv_ffn", "gemv_2k_mv_k8192", "rms_gemms_rope"] {
        let plan = plans.join(format!("{name}.toml"));
        let output = run_in(&scratch, &["merge", "--plan", plan.to_str().unwrap(), "-o", &format!("{name}.mlir")]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&output.stderr));
    }
    let runs: [&[&str]; 2] = [
        // As tools/demo.sh runs them: no tiling flag, each launch carries its slice's.
        &["check-bd", "--omit-pingpong", "o_gemv_ffn.mlir", "gemv_2k_mv_k8192.mlir"],
        &["check-bd", "rms_gemms_rope.mlir"],
    ];
    let (mut before, mut after) = (String::new(), String::new());
    for args in runs {
        let text = run_in(&scratch, args);
        assert_eq!(text.status.code(), Some(0));
        let json_args: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        let json = run_in(&scratch, &json_args);
        let findings = finding_lines(&String::from_utf8_lossy(&json.stdout));
        let stderr = String::from_utf8_lossy(&text.stderr).into_owned();
        // Nothing is lost: every note of the ungrouped findings is a line of a grouped note.
        for line in findings.iter().filter(|l| l.starts_with("note[AS0425]")) {
            let item = line.split_once("] ").unwrap().1;
            assert!(stderr.contains(&format!("= note: {item}")), "{item} is missing from:\n{stderr}");
        }
        // One note per file that has any (a launch below its utilisation target).
        let files: std::collections::BTreeSet<&str> = findings
            .iter()
            .filter_map(|l| l.strip_prefix("note[AS0425] ").and_then(|rest| rest.split(':').next()))
            .collect();
        assert_eq!(stderr.matches("note[AS0425]").count(), files.len());
        before.push_str(&format!("$ air-stitch {} --format json\n{}\n\n", args.join(" "), findings.join("\n")));
        after.push_str(&transcript(args, &text));
    }
    let _ = std::fs::remove_dir_all(&scratch);
    snapshot("demo_before_grouping", before);
    snapshot("demo_after_grouping", after);
}

/// The flags, each run on `three_launches.mlir`, with the exit status each must give.
const FLAG_RUNS: &[(&[&str], i32)] = &[
    (&[], 0),
    (&["-A", "utilisation"], 0),
    (&["-W", "utilisation"], 0),
    (&["-D", "utilisation"], 1),
    (&["-D", "AS0425"], 1),
    (&["--allow", "shim_dma_tile_sizes"], 0),
    (&["-D", "warnings"], 1),
    (&["-A", "warnings"], 0),
    (&["-D", "warnings", "-W", "warnings"], 0),
    (&["--quiet"], 0),
    (&["-D", "utilisation", "-A", "utilisation"], 0),
    (&["-A", "utilisation", "-D", "utilisation"], 1),
    (&["-W", "utilisation,shim-dma-tile-sizes", "-D", "warnings"], 1),
];

#[test]
fn each_level_flag_sets_severities_and_the_exit_status() {
    let dir = lints_dir();
    let mut all = String::new();
    for (flags, want) in FLAG_RUNS {
        let args: Vec<&str> =
            ["check-bd"].into_iter().chain(flags.iter().copied()).chain(["three_launches.mlir"]).collect();
        let output = run_in(&dir, &args);
        assert_eq!(output.status.code(), Some(*want), "{}", transcript(&args, &output));
        all.push_str(&transcript(&args, &output));
    }
    snapshot("check_bd_level_flags", all);
}

#[test]
fn quiet_hides_notes_in_json_too_and_the_summary_still_counts_them() {
    let output = run_in(&lints_dir(), &["check-bd", "--quiet", "--format", "json", "three_launches.mlir"]);
    let json: Value = serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).unwrap();
    let severities: Vec<&str> =
        json["diagnostics"].as_array().unwrap().iter().map(|d| d["severity"].as_str().unwrap()).collect();
    assert_eq!(severities, ["warning"]);
    let summary = &json["summary"];
    assert_eq!((&summary["errors"], &summary["warnings"], &summary["notes"]), (&0.into(), &1.into(), &3.into()));
}

#[test]
fn unknown_lints_are_usage_errors_with_a_suggestion() {
    let dir = lints_dir();
    let mut all = String::new();
    for flags in [&["-A", "utilization"][..], &["-D", "AS0110"], &["-W", "frobnicate"]] {
        let args: Vec<&str> =
            ["check-bd"].into_iter().chain(flags.iter().copied()).chain(["three_launches.mlir"]).collect();
        let output = run_in(&dir, &args);
        assert_eq!(output.status.code(), Some(2));
        all.push_str(&transcript(&args, &output));
    }
    snapshot("unknown_lints", all);
}

#[test]
fn a_plans_lints_table_applies_to_check_bd_and_the_command_line_overrides_it() {
    let dir = lints_dir();
    let runs: &[(&[&str], i32)] = &[
        (&["check-bd", "--plan", "check_bd_levels.toml", "three_launches.mlir"], 1),
        (
            &[
                "check-bd",
                "--plan",
                "check_bd_levels.toml",
                "-W",
                "shim-dma-tile-sizes",
                "-W",
                "utilisation",
                "three_launches.mlir",
            ],
            0,
        ),
        (&["check-bd", "--plan", "warnings_deny.toml", "three_launches.mlir"], 1),
        (&["check-bd", "--plan", "unknown_lints.toml", "three_launches.mlir"], 1),
        (&["merge", "--plan", "unknown_lints.toml", "-o", "-"], 1),
    ];
    let mut all = String::new();
    for (args, want) in runs {
        let output = run_in(&dir, args);
        assert_eq!(output.status.code(), Some(*want), "{}", transcript(args, &output));
        all.push_str(&transcript(args, &output));
    }
    snapshot("plan_lints", all);
}

#[test]
fn a_plans_lints_table_applies_to_merge_verify() {
    let dir = lints_dir();
    let deny = run_in(&dir, &["merge", "--plan", "args_arity_deny.toml", "-o", "-", "--verify", "--no-air-opt"]);
    let stderr = String::from_utf8_lossy(&deny.stderr);
    assert_eq!(deny.status.code(), Some(1), "{stderr}");
    assert!(deny.stdout.is_empty(), "nothing is written when --verify fails");
    assert!(stderr.contains("error[AS0502]"), "{stderr}");
    assert!(stderr.contains("requested in args_arity_deny.toml's [lints] with `args-arity = \"deny\"`"), "{stderr}");
    assert!(!stderr.contains("[AS0541]"), "{stderr}");
    let allow = run_in(&dir, &["merge", "--plan", "args_arity_allow.toml", "-o", "-", "--verify", "--no-air-opt"]);
    let stderr = String::from_utf8_lossy(&allow.stderr);
    assert_eq!(allow.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("[AS0502]") && !stderr.contains("[AS0541]"), "{stderr}");
    // Without the plan's level, the extra type is a warning and the merge goes through.
    let slice = run_in(&dir, &["verify", "--no-air-opt", "args_extra_type.mlir"]);
    assert_eq!(slice.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&slice.stderr).contains("warning[AS0502]"));
}

#[test]
fn verify_lints_change_warnings_and_notes_but_never_errors() {
    let dir = repo_root();
    let file = "testdata/verify/errors/channels.mlir";
    let codes = |args: &[&str]| -> (i32, Vec<String>) {
        let all: Vec<&str> = ["verify", "--no-air-opt", "--format", "json"]
            .into_iter()
            .chain(args.iter().copied())
            .chain([file])
            .collect();
        let output = run_in(&dir, &all);
        let json: Value = serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).unwrap();
        let found = json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == "AS0509")
            .map(|d| d["severity"].as_str().unwrap().to_string())
            .collect();
        (output.status.code().unwrap_or(-1), found)
    };
    // channels.mlir: one AS0509 error (fewer indices: AIR's verdict) and one warning (more).
    assert_eq!(codes(&[]), (1, vec!["error".to_string(), "warning".to_string()]));
    assert_eq!(codes(&["-A", "channel-index-count"]), (1, vec!["error".to_string()]));
    assert_eq!(codes(&["-D", "AS0509"]), (1, vec!["error".to_string(), "error".to_string()]));
    let quiet = run_in(&dir, &["verify", "--no-air-opt", "--quiet", "testdata/verify/errors/args_extra_type.mlir"]);
    let stderr = String::from_utf8_lossy(&quiet.stderr);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(stderr.contains("warning[AS0502]") && !stderr.contains("note["), "{stderr}");
    let denied =
        run_in(&dir, &["verify", "--no-air-opt", "-D", "warnings", "testdata/verify/errors/args_extra_type.mlir"]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&denied.stderr).contains("error[AS0502]"));
}

#[test]
fn the_lint_inputs_are_valid_air() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    for path in air_testkit::sorted_files(&lints_dir(), "mlir") {
        let text = std::fs::read(&path).unwrap();
        let verdict = air_testkit::run_air_opt(&air_opt, &text, false);
        assert!(verdict.is_accepted(), "{}: {verdict:?}", path.display());
    }
}

#[test]
fn check_bd_findings_never_exceed_their_rules_default_level() {
    // The default level is the loudest a rule reports at: a warn rule never gives an error.
    let root = repo_root();
    let mut files = air_testkit::sorted_files(&root.join("testdata/check-bd"), "mlir");
    files.extend(air_testkit::sorted_files(&root.join("testdata/kernels"), "mlir"));
    files.extend(air_testkit::sorted_files(&lints_dir(), "mlir"));
    let mut problems = Vec::new();
    for path in &files {
        let output = run_in(&root, &["check-bd", "--format", "json", path.to_str().unwrap()]);
        let json: Value = serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).unwrap();
        for d in json["diagnostics"].as_array().unwrap() {
            let Some(rule) = air_checkbd::rules::by_code(d["code"].as_str().unwrap()) else { continue };
            let severity = match d["severity"].as_str().unwrap() {
                "error" => air_diagnostics::Level::Deny,
                "warning" => air_diagnostics::Level::Warn,
                _ => air_diagnostics::Level::Note,
            };
            if severity > rule.level {
                problems.push(format!(
                    "{}: {} is {severity:?}, above its default {:?}",
                    path.display(),
                    rule.code,
                    rule.level
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The cells of the markdown table rows of `doc` whose first cell is a code.
fn code_rows(doc: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(repo_root().join(doc)).unwrap();
    text.lines()
        .filter(|line| line.starts_with("| AS0") || line.starts_with("| `"))
        .map(|line| line.trim_matches('|').split('|').map(|cell| cell.trim().trim_matches('`').to_string()).collect())
        .collect()
}

#[test]
fn the_documented_lint_names_and_defaults_are_the_lints() {
    // `explain --lints`: name, code, default.
    let output = run_in(&repo_root(), &["explain", "--lints"]);
    let listed: Vec<(String, String, String)> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .skip(1)
        .take_while(|line| !line.is_empty())
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            (words[0].to_string(), words[1].to_string(), words[2].to_string())
        })
        .collect();
    let mut documented = Vec::new();
    // check-bd.md's rules: code, rule, severity (its first word is the loudest).
    for row in code_rows("docs/check-bd.md").into_iter().filter(|r| r.len() == 6 && r[0].starts_with("AS04")) {
        let level = match row[2].split_whitespace().next() {
            Some("error") => "deny",
            Some("warning") => "warn",
            _ => "note",
        };
        documented.push((row[1].clone(), row[0].clone(), level.to_string()));
    }
    // error-codes.md's lint table: lint, code, default.
    for row in code_rows("docs/error-codes.md")
        .into_iter()
        .filter(|r| r.len() == 4 && ["AS05", "AS074", "AS080"].iter().any(|p| r[1].starts_with(p)))
    {
        documented.push((row[0].clone(), row[1].clone(), row[2].clone()));
    }
    assert_eq!(documented, listed);
}

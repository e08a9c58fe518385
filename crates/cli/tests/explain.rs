//! `air-stitch explain` and the codes it documents. Every code the crates can emit is a
//! constant of a code module (`codes.rs` of syntax, passes, verify and the CLI; check-bd's
//! `rules.rs`), spelled nowhere else; every such code is documented and every documented code
//! is one of them; a constant no code uses is documented as reserved. The explanation of a few
//! codes and the lint list are snapshotted, an unknown code exits 2, and every example
//! `explain` prints is run: its command reports the code (an example marked fixed does not).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The code modules: one per crate that emits codes.
const CODE_MODULES: &[&str] = &[
    "crates/cli/src/codes.rs",
    "crates/syntax/src/codes.rs",
    "crates/merge/src/codes.rs",
    "crates/checkbd/src/rules.rs",
    "crates/verify/src/codes.rs",
    "crates/dataflow/src/codes.rs",
    "crates/compile/src/triage/codes.rs",
    "crates/arrays/src/codes.rs",
    "crates/device/src/codes.rs",
    "crates/check-merge/src/codes.rs",
];

fn run(args: &[&str]) -> Output {
    harness::air_stitch(args).in_repo().output()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `"ASnnnn"` literals in `text`, with the identifier of the constant that holds each.
fn code_literals(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("\"AS") {
            let candidate = &rest[at + 1..];
            if candidate.len() >= 7 && candidate[2..6].bytes().all(|b| b.is_ascii_digit()) && &candidate[6..7] == "\"" {
                // `pub const NAME: &str = "AS0101";` or `NAME = ("AS0401", ...` (the rules macro).
                let before = line.split(['=', ':']).next().unwrap_or("");
                let name = before.split_whitespace().last().unwrap_or("").to_string();
                out.push((candidate[..6].to_string(), name));
            }
            rest = &rest[at + 3..];
        }
    }
    out
}

/// Every code constant: code → (module, constant name).
fn code_constants() -> BTreeMap<String, (String, String)> {
    let root = repo_root();
    let mut codes = BTreeMap::new();
    for module in CODE_MODULES {
        let text = std::fs::read_to_string(root.join(module)).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (code, name) in code_literals(text) {
            let previous = codes.insert(code.clone(), (module.to_string(), name));
            assert!(previous.is_none(), "{code} is defined twice: {previous:?} and {module}");
        }
    }
    assert!(codes.len() > 100, "found only {} codes", codes.len());
    codes
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && !matches!(name.as_str(), "target" | "tests" | "benches" | "examples") {
            rust_files(&path, out);
        } else if name.ends_with(".rs") && name != "tests.rs" {
            // `tests.rs`: a module's unit tests in their own file.
            out.push(path);
        }
    }
}

/// Production sources (no tests, nothing from `#[cfg(test)]` on) outside the code modules, as
/// (repository path, text).
fn other_sources() -> Vec<(String, String)> {
    let root = repo_root();
    let mut files = Vec::new();
    for dir in ["crates", "passes", "tools"] {
        rust_files(&root.join(dir), &mut files);
    }
    files
        .into_iter()
        .filter_map(|file| {
            let shown = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&file).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (!CODE_MODULES.contains(&shown.as_str())).then_some((shown, code))
        })
        .collect()
}

fn documented_codes() -> BTreeSet<String> {
    let output = run(&["explain", "--list"]);
    assert_eq!(output.status.code(), Some(0));
    stdout(&output).lines().map(|line| line[..6].to_string()).collect()
}

#[test]
fn every_code_is_a_constant_of_a_code_module_and_documented_and_the_docs_name_no_other() {
    let constants = code_constants();
    let documented = documented_codes();
    let undocumented: Vec<&String> = constants.keys().filter(|c| !documented.contains(*c)).collect();
    let unknown: Vec<&String> = documented.iter().filter(|c| !constants.contains_key(*c)).collect();
    assert!(undocumented.is_empty(), "codes without documentation (docs/error-codes.md): {undocumented:?}");
    assert!(unknown.is_empty(), "documented codes no crate defines: {unknown:?}");
    let mut stray = Vec::new();
    for (path, code) in other_sources() {
        for (literal, _) in code_literals(&code) {
            stray.push(format!("{path}: spells {literal}; use the constant of its code module"));
        }
    }
    assert!(stray.is_empty(), "{}", stray.join("\n"));
}

/// Whether `code` uses `name` as a word.
fn uses(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(code[..at].chars().next_back()) && !word(code[at + name.len()..].chars().next())
    })
}

#[test]
fn every_code_constant_is_used_unless_documented_as_reserved() {
    let sources = other_sources();
    let mut problems = Vec::new();
    for (code, (module, name)) in code_constants() {
        let explained = stdout(&run(&["explain", &code]));
        let reserved = explained.contains("What it means: Reserved (not emitted)");
        let used: Vec<&String> = sources.iter().filter(|(_, text)| uses(text, &name)).map(|(path, _)| path).collect();
        match (reserved, used.is_empty()) {
            (false, true) => problems
                .push(format!("{code} ({module} {name}) is emitted nowhere: use it, or document it as reserved")),
            (true, false) => {
                problems.push(format!("{code} ({module} {name}) is documented as reserved but used in {used:?}"))
            }
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("explain", name, &text);
}

#[test]
fn every_code_in_use_has_a_long_form() {
    let missing: Vec<String> = code_constants()
        .into_keys()
        .filter(|code| {
            let explained = stdout(&run(&["explain", code]));
            !explained.contains("What it means: Reserved (not emitted)") && !explained.contains("Explanations)")
        })
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a `### CODE` entry under docs/error-codes.md's Explanations: {missing:?}"
    );
}

#[test]
fn explanations_of_a_few_codes_and_the_lint_list() {
    for asked in ["AS0318", "AS0201", "AS0002", "utilisation", "AS0410", "as0502", "AS0553"] {
        let output = run(&["explain", asked]);
        assert_eq!(output.status.code(), Some(0), "{asked}: {}", String::from_utf8_lossy(&output.stderr));
        snapshot(&format!("explain_{asked}"), format!("$ air-stitch explain {asked}\n{}", stdout(&output)));
    }
    let output = run(&["explain", "--lints"]);
    assert_eq!(output.status.code(), Some(0));
    snapshot("explain_lints", stdout(&output));
}

#[test]
fn an_unknown_code_or_name_exits_2_with_a_clear_message() {
    let mut transcript = String::new();
    for asked in ["AS9999", "AS01", "utilization", "frobnicate"] {
        let output = run(&["explain", asked]);
        assert_eq!(output.status.code(), Some(2), "{asked}");
        assert!(output.stdout.is_empty(), "{asked}");
        transcript.push_str(&format!("$ air-stitch explain {asked}\n{}", String::from_utf8_lossy(&output.stderr)));
    }
    snapshot("explain_unknown", transcript);
}

#[test]
fn every_documented_code_falls_in_a_range_of_error_codes_md() {
    let output = run(&["explain", "--list"]);
    assert_eq!(output.status.code(), Some(0));
    let listed = stdout(&output);
    let without: Vec<&str> =
        listed.lines().filter(|line| line.split_once("  ").is_none_or(|(_, f)| f.is_empty())).collect();
    assert!(without.is_empty(), "codes under no range heading of docs/error-codes.md: {without:?}");
}

/// One example as `explain` prints it: whether it is the fixed form, the command, the files.
struct PrintedExample {
    fixed: bool,
    command: Vec<String>,
    files: Vec<(String, String)>,
}

/// The `Example: `air-stitch ...` reports CODE for` blocks of an explanation, each followed by
/// its files indented by four spaces (`//--- NAME` between several).
fn printed_examples(explained: &str) -> Vec<PrintedExample> {
    let lines: Vec<&str> = explained.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let fixed = line.starts_with("Fixed: `air-stitch ");
        if !fixed && !line.starts_with("Example: `air-stitch ") {
            continue;
        }
        let command = line.split('`').nth(1).unwrap().split_whitespace().skip(1).map(str::to_string).collect();
        let mut files: Vec<(String, String)> = Vec::new();
        for body in lines[i + 1..].iter().skip_while(|l| l.is_empty()) {
            if !body.is_empty() && !body.starts_with("    ") {
                break;
            }
            let body = body.strip_prefix("    ").unwrap_or(body);
            match body.strip_prefix("//--- ") {
                Some(name) => files.push((name.to_string(), String::new())),
                None => {
                    if files.is_empty() {
                        files.push(("example.mlir".to_string(), String::new()));
                    }
                    let text = &mut files.last_mut().unwrap().1;
                    text.push_str(body);
                    text.push('\n');
                }
            }
        }
        // The blank line after the block is not part of its last file.
        for (_, text) in &mut files {
            while text.ends_with("\n\n") {
                text.pop();
            }
        }
        out.push(PrintedExample { fixed, command, files });
    }
    out
}

/// check-bd examples that are not valid AIR on purpose (AIR is the judge of every other one:
/// a finding about IR the compiler would refuse is no finding).
const INVALID_AIR_CHECK_BD_EXAMPLES: &[&str] = &["AS0433"];

/// Codes whose examples need MLIR built in (feature `mlir`), and those whose examples need it
/// not (AS0541 is the note of a build without it; with it, MLIR finds AS0550's error first).
const NEEDS_MLIR: &[&str] = &["AS0530", "AS0531", "AS0532", "AS0540", "AS0542"];
const NEEDS_NO_MLIR: &[&str] = &["AS0541", "AS0550"];

#[test]
fn every_printed_example_reports_its_code() {
    let scratch = air_testkit::ScratchDir::new("explain");
    let air_opt = air_testkit::air_opt();
    let mut problems = Vec::new();
    let mut ran = 0;
    for code in documented_codes() {
        let needs = if cfg!(feature = "mlir") { NEEDS_NO_MLIR } else { NEEDS_MLIR };
        if needs.contains(&code.as_str()) {
            continue;
        }
        for (n, example) in printed_examples(&stdout(&run(&["explain", &code]))).into_iter().enumerate() {
            let needs_air_opt = example.command.iter().any(|a| a.starts_with("--air-opt"));
            if needs_air_opt && air_opt.is_none() {
                continue;
            }
            let dir = scratch.join(format!("{code}-{n}"));
            std::fs::create_dir_all(&dir).unwrap();
            for (name, text) in &example.files {
                std::fs::write(dir.join(name), text).unwrap();
            }
            let command = harness::air_stitch(&example.command).color_never().in_dir(&dir);
            let command = match &air_opt {
                Some(path) if needs_air_opt => command.env("AIR_OPT", path),
                _ => command.env_remove("AIR_OPT"),
            };
            let output = command.output();
            if let Some(judge) = air_opt.as_ref().filter(|_| example.command[0] == "check-bd" && !example.fixed) {
                for (name, text) in
                    example.files.iter().filter(|_| !INVALID_AIR_CHECK_BD_EXAMPLES.contains(&code.as_str()))
                {
                    let verdict = air_testkit::run_air_opt(judge, text.as_bytes(), false);
                    if !verdict.is_accepted() {
                        problems.push(format!("{code}: AIR rejects the check-bd example {name}: {verdict:?}"));
                    }
                }
            }
            let said = format!("{}{}", stdout(&output), String::from_utf8_lossy(&output.stderr));
            let reported = said.contains(&format!("[{code}]"));
            let exit = output.status.code().unwrap_or(-1);
            if !(0..=2).contains(&exit) || reported == example.fixed {
                let what = if example.fixed { "still reports" } else { "does not report" };
                problems.push(format!(
                    "{code}: `air-stitch {}` {what} it (exit {exit}):\n{said}",
                    example.command.join(" ")
                ));
            }
            ran += 1;
        }
    }
    eprintln!("{ran} examples run");
    assert!(ran > 20, "only {ran} examples");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

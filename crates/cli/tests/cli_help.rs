//! What the command line says about itself: every subcommand's `--help` (snapshotted under
//! `snapshots/cli/`), its examples run as written on the shipped files (an example that needs a
//! tool this machine lacks must end with the missing-tool message and exit status 2), the shell
//! completions and man pages generated from the clap definitions, and `--version`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use std::path::Path;
use std::process::{Command, Output};

/// The subcommands `air-stitch --help` lists (so a new one is checked here too), without `help`.
fn subcommands() -> Vec<String> {
    let help = text(&run(&["--help"]).stdout);
    let listed = help.lines().skip_while(|l| *l != "Commands:").skip(1).take_while(|l| !l.is_empty());
    // An entry is `  name  description`; its wrapped description lines start with more spaces.
    let names = listed.filter(|l| l.starts_with("  ") && !l.starts_with("   "));
    let names: Vec<String> = names.filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect();
    names.into_iter().filter(|n| n != "help").collect()
}

/// Subcommands that print no report of their own (generated text, documentation): they take
/// no --format. Every other subcommand reports as docs/diagnostics-json.md says.
const NOT_REPORTING: &[&str] = &["completions", "man", "explain"];

#[test]
fn every_reporting_subcommand_takes_format() {
    let subcommands = subcommands();
    assert!(subcommands.len() >= 9, "{subcommands:?}");
    for sub in &subcommands {
        let help = text(&run(&[sub, "--help"]).stdout);
        let takes_format = help.contains("--format <FORMAT>");
        assert_eq!(
            takes_format,
            !NOT_REPORTING.contains(&sub.as_str()),
            "`{sub}`: a subcommand that reports takes --format text|json (docs/diagnostics-json.md); one that does not is listed in NOT_REPORTING"
        );
    }
}

/// Runs `air-stitch ARGS` in the repository root, with no terminal width from the environment
/// (help is wrapped at clap's default, 100 columns).
fn run(args: &[&str]) -> Output {
    harness::air_stitch(args).in_repo().env_remove("COLUMNS").output()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch_dir(name: &str) -> air_testkit::ScratchDir {
    air_testkit::ScratchDir::new(&format!("cli-help-{name}"))
}

#[test]
fn every_help_matches_its_snapshot_and_fits_100_columns() {
    let mut pages = vec![("air-stitch".to_string(), run(&["--help"]))];
    for sub in subcommands() {
        pages.push((format!("air-stitch-{sub}"), run(&[&sub, "--help"])));
    }
    for (name, output) in pages {
        assert_eq!(output.status.code(), Some(0), "{name}: {}", text(&output.stderr));
        let help = text(&output.stdout);
        for line in help.lines() {
            assert!(line.chars().count() <= 100, "{name}: a help line is not wrapped: {line:?}");
        }
        harness::snapshot("cli", &format!("help-{name}"), &help);
    }
}

/// The commands under `Examples:` in a help text, continuation lines (`\`) joined.
fn examples(help: &str) -> Vec<String> {
    let mut commands: Vec<String> = Vec::new();
    let mut continued = false;
    for line in help.lines().skip_while(|l| !l.starts_with("Example")).skip(1) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            break;
        }
        let (body, continues) = match trimmed.strip_suffix('\\') {
            Some(body) => (body.trim_end(), true),
            None => (trimmed, false),
        };
        match commands.last_mut() {
            Some(last) if continued => {
                last.push(' ');
                last.push_str(body);
            }
            _ => commands.push(body.to_string()),
        }
        continued = continues;
    }
    commands
}

/// Runs an example with `sh` in `dir` (where `testdata` is the repository's), `air-stitch`
/// first on PATH, and `air_opt` as `$AIR_OPT` (or none: no AIR verifier anywhere).
fn run_example(example: &str, dir: &Path, air_opt: Option<&Path>) -> Output {
    let bin_dir = Path::new(harness::BIN).parent().unwrap();
    let mut command = Command::new("/bin/sh");
    command.arg("-c").arg(example).current_dir(dir).env_remove("COLUMNS");
    match air_opt {
        Some(air_opt) => command.env("AIR_OPT", air_opt).env("PATH", bin_dir),
        None => command.env_remove("AIR_OPT").env("PATH", bin_dir),
    };
    command.output().unwrap()
}

/// Subcommands whose job is to report failures found in their input (`triage` reads a failed
/// compile's log): their examples exit 1 when they report one, with its code.
const REPORTS_FAILURES: &[&str] = &["triage"];

/// Whether an example stopped at `compile`'s missing-tool message (aircc, AS0730), as its
/// closing line and exit status 2 say.
fn needs_aircc(output: &Output) -> bool {
    let stderr = text(&output.stderr);
    let stdout = text(&output.stdout);
    let said = format!("{stdout}{stderr}");
    said.contains("not compiled: aircc is missing") && (said.contains("[AS0730]") || said.contains("\"AS0730\""))
}

/// Whether an example stopped at the device boundary: no NPU here (a build without `xrt`, an
/// XRT without NPU support, no device; AS0930-AS0932), as `run`'s closing line and exit 2 say.
fn needs_npu(output: &Output) -> bool {
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let code = ["AS0930", "AS0931", "AS0932"]
        .iter()
        .any(|c| said.contains(&format!("[{c}]")) || said.contains(&format!("\"{c}\"")));
    output.status.code() == Some(2) && code && said.contains(": not run (AS093")
}

/// Whether an example stopped at check-merge's missing-device message (this machine has no
/// NPU), as its closing line and exit status 2 say.
fn needs_device(output: &Output) -> bool {
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    said.contains("not run: no device")
}

#[test]
fn every_help_example_runs_on_the_shipped_files() {
    let dir = scratch_dir("examples");
    std::os::unix::fs::symlink(repo_root().join("testdata"), dir.join("testdata")).unwrap();
    let air_opt = air_testkit::air_opt();
    let mut ran = 0;
    let mut failures = Vec::new();
    for sub in subcommands() {
        let help = text(&run(&[&sub, "--help"]).stdout);
        let examples = examples(&help);
        assert!(!examples.is_empty(), "`air-stitch {sub} --help` has no examples");
        for example in examples {
            assert!(example.starts_with(&format!("air-stitch {sub} ")), "{sub}: example `{example}`");
            ran += 1;
            // With AIR's verifier: every example succeeds, but for one that needs aircc, which
            // cannot be installed here: it ends with aircc's missing-tool message, exit 2.
            if let Some(air_opt) = &air_opt {
                let output = run_example(&example, &dir, Some(air_opt));
                let found = REPORTS_FAILURES.contains(&sub.as_str())
                    && output.status.code() == Some(1)
                    && (text(&output.stderr).contains("error[AS07")
                        || text(&output.stdout).contains("\"code\": \"AS07"));
                if output.status.code() != Some(0)
                    && !found
                    && !(output.status.code() == Some(2)
                        && (needs_aircc(&output) || needs_npu(&output) || needs_device(&output)))
                {
                    failures.push(format!("`{example}` with air-opt: {:?}\n{}", output.status, text(&output.stderr)));
                }
            }
            // Without it: success, or the missing-tool message and exit status 2.
            let output = run_example(&example, &dir, None);
            let stderr = text(&output.stderr);
            let missing_tool = stderr.trim_end().ends_with("(name it: --air-opt=PATH)")
                && stderr.contains("AIR's verifier was not found");
            let reported = REPORTS_FAILURES.contains(&sub.as_str())
                && (stderr.contains("error[AS07") || text(&output.stdout).contains("\"code\": \"AS07"));
            match output.status.code() {
                Some(0) => {}
                Some(1) if reported => {}
                Some(2) if missing_tool || needs_aircc(&output) || needs_npu(&output) || needs_device(&output) => {}
                code => failures.push(format!("`{example}` without air-opt: exit {code:?}\n{stderr}")),
            }
        }
    }
    assert!(ran >= 25, "only {ran} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn examples_are_read_with_their_continuation_lines() {
    let help = "Usage: x\n\nExamples:\n  air-stitch a b \\\n      c d\n  air-stitch e\n";
    assert_eq!(examples(help), ["air-stitch a b c d", "air-stitch e"]);
}

#[test]
fn shell_completions_are_generated_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = run(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}: {}", text(&output.stderr));
        let script = text(&output.stdout);
        for word in ["check-bd", "merge", "omit-ping-pong-transform", "format"] {
            assert!(script.contains(word), "{shell} completions do not know `{word}`");
        }
    }
    // The bash script is valid bash.
    let dir = scratch_dir("completions");
    let script = dir.join("air-stitch.bash");
    std::fs::write(&script, run(&["completions", "bash"]).stdout).unwrap();
    let check = Command::new("bash").arg("-n").arg(&script).output().unwrap();
    assert!(check.status.success(), "bash -n: {}", text(&check.stderr));
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn man_pages_are_generated_for_the_command_and_each_subcommand() {
    let output = run(&["man"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let page = text(&output.stdout);
    assert!(page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH air-stitch"), "{page}");
    assert!(page.contains(".TH air-stitch 1"), "{page}");
    assert!(page.contains("check\\-bd"), "the page lists the subcommands");
    let dir = scratch_dir("man");
    let out = dir.join("pages");
    let output = run(&["man", "--out-dir", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let mut written: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    written.sort();
    let mut expected: Vec<String> = subcommands().iter().map(|s| format!("air-stitch-{s}.1")).collect();
    expected.push("air-stitch.1".to_string());
    expected.sort();
    assert_eq!(written, expected);
    let merge = std::fs::read_to_string(out.join("air-stitch-merge.1")).unwrap();
    assert!(merge.contains(".TH air-stitch-merge 1") && merge.contains("\\-\\-prefix"), "{merge}");
}

#[test]
fn version_names_the_build_commit_features_and_tools() {
    let short = text(&run(&["-V"]).stdout);
    let version = env!("CARGO_PKG_VERSION");
    assert!(short.starts_with(&format!("air-stitch {version} (commit ")), "{short}");
    // The commit is the checkout's when built in git (the build script asks git).
    let head = Command::new("git").args(["rev-parse", "--short=12", "HEAD"]).current_dir(repo_root()).output();
    if let Some(head) = head.ok().filter(|h| h.status.success()) {
        let head = text(&head.stdout).trim().to_string();
        // A commit made after this binary was built moves HEAD: the build script's watch makes
        // the next build embed it, so compare only when the binary is not older than HEAD.
        if short.contains(&head) {
            assert!(text(&run(&["--version"]).stdout).contains(&format!("commit: {head}")));
        }
    }
    let dir = scratch_dir("version");
    let fake = dir.join("air-opt");
    std::fs::write(&fake, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let long = |air_opt: Option<&Path>, path: &Path| {
        let command = harness::air_stitch(["--version"]).env("PATH", path);
        let command = match air_opt {
            Some(air_opt) => command.env("AIR_OPT", air_opt),
            None => command.env_remove("AIR_OPT"),
        };
        text(&command.output().stdout)
    };
    let built: Vec<&str> = [("mlir", cfg!(feature = "mlir")), ("xrt", cfg!(feature = "xrt"))]
        .iter()
        .filter(|(_, on)| *on)
        .map(|(name, _)| *name)
        .collect();
    let features = if built.is_empty() { "none (the default build)".to_string() } else { built.join(", ") };
    let with_env = long(Some(&fake), Path::new("/nonexistent"));
    let lines: Vec<&str> = with_env.lines().collect();
    assert_eq!(lines.len(), 4, "{with_env}");
    assert_eq!(lines[0], format!("air-stitch {version}"));
    assert!(lines[1].starts_with("commit: "), "{with_env}");
    assert_eq!(lines[2], format!("features: {features}"));
    assert_eq!(lines[3], format!("air-opt: {} (from $AIR_OPT)", fake.display()));
    let on_path = long(None, &dir);
    assert!(on_path.ends_with(&format!("air-opt: {} (from PATH)\n", fake.display())), "{on_path}");
    let none = long(None, Path::new("/nonexistent"));
    assert!(none.ends_with("air-opt: not found ($AIR_OPT is not set and there is no `air-opt` on PATH)\n"), "{none}");
    // Every subcommand answers --version the same way.
    assert_eq!(text(&run(&["merge", "-V"]).stdout), short.replace("air-stitch", "air-stitch-merge"));
}

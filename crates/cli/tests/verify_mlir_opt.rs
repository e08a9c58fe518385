//! The mlir-opt round trip over the upstream corpus: for every valid corpus file (MANIFEST
//! `expect_invalid = no`), `air-stitch print --generic` must either convert it completely
//! and have `mlir-opt-22 --allow-unregistered-dialect` accept the result, or fail for a known
//! reason. The snapshot lists every file that does not pass, with the reason class and the
//! first message; `docs/verify.md` explains the classes. Runs whenever `mlir-opt-22` exists
//! and fails (not skips) under `CI=true` when it does not.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn corpus_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("AIR_STITCH_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    for ancestor in Path::new(env!("CARGO_MANIFEST_DIR")).ancestors() {
        let candidate = ancestor.join("shared/corpus/mlir-air");
        if candidate.is_dir() {
            return Some(candidate);
        }
    }
    let fallback = PathBuf::from("/work/shared/corpus/mlir-air");
    if fallback.is_dir() {
        return Some(fallback);
    }
    assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "the mlir-air corpus was not found; set AIR_STITCH_CORPUS");
    None
}

fn mlir_opt() -> Option<PathBuf> {
    for candidate in ["mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt"] {
        let works = Command::new(candidate)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if works {
            return Some(PathBuf::from(candidate));
        }
    }
    assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "mlir-opt-22 not found (install mlir-22-tools)");
    None
}

/// What happened to one file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Accepted,
    /// `print --generic` reported ops it cannot convert (first diagnostic line).
    NotConverted(String),
    /// mlir-opt rejected the generic form (reason class, first error message).
    Rejected(&'static str, String),
}

/// Groups mlir-opt's message into the reasons `docs/verify.md` explains.
fn reason(message: &str) -> &'static str {
    if message.contains("cannot be used as a dimension id") || message.contains("cannot be used as a symbol") {
        "affine op inside an unregistered AIR op (no AffineScope)"
    } else if message.contains("does not reference a valid function") || message.contains("does not reference a symbol")
    {
        "symbol lookup stops at an unregistered AIR op (possible symbol table)"
    } else if message.contains("unsupported memory space") {
        "#air.symmetric_heap memory space needs AIR's attribute"
    } else {
        "upstream syntax or semantics changed since the corpus' MLIR"
    }
}

fn run(mlir_opt: &Path, path: &Path, split: bool) -> Outcome {
    let mut args = vec!["print", "--generic", "--color", "never"];
    if split {
        args.push("--split-input-file");
    }
    let generic = Command::new(env!("CARGO_BIN_EXE_air-stitch")).args(&args).arg(path).output().expect("air-stitch");
    if !generic.status.success() {
        let stderr = String::from_utf8_lossy(&generic.stderr);
        let first = stderr.lines().next().unwrap_or("").to_string();
        return Outcome::NotConverted(first);
    }
    let mut command = Command::new(mlir_opt);
    command.arg("--allow-unregistered-dialect");
    if split {
        command.arg("--split-input-file");
    }
    let mut child = command
        .args(["-o", "/dev/null", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mlir-opt");
    let mut stdin = child.stdin.take().unwrap();
    let text = generic.stdout;
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&text);
    });
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    if output.status.success() {
        return Outcome::Accepted;
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let first = stderr.lines().find(|l| l.contains("error: ")).unwrap_or("").to_string();
    let message = first.split_once("error: ").map(|(_, m)| m.to_string()).unwrap_or(first);
    Outcome::Rejected(reason(&message), message)
}

#[test]
fn valid_corpus_files_in_generic_form_pass_mlir_opt_except_the_listed_ones() {
    let (Some(dir), Some(mlir_opt)) = (corpus_dir(), mlir_opt()) else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let files: Vec<(String, bool)> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 5 && cols[4] == "no").then(|| (cols[0].to_string(), cols[3] == "yes"))
        })
        .collect();
    // Two workers: the machine has two cores.
    let half = files.len().div_ceil(2);
    let outcomes: Vec<(String, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(half.max(1))
            .map(|part| {
                let (dir, mlir_opt) = (&dir, &mlir_opt);
                scope.spawn(move || {
                    part.iter()
                        .map(|(rel, split)| (rel.clone(), run(mlir_opt, &dir.join(rel), *split)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });

    let accepted = outcomes.iter().filter(|(_, o)| *o == Outcome::Accepted).count();
    let not_converted = outcomes.iter().filter(|(_, o)| matches!(o, Outcome::NotConverted(_))).count();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut details = String::new();
    for (rel, outcome) in &outcomes {
        match outcome {
            Outcome::Accepted => {}
            Outcome::NotConverted(first) => writeln!(details, "{rel}: not converted: {first}").unwrap(),
            Outcome::Rejected(class, message) => {
                *classes.entry(class).or_default() += 1;
                writeln!(details, "{rel}: mlir-opt: [{class}] {message}").unwrap();
            }
        }
    }
    let mut report = format!(
        "{} valid corpus files: {accepted} accepted by mlir-opt-22 after conversion, {not_converted} not convertible (custom syntax of non-AIR dialects), {} rejected\n",
        outcomes.len(),
        outcomes.len() - accepted - not_converted
    );
    for (class, count) in &classes {
        writeln!(report, "  {count} rejected: {class}").unwrap();
    }
    report.push('\n');
    report.push_str(&details);
    insta::with_settings!({
        snapshot_path => "../../../snapshots/verify",
        prepend_module_to_snapshot => false,
        description => "air-stitch print --generic | mlir-opt-22 --allow-unregistered-dialect, every valid corpus file",
    }, {
        insta::assert_snapshot!("corpus_mlir_opt", report);
    });
}

//! The mlir-opt round trip over the upstream corpus: for every valid corpus file (manifest
//! `expect = valid`), `air-stitch print --generic --for-mlir` must either convert it
//! completely and have `mlir-opt-22 --allow-unregistered-dialect` accept the result, or fail
//! for a known reason. The snapshot lists every file that does not pass, with the reason class and the
//! first message; `docs/verify.md` explains the classes. Runs whenever `mlir-opt-22` exists
//! and fails (not skips) under `CI=true` when it does not.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

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
    let mut args = vec!["print", "--generic", "--for-mlir", "--color", "never"];
    if split {
        args.push("--split-input-file");
    }
    let generic = harness::air_stitch(&args).arg(path).output();
    if !generic.status.success() {
        let stderr = String::from_utf8_lossy(&generic.stderr);
        let first = stderr.lines().next().unwrap_or("").to_string();
        return Outcome::NotConverted(first);
    }
    let Err(stderr) = air_testkit::run_mlir_opt(mlir_opt, &generic.stdout, split) else {
        return Outcome::Accepted;
    };
    let first = stderr.lines().find(|l| l.contains("error: ")).unwrap_or("").to_string();
    let message = first.split_once("error: ").map(|(_, m)| m.to_string()).unwrap_or(first);
    Outcome::Rejected(reason(&message), message)
}

#[test]
fn valid_corpus_files_in_generic_form_pass_mlir_opt_except_the_listed_ones() {
    let (Some(dir), Some(mlir_opt)) = (air_testkit::corpus_dir(), air_testkit::mlir_opt()) else { return };
    let files: Vec<air_testkit::CorpusFile> = air_testkit::corpus_files(&dir).into_iter().filter(|f| f.valid).collect();
    // Two workers: the machine has two cores.
    let half = files.len().div_ceil(2);
    let outcomes: Vec<(String, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(half.max(1))
            .map(|part| {
                let mlir_opt = &mlir_opt;
                scope.spawn(move || {
                    part.iter().map(|f| (f.relpath.clone(), run(mlir_opt, &f.path, f.split))).collect::<Vec<_>>()
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
    harness::Snapshot::new("verify", "corpus_mlir_opt")
        .description(
            "air-stitch print --generic --for-mlir | mlir-opt-22 --allow-unregistered-dialect, every valid corpus file",
        )
        .assert(&report);
}

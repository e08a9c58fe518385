//! `print --generic` against the real readers.
//!
//! Generic form = AIR's generic form: for every file and chunk AIR's own parser accepts in
//! custom form (the shipped kernels, `testdata/verify/generic`, every chunk of every valid
//! upstream corpus file), `air-stitch print --generic`, re-printed by `air-opt
//! --mlir-print-op-generic`, must be identical to `air-opt --mlir-print-op-generic` of the
//! custom form. Which chunks AIR accepts is computed here, at test time: today AIR rejects the
//! four GEMM kernels (issue 8, item 2), and fixing them adds them to the test. Each side is one
//! batched `--split-input-file` run (one air-opt process costs 20-40 ms).
//!
//! MLIR without AIR: `print --generic --for-mlir` of every shipped kernel is accepted by
//! `mlir-opt-22 --allow-unregistered-dialect`.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_syntax::SPLIT_MARKER;
use air_testkit::{repo_root, AirVerdict};
use std::path::{Path, PathBuf};

/// One chunk to compare: where it comes from, its custom form, and its `print --generic`
/// (`None` when print could not convert it).
struct Unit {
    label: String,
    custom: String,
    generic: Option<String>,
}

/// A file to cut into units.
struct Source {
    label: String,
    path: PathBuf,
    split: bool,
}

fn print_generic(path: &Path, split: bool) -> (bool, String) {
    let mut command = harness::air_stitch(["print", "--generic", "--color", "never"]);
    if split {
        command = command.arg("--split-input-file");
    }
    let output = command.arg(path).output();
    (output.status.success(), String::from_utf8_lossy(&output.stdout).into_owned())
}

/// One chunk alone through stdin (to tell which chunk of a file print could not convert).
fn print_generic_chunk(chunk: &str) -> Option<String> {
    let output = harness::air_stitch(["print", "--generic", "--color", "never", "-"]).stdin(chunk.as_bytes()).output();
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

fn units_of(source: &Source) -> Vec<Unit> {
    let text = std::fs::read_to_string(&source.path).unwrap();
    let chunks: Vec<&str> = if source.split {
        air_syntax::split_input_file(&text).into_iter().map(|c| c.text).collect()
    } else {
        vec![&text]
    };
    let (ok, printed) = print_generic(&source.path, source.split);
    let generics: Vec<Option<String>> = if ok {
        // Unsplit, a `// -----` in the text is a comment, and printed as one.
        let pieces: Vec<String> =
            if source.split { printed.split(SPLIT_MARKER).map(str::to_string).collect() } else { vec![printed] };
        assert_eq!(pieces.len(), chunks.len(), "{}: print --generic changed the number of chunks", source.label);
        pieces.into_iter().map(Some).collect()
    } else {
        chunks.iter().map(|chunk| print_generic_chunk(chunk)).collect()
    };
    let many = chunks.len() > 1;
    chunks
        .iter()
        .zip(generics)
        .enumerate()
        .map(|(idx, (chunk, generic))| Unit {
            label: if many { format!("{} (chunk {})", source.label, idx + 1) } else { source.label.clone() },
            custom: chunk.to_string(),
            generic,
        })
        .collect()
}

/// The shipped kernels, `testdata/verify/generic`, and the valid corpus files.
fn sources() -> Vec<Source> {
    let root = repo_root();
    let mut sources = Vec::new();
    for dir in ["testdata/kernels", "testdata/verify/generic"] {
        for path in air_testkit::sorted_files(&root.join(dir), "mlir") {
            let text = std::fs::read_to_string(&path).unwrap();
            let label = path.strip_prefix(&root).unwrap().display().to_string();
            sources.push(Source { label, split: text.contains(SPLIT_MARKER), path });
        }
    }
    if let Some(dir) = air_testkit::corpus_dir() {
        for file in air_testkit::corpus_files(&dir).into_iter().filter(|f| f.valid) {
            sources.push(Source { label: format!("corpus {}", file.relpath), path: file.path, split: file.split });
        }
    }
    sources
}

/// `air-opt --mlir-print-op-generic` of the chunks, one output per chunk (empty where AIR
/// rejects the chunk): one `--split-input-file` run for the batch. A chunk with a `// -----`
/// comment (a file upstream checks whole) cannot be one chunk of a batch: it runs alone.
fn air_generic(air_opt: &Path, chunks: &[&str]) -> Vec<String> {
    let whole = |chunk: &str| chunk.contains(SPLIT_MARKER);
    let batch: Vec<&str> = chunks.iter().copied().filter(|c| !whole(c)).collect();
    let mut batched = air_generic_run(air_opt, &batch.join(&format!("\n{SPLIT_MARKER}\n")), true).into_iter();
    if !batch.is_empty() {
        assert_eq!(batched.len(), batch.len(), "air-opt printed a different number of chunks");
    }
    chunks
        .iter()
        .map(|chunk| {
            if whole(chunk) {
                air_generic_run(air_opt, chunk, false).concat()
            } else {
                batched.next().unwrap_or_default()
            }
        })
        .collect()
}

/// One air-opt run: its output cut into chunks (when split), or nothing when AIR rejects it.
fn air_generic_run(air_opt: &Path, text: &str, split: bool) -> Vec<String> {
    let (verdict, stdout) =
        air_testkit::run_air_opt_output(air_opt, text.as_bytes(), split, &["--mlir-print-op-generic"]);
    if let AirVerdict::Crashed(why) = verdict {
        panic!("air-opt crashed, so it judged nothing: {why}");
    }
    if !split {
        return vec![if verdict.is_accepted() { stdout } else { String::new() }];
    }
    stdout.split(&format!("{SPLIT_MARKER}\n")).map(str::to_string).collect()
}

/// The first line where two texts differ, for the failure report.
fn first_difference(want: &str, got: &str) -> String {
    let line = want
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(want.lines().count().min(got.lines().count()));
    format!(
        "line {}:\n    air-opt of the custom form:   {}\n    air-opt of print --generic: {}",
        line + 1,
        want.lines().nth(line).unwrap_or("<end>"),
        got.lines().nth(line).unwrap_or("<end>")
    )
}

#[test]
fn print_generic_is_air_generic_form_for_every_chunk_air_accepts() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let sources = sources();
    // Two workers: the machine has two cores.
    let half = sources.len().div_ceil(2).max(1);
    let units: Vec<Unit> = std::thread::scope(|scope| {
        let workers: Vec<_> = sources
            .chunks(half)
            .map(|part| scope.spawn(move || part.iter().flat_map(units_of).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    let custom: Vec<&str> = units.iter().map(|u| u.custom.as_str()).collect();
    let wanted = air_generic(&air_opt, &custom);
    let accepted: Vec<(&Unit, &String)> = units.iter().zip(&wanted).filter(|(_, want)| !want.is_empty()).collect();
    let mut failures = Vec::new();
    let mut compared: Vec<(&Unit, &String)> = Vec::new();
    for (unit, want) in &accepted {
        match &unit.generic {
            Some(_) => compared.push((unit, want)),
            None => failures.push(format!("{}: AIR accepts it, but print --generic cannot convert it", unit.label)),
        }
    }
    let generic: Vec<&str> = compared.iter().map(|(u, _)| u.generic.as_deref().unwrap_or("")).collect();
    let got = air_generic(&air_opt, &generic);
    let mut identical = 0;
    for ((unit, want), got) in compared.iter().zip(&got) {
        if got.is_empty() {
            let generic = unit.generic.as_deref().unwrap_or("");
            let why = match air_testkit::run_air_opt(&air_opt, generic.as_bytes(), false) {
                AirVerdict::Rejected(stderr) | AirVerdict::Crashed(stderr) => {
                    stderr.lines().find(|l| l.contains("error")).unwrap_or("").to_string()
                }
                AirVerdict::Accepted => "accepted alone".to_string(),
            };
            failures.push(format!("{}: AIR accepts the custom form but rejects print --generic's: {why}", unit.label));
        } else if *want != got {
            failures.push(format!("{}: {}", unit.label, first_difference(want, got)));
        } else {
            identical += 1;
        }
    }
    eprintln!(
        "{} chunks from {} files: AIR accepts {}, all converted and identical: {identical}",
        units.len(),
        sources.len(),
        accepted.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} chunks AIR accepts differ:\n{}",
        failures.len(),
        accepted.len(),
        failures.join("\n")
    );
    // Not vacuous: the shipped kernels AIR accepts, and (when the corpus is there) its chunks.
    let kernels = accepted.iter().filter(|(u, _)| u.label.starts_with("testdata/kernels/")).count();
    assert!(kernels >= 13, "only {kernels} shipped kernels accepted by AIR");
    if air_testkit::corpus_dir().is_some() {
        assert!(identical >= 600, "only {identical} chunks compared");
    }
}

#[test]
fn print_generic_for_mlir_is_accepted_by_mlir_opt_for_every_shipped_kernel() {
    let Some(mlir_opt) = air_testkit::mlir_opt() else { return };
    let kernels = air_testkit::sorted_files(&repo_root().join("testdata/kernels"), "mlir");
    assert!(kernels.len() >= 17, "expected the shipped kernels");
    let mut failures = Vec::new();
    for kernel in &kernels {
        let output = harness::air_stitch(["print", "--generic", "--for-mlir", "--color", "never"]).arg(kernel).output();
        assert!(output.status.success(), "{}: {}", kernel.display(), String::from_utf8_lossy(&output.stderr));
        if let Err(stderr) = air_testkit::run_mlir_opt(&mlir_opt, &output.stdout, false) {
            failures.push(format!("{}: {}", kernel.display(), stderr.lines().next().unwrap_or("")));
        }
    }
    assert!(failures.is_empty(), "mlir-opt-22 rejects --for-mlir output:\n{}", failures.join("\n"));
}

#[test]
fn for_mlir_needs_generic() {
    let output = harness::air_stitch(["print", "--for-mlir", "testdata/kernels/add_2048.mlir"]).in_repo().output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--generic"), "{stderr}");
}

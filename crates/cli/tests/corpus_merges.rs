//! Zero-config merges of the upstream corpus, judged by AIR's own verifier: every valid corpus
//! file (manifest `expect = valid`) that AIR accepts is merged alone, as a user would
//! (`air-stitch merge FILE -o OUT`, run in the corpus directory), and every two consecutive files
//! that merge alone are merged together. AIR must accept every output; among them are the files
//! with a bare herd, which the merge wraps in `air.launch`/`air.segment` (plain and async IR).
//! A file that cannot be merged must say why with a diagnostic (exit status 1, never an
//! internal error, never invalid AIR).
//!
//! Not inputs: the corpus files AIR itself rejects. The snapshot lists each with AIR's first
//! error (mostly ops of dialects `air-opt` does not register: `aie.*`, `transform.*`), then the
//! files that cannot be merged with their diagnostic, then the bare-herd files that were wrapped.
//! Skipped when the corpus or AIR's verifier is missing, except under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_syntax::views::{all_ops, Hierarchy, HierarchyKind, Op};
use air_testkit::{AirVerdict, CorpusFile};
mod harness;

use std::fmt::Write as _;
use std::path::Path;

/// The upstream files issue 8 found merged into invalid AIR (an L3 buffer allocated in an
/// `air.execute` moved into the wrapper's segment): they must be among the wrapped ones.
const ASYNC_BARE_HERDS: &[&str] = &[
    "mlir/test/Conversion/AIRToAIE/async_gemm_to_locks.mlir",
    "mlir/test/Conversion/AIRToAIE/async_gemm_to_objectfifo.mlir",
    "mlir/test/Conversion/AIRToAIE/async_gemm_w_pingpong_to_locks.mlir",
    "mlir/test/Transform/AIRDmaToChannel/dma_to_channel_nested_par_in_herd.mlir",
    "test/airhost/48_air_mmult_2x2_channel/air.mlir",
    "test/airhost/49_air_mmult_2x2_channel_pingpong/air.mlir",
    "test/airhost/51_air_mmult_2x2_channel_broadcast/air.mlir",
];

/// What merging one file alone gave.
enum Alone {
    /// AIR rejects the file itself: not an input (its first error line).
    Excluded(String),
    /// The merged module.
    Merged(String),
    /// The merge refused, with this first diagnostic line.
    Refused(String),
}

/// Whether the text has a herd with no launch or segment around it.
fn has_bare_herd(text: &str) -> bool {
    let parse = air_syntax::parse(text);
    let bare = all_ops(parse.tree.root()).any(|op| {
        Hierarchy::cast(op).is_some_and(|h| h.kind == HierarchyKind::Herd)
            && !op
                .node()
                .ancestors()
                .skip(1)
                .filter_map(Op::cast)
                .any(|a| matches!(a.name(), "air.launch" | "air.segment"))
    });
    bare
}

/// AIR's first error line, without the `<stdin>` path.
fn first_error(stderr: &str) -> String {
    let line = stderr.lines().find(|l| l.contains("error: ")).unwrap_or(stderr.lines().next().unwrap_or(""));
    line.strip_prefix("<stdin>:").unwrap_or(line).to_string()
}

/// `air-stitch merge --color never ARGS -o OUT` in `dir`: the module, or the exit status and stderr.
fn merge(dir: &Path, inputs: &[&str], out: &Path) -> Result<String, (Option<i32>, String)> {
    let output =
        harness::air_stitch(["merge", "--color", "never"]).in_dir(dir).args(inputs).arg("-o").arg(out).output();
    if output.status.success() {
        Ok(std::fs::read_to_string(out).unwrap())
    } else {
        Err((output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned()))
    }
}

/// Judges each file in the corpus directory, merging it alone when AIR accepts it.
fn merge_alone(air_opt: &Path, dir: &Path, scratch: &Path, files: &[CorpusFile]) -> Vec<Alone> {
    std::fs::create_dir_all(scratch).unwrap();
    files
        .iter()
        .enumerate()
        .map(|(idx, file)| {
            let text = std::fs::read_to_string(&file.path).unwrap();
            match air_testkit::run_air_opt(air_opt, text.as_bytes(), file.split) {
                AirVerdict::Accepted => {}
                AirVerdict::Rejected(stderr) => return Alone::Excluded(first_error(&stderr)),
                AirVerdict::Crashed(message) => panic!("{}: {message}", file.relpath),
            }
            match merge(dir, &[&file.relpath], &scratch.join(format!("alone{idx}.mlir"))) {
                Ok(module) => Alone::Merged(module),
                Err((code, stderr)) => {
                    let first = stderr.lines().next().unwrap_or("").to_string();
                    // A refusal is a diagnostic with exit status 1, never a crash or a bug.
                    assert!(
                        code == Some(1) && first.starts_with("error[AS") && !stderr.contains("AS0330"),
                        "{}: merge failed without a proper diagnostic (exit {code:?}):\n{stderr}",
                        file.relpath
                    );
                    Alone::Refused(first)
                }
            }
        })
        .collect()
}

/// Runs `work` on each item with two workers (the machine has two cores), keeping the order.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&[T]) -> Vec<R> + Sync) -> Vec<R> {
    let half = items.len().div_ceil(2).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = items.chunks(half).map(|part| scope.spawn(|| work(part))).collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    })
}

/// AIR's verdict on each `(name, module)`: one `--split-input-file` run for all of them, and one
/// run per module only when that batch is refused (to name the culprits).
fn rejected_by_air(air_opt: &Path, modules: &[(String, String)]) -> Vec<String> {
    let batch: Vec<&str> = modules.iter().map(|(_, m)| m.as_str()).collect();
    if air_testkit::run_air_opt(air_opt, batch.join("\n// -----\n").as_bytes(), true).is_accepted() {
        return Vec::new();
    }
    modules
        .iter()
        .filter_map(|(name, module)| match air_testkit::run_air_opt(air_opt, module.as_bytes(), false) {
            AirVerdict::Accepted => None,
            AirVerdict::Rejected(stderr) | AirVerdict::Crashed(stderr) => Some(format!("{name}: {stderr}")),
        })
        .collect()
}

#[test]
fn corpus_files_merge_alone_and_in_consecutive_pairs_into_valid_air() {
    let (Some(dir), Some(air_opt)) = (air_testkit::corpus_dir(), air_testkit::air_opt()) else { return };
    let files: Vec<CorpusFile> = air_testkit::corpus_files(&dir).into_iter().filter(|f| f.valid).collect();
    let scratch = air_testkit::ScratchDir::new("corpus-merges");
    let indexed: Vec<(usize, &CorpusFile)> = files.iter().enumerate().collect();
    let alone: Vec<Alone> = in_parallel(&indexed, |part| {
        let (offset, _) = part[0];
        let files: Vec<CorpusFile> = part.iter().map(|(_, f)| (*f).clone()).collect();
        merge_alone(&air_opt, &dir, &scratch.join(format!("w{offset}")), &files)
    });

    // Merged alone: every output is valid AIR.
    let mut merged: Vec<(&CorpusFile, &String)> = Vec::new();
    let (mut excluded, mut refused, mut wrapped) = (String::new(), String::new(), String::new());
    for (file, outcome) in files.iter().zip(&alone) {
        match outcome {
            Alone::Excluded(reason) => writeln!(excluded, "{}: {reason}", file.relpath).unwrap(),
            Alone::Refused(first) => writeln!(refused, "{}: {first}", file.relpath).unwrap(),
            Alone::Merged(module) => {
                merged.push((file, module));
                if has_bare_herd(&std::fs::read_to_string(&file.path).unwrap()) {
                    writeln!(wrapped, "{}", file.relpath).unwrap();
                }
            }
        }
    }
    let alone_modules: Vec<(String, String)> =
        merged.iter().map(|(f, m)| (format!("merge {}", f.relpath), (*m).clone())).collect();
    let mut failures = rejected_by_air(&air_opt, &alone_modules);
    for relpath in ASYNC_BARE_HERDS {
        if !wrapped.lines().any(|l| l == *relpath) {
            failures.push(format!("{relpath}: not among the wrapped bare-herd files"));
        }
    }

    // Consecutive pairs, as copies with distinct stems (two `air.mlir` would share a prefix).
    let pair_dir = scratch.join("pairs");
    std::fs::create_dir_all(&pair_dir).unwrap();
    let copies: Vec<String> = merged
        .iter()
        .enumerate()
        .map(|(idx, (file, _))| {
            let stem = file.path.file_stem().unwrap().to_string_lossy();
            let name = format!("f{idx:03}_{stem}.mlir");
            std::fs::copy(&file.path, pair_dir.join(&name)).unwrap();
            name
        })
        .collect();
    let pairs: Vec<(usize, &[String])> = copies.windows(2).enumerate().collect();
    let pair_results: Vec<Result<(String, String), String>> = in_parallel(&pairs, |part| {
        part.iter()
            .map(|(idx, pair)| {
                let name = format!("merge {} {}", merged[*idx].0.relpath, merged[idx + 1].0.relpath);
                match merge(&pair_dir, &[&pair[0], &pair[1]], &pair_dir.join(format!("pair{idx}.out"))) {
                    Ok(module) => Ok((name, module)),
                    Err((code, stderr)) => Err(format!("{name}: exit {code:?}:\n{stderr}")),
                }
            })
            .collect()
    });
    let mut pair_modules = Vec::new();
    for result in pair_results {
        match result {
            Ok(module) => pair_modules.push(module),
            Err(failure) => failures.push(failure),
        }
    }
    failures.extend(rejected_by_air(&air_opt, &pair_modules));
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));

    let report = format!(
        "{} valid corpus files: {} excluded (AIR rejects them), {} merged alone ({} with a bare herd, wrapped), {} refused with a diagnostic; {} consecutive pairs merged; AIR accepts every merged module\n\n--- excluded: AIR rejects the file itself ---\n{excluded}\n--- refused: cannot be merged alone ---\n{refused}\n--- wrapped: bare herds merged alone ---\n{wrapped}",
        files.len(),
        excluded.lines().count(),
        merged.len(),
        wrapped.lines().count(),
        refused.lines().count(),
        pair_modules.len(),
    );
    harness::Snapshot::new("merge", "corpus_merges")
        .description(
            "zero-config merges of every valid corpus file alone and in consecutive pairs, judged by AIR's verifier",
        )
        .assert(&report);
}

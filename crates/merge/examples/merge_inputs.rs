//! The inputs of the merge benchmarks as files, and a loop over one phase for profilers.
//!
//! `cargo run --release -p air-merge --example merge_inputs -- write DIR` writes
//! `DIR/few_large/` (3 synthetic slices, 1.9 MB) and `DIR/many_small_{0.8,1.6}MB/` (upstream test
//! files that merge together, repeated), each with `files.txt` listing the slices in order, for
//! `tools/merge-vs-stitch-elf.py`. `... -- loop DIR/SHAPE PHASE N` runs one phase N times on those files
//! (`perf record` on it gives the profile in docs/performance.md).
#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

#[path = "../benches/common/mod.rs"]
mod common;

use air_diagnostics::FileId;
use air_merge::merge::phases;
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::slice::ParsedSlice;
use air_testkit::synthetic::synthetic_slice;
use common::corpus_slices;
use std::path::Path;

type Input = Vec<(String, String)>;

fn shape(name: &str) -> Input {
    match name {
        "few_large" => (0..3).map(|idx| (format!("s{idx}.mlir"), synthetic_slice(240))).collect(),
        "many_small_0.8MB" => corpus_slices(&candidates(), 800_000),
        "many_small_1.6MB" => corpus_slices(&candidates(), 1_600_000),
        other => panic!("unknown shape {other}: few_large, many_small_0.8MB, many_small_1.6MB"),
    }
}

fn candidates() -> Input {
    let dir = air_testkit::corpus_dir().expect("the upstream corpus");
    air_testkit::corpus_files(&dir)
        .into_iter()
        .filter(|file| file.valid && !file.split)
        .filter_map(|file| Some((file.relpath, std::fs::read_to_string(&file.path).ok()?)))
        .collect()
}

fn write(dir: &Path) {
    for name in ["few_large", "many_small_0.8MB", "many_small_1.6MB"] {
        let out = dir.join(name);
        std::fs::create_dir_all(&out).unwrap();
        let mut list = String::new();
        for (idx, (file, text)) in shape(name).iter().enumerate() {
            // One directory per slice keeps the stems (the prefixes) of the originals.
            let stem = Path::new(file).file_name().unwrap().to_string_lossy().into_owned();
            let path = format!("{idx:04}/{stem}");
            std::fs::create_dir_all(out.join(format!("{idx:04}"))).unwrap();
            std::fs::write(out.join(&path), text).unwrap();
            list.push_str(&path);
            list.push('\n');
        }
        std::fs::write(out.join("files.txt"), list).unwrap();
        eprintln!("wrote {}", out.display());
    }
}

/// The slices of a directory `write` made (so that a profile holds no set-up).
fn read_dir(dir: &Path) -> Input {
    let list = std::fs::read_to_string(dir.join("files.txt")).expect("files.txt");
    list.lines().map(|file| (file.to_string(), std::fs::read_to_string(dir.join(file)).unwrap())).collect()
}

fn run_loop(dir: &Path, phase: &str, n: usize) {
    let input = read_dir(dir);
    let parse_all = || -> Vec<ParsedSlice> {
        input.iter().enumerate().map(|(i, (f, t))| ParsedSlice::new(FileId(i as u32), f.clone(), t)).collect()
    };
    let slices = parse_all();
    let plan = zero_config_plan("fused", &slices, &[], &Default::default()).expect("plan");
    let mut checked = phases::check(&plan, &slices).ok().unwrap();
    let shared = phases::passes(&plan, &mut checked).ok().unwrap();
    let assembled = phases::assembly(&plan, &checked);
    for _ in 0..n {
        match phase {
            "parse" => drop(parse_all()),
            "check" => drop(phases::check(&plan, &slices).ok()),
            "passes" => drop(phases::passes(&plan, &mut phases::check(&plan, &slices).ok().unwrap()).ok()),
            "assembly" => drop(phases::assembly(&plan, &checked)),
            "equivalence" => drop(phases::equivalence(&checked, &assembled, &shared, 1)),
            "equivalence2" => drop(phases::equivalence(&checked, &assembled, &shared, 2)),
            "final_parse" => drop(air_syntax::parse(&assembled.text)),
            other => panic!("unknown phase {other}"),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["write", dir] => write(Path::new(dir)),
        ["loop", dir, phase, n] => run_loop(Path::new(dir), phase, n.parse().expect("a count")),
        _ => panic!("usage: merge_inputs write DIR | loop DIR/SHAPE PHASE N"),
    }
}

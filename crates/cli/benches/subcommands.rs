//! Every subcommand that reads a module, run as the user runs it (the binary, a file), on 1×,
//! 10×, 100× and 1,000× the decode reference merge `o_gemv_ffn` (testdata/dataflow/o_gemv_ffn.mlir:
//! 3 launches, 58 KB), the larger modules being `air-stitch merge` of N copies (3·N launches).
//! Each cost must grow linearly with N (docs/performance.md, "Every subcommand at scale").
//!
//! `cargo bench -p air-stitch --bench subcommands` (release; the 1,000× inputs are 67 MB).
#![allow(clippy::panic)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_air-stitch");
const SCALES: [usize; 4] = [1, 10, 100, 1000];

/// Runs air-stitch; a crash or a usage error (exit status 2 and above) fails the benchmark.
fn run(args: &[&str], cwd: &Path) {
    let status = Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run {BIN}: {e}"));
    assert!(status.code().is_some_and(|c| c <= 1), "air-stitch {args:?} exited with {status}");
}

/// `unit.mlir` and `xN.mlir` (N copies merged) in a scratch directory.
fn inputs() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("air-stitch-bench-subcommands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let unit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/dataflow/o_gemv_ffn.mlir");
    std::fs::copy(&unit, dir.join("x1.mlir")).unwrap_or_else(|e| panic!("{}: {e}", unit.display()));
    for n in SCALES.into_iter().skip(1) {
        let copies: Vec<String> = (0..n).map(|_| "x1.mlir".to_string()).collect();
        let mut args: Vec<&str> = vec!["merge", "--no-verify", "-o"];
        let out = format!("x{n}.mlir");
        args.push(&out);
        args.extend(copies.iter().map(String::as_str));
        run(&args, &dir);
    }
    dir
}

fn bench(c: &mut Criterion) {
    let dir = inputs();
    let commands: [&[&str]; 7] = [
        &["parse"],
        &["outline"],
        &["check-bd", "--omit-pingpong"],
        &["verify", "--no-air-opt"],
        &["roles"],
        &["graph"],
        &["merge", "-o", "-"],
    ];
    let mut group = c.benchmark_group("subcommands");
    group.sample_size(10).warm_up_time(Duration::from_millis(200)).measurement_time(Duration::from_secs(2));
    for command in commands {
        let name = command[0];
        for n in SCALES {
            let input = format!("x{n}.mlir");
            let mut args: Vec<&str> = command.to_vec();
            args.push(&input);
            group.bench_with_input(BenchmarkId::new(name, n), &args, |b, args| b.iter(|| run(args, &dir)));
        }
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);

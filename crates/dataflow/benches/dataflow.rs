//! The dataflow analysis on the largest reference merge, the llama-3.2-1B decode `o_gemv_ffn`
//! (testdata/dataflow/o_gemv_ffn.mlir: 3 launches, 15 arguments, 58 KB): the analysis alone on
//! a parsed module (what `group` will run per candidate) and parse + analysis.

use air_dataflow::{analyze, Options};
use air_diagnostics::FileId;
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/dataflow/o_gemv_ffn.mlir");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let parse = air_syntax::parse(&text);
    assert!(!parse.has_errors(), "the benchmark module parses");
    let options = Options::default();
    assert!(analyze(&parse, FileId(0), &options).is_ok(), "the benchmark module has launches");
    let mut group = c.benchmark_group("dataflow");
    group.bench_function("analyze o_gemv_ffn", |b| b.iter(|| analyze(&parse, FileId(0), &options)));
    group.bench_function("parse + analyze o_gemv_ffn", |b| {
        b.iter(|| analyze(&air_syntax::parse(&text), FileId(0), &options).map(|f| f.args.len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

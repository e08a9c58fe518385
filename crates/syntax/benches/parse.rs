//! Throughput of the syntax crate on 1, 4 and 16 MB of valid MLIR built from the corpus
//! (synthetic AIR kernels when the corpus is absent): parse + scope resolution + print (the
//! figure with a target, >= 100 MB/s), resolution alone, and the hand-written lexer against
//! the pest grammar. Figures and how to reproduce them: docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

const SIZES_MB: &[usize] = &[1, 4, 16];

/// Whole relocatable corpus chunks appended until each size is reached, so every input is
/// valid MLIR (checked before measuring).
fn inputs() -> Vec<(usize, String)> {
    SIZES_MB.iter().map(|&mb| (mb, common::big_valid_text(mb << 20))).collect()
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    for (_, text) in &inputs {
        // The benchmark measures valid input only.
        assert!(!air_syntax::parse(text).has_errors());
    }

    let mut group = c.benchmark_group("parse_resolve_print");
    group.sample_size(10).measurement_time(Duration::from_secs(8)).warm_up_time(Duration::from_secs(1));
    for (mb, text) in &inputs {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(format!("{mb}MB")), text, |b, text| {
            b.iter(|| {
                let parsed = air_syntax::parse(black_box(text));
                let printed = parsed.tree.print();
                assert_eq!(printed.len(), text.len());
                (parsed, printed)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("resolve_only");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1));
    for (mb, text) in &inputs {
        let parsed = air_syntax::parse(text);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(format!("{mb}MB")), &parsed.tree, |b, tree| {
            b.iter(|| air_syntax::scopes::resolve(black_box(tree)))
        });
    }
    group.finish();

    for (name, lexer) in [
        ("lex_hand", air_syntax::lex as fn(&str) -> (air_syntax::Tokens, Vec<air_diagnostics::Diagnostic>)),
        ("lex_pest", air_syntax::lex_with_pest),
    ] {
        let mut group = c.benchmark_group(name);
        group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1));
        for (mb, text) in &inputs {
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_with_input(BenchmarkId::from_parameter(format!("{mb}MB")), text, |b, text| {
                b.iter(|| lexer(black_box(text)))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

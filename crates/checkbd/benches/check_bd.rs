//! Benchmarks of check-bd on large modules: the llama-3.2-1B `rms_gemms_rope` 6-launch function
//! (testdata/check-bd/ok_multi_launch_rms_gemms_rope.mlir) replicated into modules of about
//! 0.25, 1 and 4 MB, each copy with its own function, segment and herd names. Measures the check
//! alone (on a parsed module) and parse + check; the target is under 50 ms per MB, linear in size.
//! A second module is made of copies of `ok_channel_host_inputs_packet.mlir` (written channels
//! from host buffers, each copy with its own channels): the packet-promotion model reads every
//! channel's endpoints, once per check.

use air_checkbd::{check, CheckOptions};
use air_diagnostics::FileId;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::path::Path;

/// A module of at least `target` bytes: a fixture's text up to `from` once (its maps, `module {`
/// and extern declarations), then copies of the rest of its module body, each copy's function,
/// segment, herd and channel symbols renamed.
fn module_of_size(fixture: &str, from: &str, target: usize) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/check-bd").join(fixture);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let start = text.find(from).unwrap_or(0);
    let end = text.rfind("}\n").unwrap_or(text.len());
    let (head, body) = (&text[..start], &text[start..end]);
    let mut out = String::with_capacity(target + text.len());
    out.push_str(head);
    let mut copy = 0;
    while out.len() < target {
        let renamed = body
            .replace("func.func @", &format!("func.func @c{copy}_"))
            .replace("air.segment @", &format!("air.segment @c{copy}_"))
            .replace("air.herd @", &format!("air.herd @c{copy}_"))
            .replace("air.channel @", &format!("air.channel @c{copy}_"))
            .replace("air.channel.put @", &format!("air.channel.put @c{copy}_"))
            .replace("air.channel.get @", &format!("air.channel.get @c{copy}_"));
        out.push_str(&renamed);
        copy += 1;
    }
    out.push_str("}\n");
    out
}

fn bench(c: &mut Criterion) {
    let options = CheckOptions { runtime_loop_tiling_sizes: vec![2, 2], ..CheckOptions::default() };
    let mut group = c.benchmark_group("check_bd");
    group.sample_size(10);
    let fixtures = [
        ("", "ok_multi_launch_rms_gemms_rope.mlir", "  func.func @rms_gemms_rope"),
        ("channels_", "ok_channel_host_inputs_packet.mlir", "  air.channel @"),
    ];
    let sizes = [("0.25MB", 256 * 1024), ("1MB", 1024 * 1024), ("4MB", 4 * 1024 * 1024)];
    for ((prefix, fixture, from), (size_label, size)) in fixtures.iter().flat_map(|f| sizes.iter().map(move |s| (f, s)))
    {
        let label = format!("{prefix}{size_label}");
        let text = module_of_size(fixture, from, *size);
        let parse = air_syntax::parse(&text);
        assert!(!parse.has_errors(), "the benchmark module parses");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("check", &label), &parse, |b, parse| {
            b.iter(|| check(parse, FileId(0), &options))
        });
        group.bench_with_input(BenchmarkId::new("parse_and_check", label), &text, |b, text| {
            b.iter(|| {
                let parse = air_syntax::parse(text);
                check(&parse, FileId(0), &options)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

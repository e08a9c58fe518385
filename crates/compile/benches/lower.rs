//! Reading a lowering at 10×, 100× and 1,000× the size of a real one (the `o_gemv_ffn` ELF: 7,340
//! instruction words in 4 sequences, a 9,000-line `npu.` file): the instruction streams' ops
//! counted (`insts::summarize`), the lowered module's sequences paired (`sequences_of`), and a
//! compiler location placed (`enclosing_symbols`, at the file's last line, the worst case). Each
//! is one pass over its input, so the time per byte stays flat.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_compile::lower::{enclosing_symbols, sequences_of, summarize};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// A TXN stream of `ops` write32/sync/blockwrite/load_pdi ops.
fn stream(ops: usize) -> Vec<u8> {
    let mut words: Vec<u32> = vec![0x0604_0001, 0x105, ops as u32, 0];
    for i in 0..ops {
        match i % 4 {
            0 => words.extend([0, 0, 0x1000, 0, 7, 24]),
            1 => words.extend([0x80, 16, 0, 0]),
            2 => words.extend([1, 0, 0x2000, 24, 0xa, 0xb]),
            _ => words.extend([8 | (1 << 16), 0, 0, 0]),
        }
    }
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// An `npu.` file with `devices` devices, each a segment's with a runtime sequence and a body.
fn lowered(devices: usize) -> String {
    let mut text = String::from("module {\n");
    for d in 0..devices {
        text.push_str(&format!("  aie.device(npu2) @s{d}_seg {{\n"));
        for t in 0..60 {
            text.push_str(&format!("    %tile_{t} = aie.tile({}, 2)\n    %buf{t} = aie.buffer(%tile_{t}) {{sym_name = \"buf{t}\"}} : memref<64xbf16, 2 : i32>\n", t % 8));
        }
        text.push_str(&format!("    aie.runtime_sequence @s{d}_seg_sequence(%arg0: memref<8xbf16>) {{\n      aiex.npu.sync {{channel = 0 : i32}}\n    }}\n  }}\n"));
    }
    text.push_str("}\n");
    text
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lower");
    group.sample_size(10);
    for scale in [10usize, 100, 1000] {
        let bytes = stream(1835 * scale);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("summarize", scale), &bytes, |b, bytes| {
            b.iter(|| summarize(black_box(bytes)))
        });
        let text = lowered(3 * scale);
        let last = text.lines().count() as u32;
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("sequences_of", scale), &text, |b, t| {
            b.iter(|| sequences_of(black_box(t)))
        });
        group.bench_with_input(BenchmarkId::new("enclosing_symbols", scale), &text, |b, t| {
            b.iter(|| enclosing_symbols(black_box(t), last))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

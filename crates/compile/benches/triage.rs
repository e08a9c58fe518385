//! Triage of a 10 MB aircc log (the target: well under 100 ms). The log is what a verbose
//! aircc run of a large merged module prints: pass banners, commands, warnings with their
//! source snippets, IR dumps, with a few failures, their notes and aircc's wrapper lines.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_compile::triage::triage;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const TARGET: usize = 10 * 1024 * 1024;

fn generated_log() -> String {
    let mut log = String::with_capacity(TARGET + 4096);
    let mut n = 0usize;
    while log.len() < TARGET {
        n += 1;
        log.push_str(&format!("[PASS {:03}] air-to-aie\n", n % 1000));
        log.push_str(
            "      %12 = aie.tile(0, 2)\n      %13 = aie.buffer(%12) {sym_name = \"q_buf\"} : memref<1024xbf16, 2>\n",
        );
        log.push_str(&format!("      aie.flow(%tile_{c}_0, DMA : 0, %tile_{c}_2, DMA : 1)\n", c = n % 8));
        log.push_str(
            "Running aiecc with options: --no-xchesscc --no-xbridge --aie-generate-xclbin air_project/npu.air.mlir\n",
        );
        if n.is_multiple_of(500) {
            log.push_str(&format!(
                "fused.mlir:{n}:5: warning: ignoring user-pinned x_loc/y_loc (9, 2) on air.herd 'herd_0': outside the segment; falling back to automatic placement\n    air.herd @herd_0\n    ^\n"
            ));
        }
        if n.is_multiple_of(20_000) {
            log.push_str(&format!(
                "fused.mlir:{n}:9: error: 'aiex.dma_configure_task' op Allocator exhausted available buffer descriptor IDs for channel 0 on tile (0, 0). Live BD intervals exceed the per-channel pool capacity\n        air.channel.put @q_chan[] (%a[] [] [])\n        ^\nfused.mlir:{n}:9: note: see current operation: %1 = \"aiex.dma_configure_task\"\nError: pass pipeline failed: builtin.module(airrt-to-npu)\n"
            ));
        }
    }
    log.push_str("air_project/npu.air.mlir:9:13: error: 'aie.tile' op allocated buffers exceeded available memory\nair_project/npu.air.mlir:9:13: note: MemoryMap:\n\t(stack) \t: 0x0-0x3FF \t(1024 bytes)\n\tq_buf_a \t: 0x400-0x103FF \t(65536 bytes)\nError running command: aiecc\n");
    log
}

fn bench(c: &mut Criterion) {
    let log = generated_log();
    let report = triage(&log, None);
    assert!(report.findings.len() >= 2, "the generated log has failures: {}", report.findings.len());
    let mut group = c.benchmark_group("triage");
    group.throughput(Throughput::Bytes(log.len() as u64));
    group.sample_size(20);
    group.bench_function("10MB_log", |b| b.iter(|| triage(black_box(&log), None)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Throughput of the generic-form printer (must be linear, and cheaper than MLIR's own parse
//! of ~25–30 MB/s), of the structural checks, and with feature `mlir` of the whole
//! `verify_chunk` (structural checks + conversion + MLIR parse and verify), on synthetic AIR
//! modules of 1, 4 and 16 MB made of copies of a realistic GEMM-like kernel.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use air_diagnostics::{FileId, LineIndex};
use air_verify::{check_structure, to_generic, GenericOptions, Input};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// One kernel: channels, a launch with a segment, a herd with a loop nest, DMAs, executes.
const KERNEL: &str = r#"air.channel @in_{i} [2, 2]
air.channel @out_{i} [1, 1] {broadcast_shape = [1, 4]}
func.func @gemm_{i}(%arg0: memref<512x512xbf16>, %arg1: memref<512x512xbf16>, %arg2: memref<512x512xbf16>) {
  %c2 = arith.constant 2 : index
  %t0 = air.wait_all async
  %0 = air.launch async [%t0] (%lx, %ly) in (%lsx=%c2, %lsy=%c2) args(%a=%arg0, %b=%arg1, %c=%arg2) : memref<512x512xbf16>, memref<512x512xbf16>, memref<512x512xbf16> attributes {id = 1 : i32} {
    %1 = air.segment @seg_{i} async  args(%sa=%a, %sb=%b, %sc=%c, %sx=%lx) : memref<512x512xbf16>, memref<512x512xbf16>, memref<512x512xbf16>, index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %tok, %buf = air.execute -> (memref<64x64xbf16, 1 : i32>) {
        %alloc = memref.alloc() : memref<64x64xbf16, 1 : i32>
        air.execute_terminator %alloc : memref<64x64xbf16, 1 : i32>
      } {id = 2 : i32}
      %2 = scf.for %k = %c0 to %c512 step %c64 iter_args(%dep = %tok) -> (!air.async.token) {
        %3 = air.dma_memcpy_nd async [%dep] (%buf[] [] [], %sa[%sx, %k] [%c64, %c64] [%c512, %c1]) {id = 3 : i32} : (memref<64x64xbf16, 1 : i32>, memref<512x512xbf16>)
        %4 = air.channel.put async [%3]  @in_{i}[%c0, %c0] (%buf[%c0, %c0] [%c64, %c64] [%c64, %c1]) {id = 4 : i32} : (memref<64x64xbf16, 1 : i32>)
        scf.yield %4 : !air.async.token
      }
      %5 = air.herd @herd_{i} async [%2]  tile (%tx, %ty) in (%htx=%c4, %hty=%c4) attributes {id = 5 : i32, link_with = "mm.o"} {
        %c0_h = arith.constant 0 : index
        %c32 = arith.constant 32 : index
        %tok2, %l1 = air.execute -> (memref<32x32xbf16, 2 : i32>) {
          %alloc = memref.alloc() : memref<32x32xbf16, 2 : i32>
          air.execute_terminator %alloc : memref<32x32xbf16, 2 : i32>
        }
        %6 = air.channel.get async [%tok2]  @in_{i}[%tx, %ty] (%l1[] [] []) {id = 6 : i32} : (memref<32x32xbf16, 2 : i32>)
        scf.for %i0 = %c0_h to %c32 step %c32 {
          %v = memref.load %l1[%i0, %i0] : memref<32x32xbf16, 2 : i32>
          memref.store %v, %l1[%i0, %i0] : memref<32x32xbf16, 2 : i32>
        }
        %7 = air.channel.put async [%6]  @out_{i}[] (%l1[] [] []) {id = 7 : i32} : (memref<32x32xbf16, 2 : i32>)
        %8 = air.execute [%7] {
          memref.dealloc %l1 : memref<32x32xbf16, 2 : i32>
        }
      }
      %9 = air.channel.get async [%5]  @out_{i}[] (%buf[] [] []) {id = 8 : i32} : (memref<64x64xbf16, 1 : i32>)
      %10 = air.dma_memcpy_nd async [%9] (%sc[%sx, %c0] [%c64, %c64] [%c512, %c1], %buf[] [] []) {id = 9 : i32} : (memref<512x512xbf16>, memref<64x64xbf16, 1 : i32>)
      air.wait_all [%10]
    }
  }
  air.wait_all [%0]
  return
}
"#;

fn module_of_size(bytes: usize) -> String {
    let mut text = String::with_capacity(bytes + KERNEL.len());
    let mut idx = 0;
    while text.len() < bytes {
        text.push_str(&KERNEL.replace("{i}", &idx.to_string()));
        idx += 1;
    }
    text
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    for megabytes in [1usize, 4, 16] {
        let text = module_of_size(megabytes << 20);
        let parse = air_syntax::parse(&text);
        assert!(!parse.has_errors());
        let lines = LineIndex::new(&text);
        let input = Input { name: "bench.mlir", file: FileId(0), text: &text, lines: &lines, offset: 0, parse: &parse };
        assert!(check_structure(&input).is_empty());
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("to_generic", megabytes), &input, |b, input| {
            b.iter(|| black_box(to_generic(input, GenericOptions::default())))
        });
        group.bench_with_input(BenchmarkId::new("parse_and_to_generic", megabytes), &text, |b, text| {
            b.iter(|| {
                let parse = air_syntax::parse(text);
                let input =
                    Input { name: "bench.mlir", file: FileId(0), text, lines: &lines, offset: 0, parse: &parse };
                black_box(to_generic(&input, GenericOptions::default()).text.len())
            })
        });
        group.bench_with_input(BenchmarkId::new("check_structure", megabytes), &input, |b, input| {
            b.iter(|| black_box(check_structure(input)))
        });
        if air_verify::MLIR_BUILT_IN && megabytes <= 4 {
            group.bench_with_input(BenchmarkId::new("verify_chunk_with_mlir", megabytes), &input, |b, input| {
                b.iter(|| black_box(air_verify::verify_chunk(input)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

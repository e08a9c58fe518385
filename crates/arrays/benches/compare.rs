//! Comparing 2 × 64 M bf16 elements in memory (the figure: well under a second), on
//! one thread and on two.
#![allow(clippy::unwrap_used)]

use air_arrays::formats::{ByteOrder, Dtype};
use air_arrays::{compare, Array, Options};
use criterion::{criterion_group, criterion_main, Criterion};
use std::borrow::Cow;

const N: usize = 64 << 20;

fn bf16_array(seed: u32) -> Array<'static> {
    let mut x = seed;
    let mut data = Vec::with_capacity(N * 2);
    for _ in 0..N {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        // A finite bf16 in about [-4, 4]: sign, exponent 125..129, a random mantissa.
        let bits = ((x >> 16) & 0x807f) as u16 | (((125 + (x >> 8) % 5) as u16) << 7);
        data.extend(bits.to_le_bytes());
    }
    Array { dtype: Dtype::Bf16, order: ByteOrder::Little, shape: vec![8192, 8192], data: Cow::Owned(data) }
}

fn bench(c: &mut Criterion) {
    let out = bf16_array(1);
    let reference = bf16_array(1);
    let mut group = c.benchmark_group("compare_bf16_64M");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| compare(&out, &reference, &Options { threads, ..Options::default() }).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! The two-invocation replay of a layer's calls (`air_dataflow::replay`) at 10, 100 and 1,000
//! calls: a chain where each call reads the previous call's output in 64 tiles and writes its own
//! in 64, with a weight and the layer's input: the cost should grow linearly with the calls.

use air_dataflow::intervals::IntervalSet;
use air_dataflow::replay::{replay, Body, Buffer, Call, LaunchIo, Sets};
use air_syntax::buffer::BufferKind;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

const ELEMENTS: i64 = 1 << 20;
const TILES: i64 = 64;

/// The tiles a launch touches: every other 1/128 of the buffer, 64 runs.
fn tiles(offset: i64) -> IntervalSet {
    let step = ELEMENTS / TILES;
    IntervalSet::from_runs((0..TILES).map(|t| (t * step + offset, t * step + offset + step / 2)).collect())
}

fn layer(calls: usize) -> (Vec<Buffer>, Vec<Call>, Vec<usize>) {
    let mut buffers = vec![
        Buffer { name: "x".into(), elements: ELEMENTS, kind: Some(BufferKind::Activation) },
        Buffer { name: "w".into(), elements: ELEMENTS, kind: Some(BufferKind::Weight) },
    ];
    let mut out = Vec::new();
    for n in 0..calls {
        buffers.push(Buffer { name: format!("h{n}"), elements: ELEMENTS, kind: None });
        let input = if n == 0 { 0 } else { n + 1 };
        let output = n + 2;
        let half = ELEMENTS / TILES / 2;
        let launches = vec![
            LaunchIo { reads: vec![(0, tiles(0)), (1, tiles(0))], writes: vec![(2, tiles(0))] },
            LaunchIo { reads: vec![(0, tiles(half)), (1, tiles(half))], writes: vec![(2, tiles(half))] },
        ];
        let sets = Sets {
            static_inputs: [1].into(),
            intermediates: [2].into(),
            outputs: [2].into(),
            bo_key: format!("call{n}"),
        };
        out.push(Call { args: vec![input, 1, output], body: Body::Kernel { launches, sets } });
    }
    let last = buffers.len() - 1;
    (buffers, out, vec![last])
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for calls in [10, 100, 1000] {
        let (buffers, layer_calls, outputs) = layer(calls);
        assert!(replay(&buffers, &layer_calls, &outputs, 2).is_empty(), "the chain replays clean");
        group.bench_with_input(BenchmarkId::new("calls", calls), &calls, |b, _| {
            b.iter(|| replay(&buffers, &layer_calls, &outputs, 2).len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

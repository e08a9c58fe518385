//! The work of a cache hit on a 6 MB module, without the process and file I/O: finding the
//! `link_with` objects (the tokenizer), the sha256 key over the module, the objects and the
//! toolchain, and the check of an entry's artifacts (a 2 MB xclbin and its instruction stream)
//! against their recorded sha256. Target (issue 11): a whole cache hit well under 100 ms. And the
//! shared tier's bundle of an entry (a tar, zstd) packed and unpacked with every check, at 1, 4
//! and 16 MB of artifacts: linear in the size.

use air_compile::aircc::bundle;
use air_compile::aircc::{
    link_with_objects, Artifact, CacheKey, CompileOptions, KeyInputs, Manifest, OutputFormat, ToolIdentity,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// About 6 MB of valid AIR: the project's GEMM kernel, one `module` per copy.
fn module_6mb() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/kernels/gemm_2048x2048x2048.mlir");
    let kernel = std::fs::read_to_string(root).unwrap_or_else(|_| "module {}\n".to_string());
    let mut text = String::new();
    while text.len() < 6 * 1024 * 1024 {
        text.push_str(&kernel);
    }
    text
}

fn tools() -> Vec<ToolIdentity> {
    ["aircc", "aiecc", "peano-clang"]
        .iter()
        .map(|role| ToolIdentity {
            role: role.to_string(),
            path: Some(format!("/opt/mlir-air/bin/{role}")),
            sha256: air_compile::aircc::sha256_hex(role.as_bytes()),
            size: 40_000_000,
            version: Some(format!("{role} version 22.0.0\n")),
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let module = module_6mb();
    let object = vec![0x7f_u8; 200_000];
    let options = CompileOptions { runtime_loop_tiling_sizes: vec![2, 2], ..CompileOptions::default() };
    let tools = tools();
    let mut group = c.benchmark_group("cache_hit_6mb");
    group.throughput(Throughput::Bytes(module.len() as u64));
    group.sample_size(20);
    group.bench_function("link_with_objects", |b| b.iter(|| link_with_objects(black_box(&module))));
    group.bench_function("key", |b| {
        b.iter(|| {
            let objects = [("mm_m32.o", object.as_slice())];
            let inputs = KeyInputs {
                module: module.as_bytes(),
                input_name: "fused.mlir",
                options: &options,
                objects: &objects,
                tools: &tools,
                toolchain_id: None,
            };
            CacheKey::compute(black_box(&inputs))
        })
    });
    let xclbin = vec![0x5a_u8; 2 * 1024 * 1024];
    let insts = vec![0x01_u8; 64 * 1024];
    let manifest = Manifest {
        schema: air_compile::aircc::MANIFEST_SCHEMA.to_string(),
        key: "k".to_string(),
        artifacts: vec![Artifact::of(".xclbin", &xclbin), Artifact::of(".insts.bin", &insts)],
        components: Vec::new(),
        source: "fused.mlir".to_string(),
        created_unix: 0,
        compile_ms: 0,
    };
    let text = manifest.to_json();
    group.bench_function("entry_check", |b| {
        b.iter(|| {
            let parsed = Manifest::parse(black_box(&text), "k").ok();
            parsed.map(|m| {
                m.check(OutputFormat::Xclbin, |file| match file {
                    "artifact.xclbin" => Some(xclbin.as_slice()),
                    "artifact.insts.bin" => Some(insts.as_slice()),
                    _ => None,
                })
            })
        })
    });
    group.bench_function("whole_hit_without_io", |b| {
        b.iter(|| {
            let names: Vec<String> = link_with_objects(&module).into_iter().map(|o| o.name).collect();
            let objects: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), object.as_slice())).collect();
            let inputs = KeyInputs {
                module: module.as_bytes(),
                input_name: "fused.mlir",
                options: &options,
                objects: &objects,
                tools: &tools,
                toolchain_id: None,
            };
            let key = CacheKey::compute(&inputs);
            let m = Manifest::parse(&text, "k").ok();
            (
                key,
                m.map(|m| {
                    m.check(OutputFormat::Xclbin, |f| {
                        if f == "artifact.xclbin" {
                            Some(xclbin.as_slice())
                        } else {
                            Some(insts.as_slice())
                        }
                    })
                }),
            )
        })
    });
    group.finish();
}

/// pack + unpack (with every check) of an entry whose xclbin is `mb` MB of xclbin-like bytes.
fn bench_bundle(c: &mut Criterion) {
    let mut group = c.benchmark_group("bundle");
    group.sample_size(10);
    for mb in [1usize, 4, 16] {
        // Not all one byte: an xclbin compresses, but not to nothing.
        let xclbin: Vec<u8> = (0..mb * 1024 * 1024).map(|i| ((i * 2_654_435_761) >> 13) as u8 & 0x3f).collect();
        let insts = vec![0x01_u8; 64 * 1024];
        let files = vec![(".xclbin".to_string(), xclbin), (".insts.bin".to_string(), insts)];
        let manifest = Manifest {
            schema: air_compile::aircc::MANIFEST_SCHEMA.to_string(),
            key: "k".to_string(),
            artifacts: files.iter().map(|(s, b)| Artifact::of(s, b)).collect(),
            components: Vec::new(),
            source: "fused.mlir".to_string(),
            created_unix: 0,
            compile_ms: 0,
        };
        let manifest_bytes = manifest.to_json().into_bytes();
        group.throughput(Throughput::Bytes((mb * 1024 * 1024) as u64));
        group.bench_function(format!("pack_unpack_{mb}MB"), |b| {
            b.iter(|| {
                let bundle = bundle::pack(&manifest_bytes, Some("sig"), black_box(&files)).ok();
                bundle
                    .map(|bytes| bundle::unpack(&bytes, "k", OutputFormat::Xclbin, 1 << 32, &mut |_, _| Ok(())).is_ok())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_bundle);
criterion_main!(benches);

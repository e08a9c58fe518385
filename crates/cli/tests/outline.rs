//! `air-stitch outline` on a representative set of corpus kernels, snapshotted whole (stdout,
//! stderr and exit status): a matmul+GELU launch with twelve sibling herds, `air.rank` examples,
//! a launch/segment/herd tree over `#air.symmetric_heap` memrefs, two launches in one function,
//! channel broadcast with `unroll`, a DMA-heavy split file with region-less herds, externs and
//! `link_with`, a region-less named launch, and a split-input file. Each snapshot was checked
//! against its source file by hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

/// `(corpus path, split on // -----)`.
const FILES: &[(&str, bool)] = &[
    ("mlir/test/Transform/AIRHerdPlacement/matmul_gelu.mlir", false),
    ("mlir/test/Dialect/AIR/air_rank_iris_examples.mlir", false),
    ("test/gpu/multi_gpu/air_hierarchy/cacheline.mlir", false),
    ("mlir/test/Conversion/AIRGpuChannelToCacheline/cacheline.mlir", true),
    ("mlir/test/Conversion/AIRLowering/air_multi_launch_npu.mlir", false),
    ("mlir/test/Transform/AIRMiscPasses/air_specialize_channel_broadcast_3d.mlir", false),
    ("mlir/test/Transform/AIRDmaToChannel/dma_to_channel_nested_for_in_segment.mlir", true),
    ("test/airhost/50_air_mmult_2x2_extern/air.mlir", false),
    ("test/xrt/05_extern_func/air.mlir", false),
    ("mlir/test/Dialect/AIR/air_launch.mlir", false),
];

#[test]
fn outline_of_representative_corpus_kernels_matches_snapshots() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    for (path, split) in FILES {
        let mut args = vec!["outline", "--color", "never"];
        if *split {
            args.push("--split-input-file");
        }
        args.push(path);
        // Run from the corpus root so that paths in any message are the corpus paths.
        let output = harness::air_stitch(&args).in_dir(&dir).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{path}: {stderr}");
        let transcript = format!(
            "$ air-stitch {}\n--- stdout ---\n{}--- stderr ---\n{stderr}",
            args.join(" "),
            String::from_utf8_lossy(&output.stdout)
        );
        let name = path.trim_end_matches(".mlir").replace('/', "__");
        harness::snapshot("outline", &name, &transcript);
    }
}

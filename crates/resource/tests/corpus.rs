//! The lint never panics and always terminates on the upstream corpus: every `.mlir` file
//! (split on `// -----` where the manifest says so) is checked on both devices, with and
//! without ping-pong and runtime loop tiling. Data-driven: a file added under the corpus is
//! checked too. Findings are not asserted here (corpus files target many devices); a
//! selection of outputs is snapshotted by the CLI tests.

use air_diagnostics::FileId;
use air_resource::{check, CheckOptions, DeviceKind, OmitPingPong};
use std::path::{Path, PathBuf};

/// `$AIR_STITCH_CORPUS`, else the nearest `shared/corpus/mlir-air` above the workspace, else
/// `/work/shared/corpus/mlir-air`. Under `CI=true` a missing corpus is a failure.
fn corpus_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("AIR_STITCH_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for ancestor in manifest.ancestors() {
        let candidate = ancestor.join("shared/corpus/mlir-air");
        if candidate.is_dir() {
            return Some(candidate);
        }
    }
    let fallback = PathBuf::from("/work/shared/corpus/mlir-air");
    if fallback.is_dir() {
        return Some(fallback);
    }
    assert!(std::env::var("CI").as_deref() != Ok("true"), "the mlir-air corpus was not found; set AIR_STITCH_CORPUS");
    None
}

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn check_bd_terminates_without_panicking_on_every_corpus_chunk() {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found; skipping (set AIR_STITCH_CORPUS)");
        return;
    };
    let files = mlir_files(&dir);
    assert!(!files.is_empty(), "no .mlir files under {}", dir.display());
    let variants = [
        CheckOptions::default(),
        CheckOptions {
            device: DeviceKind::Npu1,
            omit_pingpong: OmitPingPong::All,
            runtime_loop_tiling_sizes: vec![2, 2],
            ..CheckOptions::default()
        },
    ];
    let mut chunks = 0;
    let mut findings = 0;
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        // Each split chunk, and the whole file as one module when it has markers.
        let mut units = air_syntax::split_input_file(&text);
        if units.len() > 1 {
            units.push(air_syntax::Chunk { offset: 0, text: &text });
        }
        for chunk in units {
            let parse = air_syntax::parse(chunk.text);
            for options in &variants {
                let report = check(&parse, FileId(0), options);
                findings += report.diagnostics.len();
                // Every label must point inside the chunk.
                for d in &report.diagnostics {
                    for label in d.primary.iter().chain(d.secondary.iter()) {
                        assert!(
                            label.range.end as usize <= chunk.text.len(),
                            "{}: label {:?} outside the chunk",
                            path.display(),
                            label.range
                        );
                    }
                }
            }
            chunks += 1;
        }
    }
    eprintln!("{} files, {chunks} chunks, {findings} findings", files.len());
}

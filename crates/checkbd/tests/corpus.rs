//! The lint never panics and always terminates on the upstream corpus: every `.mlir` file
//! (split on `// -----` where the manifest says so) is checked on both devices, with and
//! without ping-pong and runtime loop tiling. Data-driven: a file added under the corpus is
//! checked too. Findings are not asserted here (corpus files target many devices); a
//! selection of outputs is snapshotted by the CLI tests.

use air_checkbd::{check, CheckOptions, DeviceKind, OmitPingPong};
use air_diagnostics::FileId;

#[test]
fn check_bd_terminates_without_panicking_on_every_corpus_chunk() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files = air_testkit::corpus_files(&dir);
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
    for file in &files {
        let path = &file.path;
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

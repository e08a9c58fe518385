//! Every corpus file round-trips byte for byte; every valid one parses with zero errors and
//! zero unresolved uses (split on `// -----` where the manifest says so). Data-driven: adding
//! a `.mlir` file under the corpus adds it to this test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_syntax::{parse, split_input_file};

#[test]
fn corpus_round_trips_and_valid_files_parse_cleanly() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files = air_testkit::corpus_files(&dir);
    assert!(!files.is_empty(), "no .mlir files under {}", dir.display());
    let mut failures = Vec::new();
    let mut chunk_count = 0;
    for file in &files {
        let text = std::fs::read_to_string(&file.path).expect("corpus files are UTF-8");
        // Whole-file round trip, with or without markers.
        let whole = parse(&text);
        if whole.tree.print() != text {
            failures.push(format!("{}: whole file does not round-trip", file.relpath));
        }
        let chunks =
            if file.split { split_input_file(&text) } else { vec![air_syntax::Chunk { offset: 0, text: &text }] };
        for chunk in chunks {
            chunk_count += 1;
            let parsed = parse(chunk.text);
            if parsed.tree.print() != chunk.text {
                failures.push(format!("{}@{}: chunk does not round-trip", file.relpath, chunk.offset));
            }
            if file.valid {
                for error in parsed.all_errors() {
                    let offset = error.primary.as_ref().map(|l| l.range.start).unwrap_or(0) + chunk.offset;
                    let line = text[..offset as usize].matches('\n').count() + 1;
                    failures.push(format!("{}:{}: [{}] {}", file.relpath, line, error.code, error.message));
                }
            }
        }
    }
    eprintln!("{} files, {} chunks checked", files.len(), chunk_count);
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

//! Measurement helper for docs/performance.md.
//!
//! `parse_file --generate MB OUT` writes the valid benchmark input of MB megabytes (relocatable
//! corpus chunks, as the criterion bench builds it), so that other tools (`mlir-opt-22`) can
//! read the same text. `parse_file FILE [REPEAT]` parses (with scope resolution) and prints FILE
//! REPEAT times (default 1) and reports the errors found; run it under `/usr/bin/time -v` for
//! peak memory, or under `perf stat -e task-clock` for CPU time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, mb, out] if flag == "--generate" => {
            let mb: usize = mb.parse().expect("MB is a number");
            let text = common::big_valid_text(mb << 20);
            std::fs::write(out, &text).expect("writing the output");
            eprintln!("wrote {} bytes to {out}", text.len());
        }
        [file, rest @ ..] => {
            let repeat: usize = rest.first().map(|r| r.parse().expect("REPEAT is a number")).unwrap_or(1);
            let text = std::fs::read_to_string(file).expect("reading the input");
            let start = Instant::now();
            let mut errors = 0;
            for _ in 0..repeat {
                let parsed = air_syntax::parse(&text);
                let printed = parsed.tree.print();
                assert!(printed == text, "round trip");
                errors = parsed.all_errors().len();
            }
            let seconds = start.elapsed().as_secs_f64() / repeat as f64;
            eprintln!(
                "{} bytes, {errors} errors, {:.1} ms per parse+resolve+print ({:.0} MB/s wall clock)",
                text.len(),
                seconds * 1e3,
                text.len() as f64 / 1e6 / seconds
            );
        }
        _ => eprintln!("usage: parse_file FILE [REPEAT] | parse_file --generate MB OUT"),
    }
}

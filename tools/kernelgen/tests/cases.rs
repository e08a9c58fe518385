//! Data-driven: every `tests/cases/*.args` file holds one kernelgen command line (without the
//! program name). The runner generates the kernel and snapshots the whole module, which must
//! parse cleanly, or snapshots the error message for options the kernel cannot take. Adding a
//! file adds a test.

// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_kernelgen::cli::Cli;
use clap::Parser;
use common::{case_files, words};

#[test]
fn each_case_generates_the_snapshotted_module_or_error() {
    let files = case_files();
    assert!(!files.is_empty(), "no cases in tests/cases");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let cli = Cli::try_parse_from(words(&text)).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let (kernel, _) = cli.command.kernel().unwrap_or_else(|| panic!("{stem}: not a kernel subcommand"));
        let output = match kernel.build() {
            Ok(module) => {
                if let Err(problems) = common::parse_clean(&module) {
                    panic!("{stem}: generated module does not parse cleanly:\n{problems}");
                }
                module
            }
            Err(error) => format!("error: {error}\n"),
        };
        insta::with_settings!({
            snapshot_path => "../../../snapshots/kernelgen",
            prepend_module_to_snapshot => false,
            description => text.trim_end(),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("case_{stem}"), output);
        });
    }
}

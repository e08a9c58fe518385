//! The `air-stitch` binary: parses arguments, dispatches to a subcommand, and turns the
//! outcome into an exit status (0 success, 1 the input has problems, 2 usage or I/O errors).

mod air_opt;
mod cmd;
mod code_docs;
mod codes;
mod common;
mod lints;
mod outline;

use clap::Parser;
use std::process::ExitCode;

/// air-stitch: stitch MLIR-AIR kernels into one multi-launch module, check it against the NPU's
/// resources, and verify it with MLIR, before a multi-minute compile.
#[derive(Parser, Debug)]
#[command(name = "air-stitch", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.run() {
        Ok(common::Outcome::Success) => ExitCode::SUCCESS,
        Ok(common::Outcome::Problems) => ExitCode::from(1),
        Err(err) => {
            eprintln!("error: {err}");
            for cause in err.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            ExitCode::from(2)
        }
    }
}

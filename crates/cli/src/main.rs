//! The `air-stitch` binary: parses arguments, dispatches to a subcommand, and turns the
//! outcome into an exit status (0 success, 1 the input has problems, 2 usage or I/O errors).

mod air_opt;
mod backend_args;
mod cmd;
mod cmdline;
mod code_docs;
mod codes;
mod common;
mod compile;
mod device;
mod lints;
mod load;
mod outline;
mod outputs;
mod process;
mod progress;
mod report;
mod version;

use clap::{CommandFactory, FromArgMatches, Parser};
use std::process::ExitCode;

/// air-stitch: stitch MLIR-AIR kernels into one multi-launch module, check it against the NPU's
/// resources, and verify it with MLIR, before a multi-minute compile.
#[derive(Parser, Debug)]
#[command(
    name = "air-stitch",
    about,
    long_about = None,
    propagate_version = true,
    max_term_width = 100,
    after_help = "Every subcommand reports the same way: diagnostics and one closing line on standard error, or \
                  with --format json one JSON document on standard output (docs/diagnostics-json.md). Exit status: \
                  0 success, 1 the input has problems, 2 usage or I/O errors."
)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

/// The subcommand's `--color` choice, for errors `main` reports itself.
fn color_of(matches: &clap::ArgMatches) -> common::ColorArg {
    matches
        .subcommand()
        .and_then(|(_, sub)| sub.try_get_one::<common::ColorArg>("color").ok().flatten().copied())
        .unwrap_or_default()
}

/// The clap definition of the whole command line, with the build's version text (shared with
/// `completions` and `man`, which are generated from it).
pub fn cli_command() -> clap::Command {
    Cli::command().version(version::short()).long_version(version::long())
}

fn main() -> ExitCode {
    let matches = cli_command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    if let Some(label) = cli.command.progress_label() {
        progress::start(label);
    }
    let outcome = cli.command.run();
    progress::stop(&mut std::io::stderr().lock());
    match outcome {
        Ok(common::Outcome::Success) => ExitCode::SUCCESS,
        Ok(common::Outcome::Problems) => ExitCode::from(1),
        Ok(common::Outcome::Failed) => ExitCode::from(2),
        // The reader of standard output went away (`| head`): nothing more to say, as ripgrep.
        Err(err) if common::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) if err.downcast_ref::<common::CannotRead>().is_some() => {
            if let Some(unread) = err.downcast_ref::<common::CannotRead>() {
                cmdline::report_unreadable(unread, color_of(&matches));
            }
            ExitCode::from(2)
        }
        Err(err) if err.downcast_ref::<load::BadInput>().is_some() => {
            if let Some(bad) = err.downcast_ref::<load::BadInput>() {
                let mut sources = air_diagnostics::SourceMap::new();
                let diagnostic = bad.diagnostic(&mut sources);
                let options = common::GlobalOpts { color: color_of(&matches), max_errors: 0 }.render_options();
                eprintln!("{}", air_diagnostics::render(&diagnostic, &sources, options));
            }
            ExitCode::from(2)
        }
        Err(err) => {
            eprintln!("error: {err}");
            for cause in err.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            ExitCode::from(2)
        }
    }
}

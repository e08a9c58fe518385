//! sweep: lists the sweep points, or writes each module and an index.json into a directory.
//!
//! Exit status: 0 on success, 2 for bad arguments, a point that cannot be built, or a failed
//! write.

use air_sweep::index::{file_name, index_json, list_line};
use air_testkit::files;
use anyhow::Context;
use clap::{Parser, Subcommand};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The sweep points of the differential test of check-bd against the compiler (docs/sweep.md).
#[derive(Parser, Debug)]
#[command(name = "sweep", version, after_help = "Examples:\n  sweep list\n  sweep write /tmp/sweep")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print one line per point: name, aim, side, options, note (tab-separated).
    List,
    /// Write each point's module as DIR/NAME.mlir and DIR/index.json; other .mlir files in DIR
    /// are removed.
    Write {
        /// The directory (created when missing).
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    match run(&Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    let points = air_sweep::points()?;
    match &cli.command {
        Command::List => {
            let mut out = std::io::stdout().lock();
            for point in &points {
                writeln!(out, "{}", list_line(point))?;
            }
            eprintln!("sweep: {} points", points.len());
        }
        Command::Write { dir } => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            let mut written = BTreeSet::new();
            for point in &points {
                let name = file_name(point);
                files::write_atomically(&dir.join(&name), &point.module)?;
                written.insert(name);
            }
            files::remove_stale(dir, |name| name.ends_with(".mlir"), &written)?;
            files::write_atomically(&dir.join("index.json"), &index_json(&points))?;
            eprintln!("sweep: wrote {} points to {}", points.len(), dir.display());
        }
    }
    Ok(())
}

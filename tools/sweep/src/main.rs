//! sweep: lists the sweep points, or writes each module and an index.json into a directory.
//!
//! Exit status: 0 on success, 2 for bad arguments, a point that cannot be built, or a failed
//! write.

use air_sweep::index::{file_name, index_json, list_line};
use anyhow::Context;
use clap::{Parser, Subcommand};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
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
                write_atomically(&dir.join(&name), &point.module)?;
                written.insert(name);
            }
            remove_stale(dir, &written)?;
            write_atomically(&dir.join("index.json"), &index_json(&points))?;
            eprintln!("sweep: wrote {} points to {}", points.len(), dir.display());
        }
    }
    Ok(())
}

/// Writes through a temporary file and a rename, so a reader never sees half a file.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))
}

/// Removes the `.mlir` files of `dir` this run did not write (points of an older list).
fn remove_stale(dir: &Path, written: &BTreeSet<String>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.ends_with(".mlir") && !written.contains(&name) {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    Ok(())
}

//! kernelgen: prints AIR sub-kernels shaped like the upstream mlir-air LLM builders' output, at
//! any shape, and regenerates the committed test fixtures (testdata/kernels/).
//!
//! Exit status: 0 on success, 2 for invalid options (a shape the kernel cannot tile) or an I/O
//! failure.

use air_kernelgen::cli::{Cli, Command, TestdataOpts};
use air_kernelgen::testdata::fixtures;
use air_kernelgen::Kernel;
use anyhow::{bail, Context};
use clap::Parser;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> anyhow::Result<()> {
    if let Command::Testdata(opts) = &command {
        return testdata(opts);
    }
    match command.kernel() {
        Some((kernel, output)) => emit(kernel, output),
        None => Ok(()),
    }
}

fn emit(kernel: &dyn Kernel, output: &Path) -> anyhow::Result<()> {
    let text = kernel.build()?;
    if output == Path::new("-") {
        std::io::stdout().write_all(text.as_bytes()).context("writing to standard output")?;
        return Ok(());
    }
    Ok(air_testkit::files::write_atomically(output, &text)?)
}

fn testdata(opts: &TestdataOpts) -> anyhow::Result<()> {
    if !opts.check {
        std::fs::create_dir_all(&opts.dir).with_context(|| format!("creating {}", opts.dir.display()))?;
    }
    let mut stale = Vec::new();
    for fixture in fixtures() {
        let text = fixture.generate().with_context(|| format!("generating {}", fixture.file))?;
        let path = opts.dir.join(fixture.file);
        if opts.check {
            let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
            if on_disk != text {
                stale.push(path.display().to_string());
            }
        } else {
            air_testkit::files::write_atomically(&path, &text)?;
            eprintln!("wrote {} ({} bytes; {})", path.display(), text.len(), fixture.used_by);
        }
    }
    if !stale.is_empty() {
        bail!(
            "{} fixture(s) differ from the generator's output or are missing: {}; run tools/gen-testdata.sh",
            stale.len(),
            stale.join(", ")
        );
    }
    Ok(())
}

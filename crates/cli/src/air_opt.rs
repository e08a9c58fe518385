//! Finding and running AIR's own verifier (`air-opt`) for `verify` and `merge --verify`.
//! `--air-opt=PATH` names it, `--air-opt` alone or nothing finds it (`$AIR_OPT`, else `air-opt`
//! on PATH), `--no-air-opt` turns it off. The text goes through stdin (a merged module is not on
//! disk before it passes); what the run means is `air_verify::air_opt`'s business.

use crate::process::{exit_of, on_path, Exit};
use air_verify::air_opt::AirOptExit;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The tool's name on PATH.
const TOOL: &str = "air-opt";

/// `--air-opt[=PATH]` and `--no-air-opt`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct AirOptArgs {
    /// Also run AIR's own parser and verifier (air-opt, or air-mini-opt) on the text: at PATH,
    /// or without a value `$AIR_OPT`, else `air-opt` on PATH. Without this flag it runs when one
    /// of those is found.
    #[arg(long = "air-opt", value_name = "PATH", num_args = 0..=1, require_equals = true)]
    air_opt: Option<Option<PathBuf>>,
    /// Do not run AIR's verifier, even when $AIR_OPT is set or air-opt is on PATH.
    #[arg(long, conflicts_with = "air_opt")]
    no_air_opt: bool,
}

/// A found air-opt.
#[derive(Clone, Debug)]
pub struct AirOpt {
    program: PathBuf,
    /// What named it: `--air-opt`, `$AIR_OPT` or `PATH`.
    from: &'static str,
}

/// How one run ended, and what it printed on stderr.
pub struct AirOptOutput {
    pub exit: AirOptExit,
    pub stderr: String,
}

impl AirOptArgs {
    /// Was either flag given?
    pub fn given(&self) -> bool {
        self.no_air_opt || self.air_opt.is_some()
    }

    /// The air-opt to run, if any. A named or configured one that is not there is a usage
    /// error (exit status 2); one merely not found means "not a judge this time".
    pub fn resolve(&self) -> anyhow::Result<Option<AirOpt>> {
        if self.no_air_opt {
            return Ok(None);
        }
        if let Some(Some(path)) = &self.air_opt {
            return named(path, "--air-opt").map(Some);
        }
        if let Some(path) = std::env::var_os("AIR_OPT").filter(|v| !v.is_empty()) {
            return named(Path::new(&path), "$AIR_OPT").map(Some);
        }
        match on_path(TOOL) {
            Some(program) => Ok(Some(AirOpt { program, from: "PATH" })),
            None if self.air_opt.is_some() => anyhow::bail!(
                "--air-opt: AIR's verifier was not found: $AIR_OPT is not set and there is no `{TOOL}` on PATH (name it: --air-opt=PATH)"
            ),
            None => Ok(None),
        }
    }
}

/// A path given by the user (`--air-opt=PATH`, `$AIR_OPT`): a bare name is looked up on PATH,
/// then in the current directory.
fn named(path: &Path, given_by: &'static str) -> anyhow::Result<AirOpt> {
    let bare = path.components().count() == 1 && !path.is_absolute() && !path.starts_with(".");
    let program = match bare {
        true => on_path(&path.to_string_lossy()).or_else(|| path.is_file().then(|| Path::new(".").join(path))),
        false => path.is_file().then(|| path.to_path_buf()),
    };
    match program {
        Some(program) => Ok(AirOpt { program, from: given_by }),
        None if bare => anyhow::bail!("{given_by}={}: no such program on PATH or file here", path.display()),
        None => anyhow::bail!("{given_by}={}: no such file", path.display()),
    }
}

/// The external tools a run would use and where each was found, for `--version`.
pub fn tools_found() -> Vec<(&'static str, String)> {
    let air_opt = match AirOptArgs::default().resolve() {
        Ok(Some(found)) => format!("{} (from {})", found.program.display(), found.from),
        Ok(None) => format!("not found ($AIR_OPT is not set and there is no `{TOOL}` on PATH)"),
        Err(err) => err.to_string(),
    };
    vec![(TOOL, air_opt)]
}

impl AirOpt {
    /// Runs `air-opt [--split-input-file] - -o /dev/null` with `text` on stdin. Failing to
    /// start it is an I/O error (exit status 2); how it ended is for the caller to judge.
    pub fn run(&self, text: &str, split: bool) -> anyhow::Result<AirOptOutput> {
        let mut command = Command::new(&self.program);
        if split {
            command.arg("--split-input-file");
        }
        // The printed module is not needed; `/dev/null` saves printing it through a pipe.
        command.arg("-");
        if cfg!(unix) {
            command.args(["-o", "/dev/null"]);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot run AIR's verifier {}", self.program.display()))?;
        let mut stdin = child.stdin.take().context("air-opt's stdin")?;
        let output = std::thread::scope(|scope| {
            // Written from another thread, so a tool that prints much before reading all of its
            // input cannot block on a full stderr pipe. A tool that exits early closes the
            // pipe: not our failure, its exit status tells.
            scope.spawn(move || {
                let _ = stdin.write_all(text.as_bytes());
            });
            child.wait_with_output()
        })
        .with_context(|| format!("running AIR's verifier {}", self.program.display()))?;
        Ok(AirOptOutput {
            exit: match exit_of(output.status) {
                Exit::Code(code) => AirOptExit::Code(code),
                Exit::Signal(signal) => AirOptExit::Signal(signal),
            },
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        })
    }
}

/// Which judges ran over a command's inputs, for its summary line.
#[derive(Clone, Copy, Debug)]
pub struct Judged {
    air_opt: bool,
    crashes: usize,
}

impl Judged {
    pub fn new(air_opt: bool) -> Judged {
        Judged { air_opt, crashes: 0 }
    }

    pub fn record(&mut self, verdict: air_verify::air_opt::Verdict) {
        if verdict == air_verify::air_opt::Verdict::Crashed {
            self.crashes += 1;
        }
    }

    /// `structural checks, AIR (air-opt), MLIR 22`, or `structural checks only`.
    pub fn judges(&self) -> String {
        let mut judges = vec!["structural checks".to_string()];
        match (self.air_opt, self.crashes) {
            (false, _) => {}
            (true, 0) => judges.push("AIR (air-opt)".to_string()),
            (true, n) => judges.push(format!("AIR (air-opt, crashed on {n} input{})", if n == 1 { "" } else { "s" })),
        }
        if air_verify::MLIR_BUILT_IN {
            judges.push("MLIR 22".to_string());
        }
        if judges.len() == 1 {
            return "structural checks only".to_string();
        }
        judges.join(", ")
    }

    /// The note of a build without MLIR, saying what ran instead.
    pub fn mlir_not_built_note(&self) -> air_diagnostics::Diagnostic {
        if self.air_opt {
            air_verify::mlir_not_built_note_with_air_opt()
        } else {
            air_verify::mlir_not_built_note()
        }
    }
}

//! `compile` of several modules at once: the modules named, or every group of a directory that
//! `group` wrote (each group's module with its plan). Each module compiles in a child
//! `air-stitch compile` (its own lock, cache lookups and aircc process group), with the flags of
//! this command line. A first pass serves what either cache tier holds (`--if-cached`), so hits
//! never wait behind compiles; the misses then compile `--jobs` at once. A failure is triaged in
//! its module's `compile.json` and does not stop the others. The batch writes one summary,
//! `OUT_DIR/compile-batch.json` (`air-stitch/compile-batch/1`).

use super::Opts;
use crate::codes;
use crate::common::{self, Outcome};
use crate::load::BadInput;
use crate::report::Report;
use anyhow::Context;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

pub const SCHEMA: &str = "air-stitch/compile-batch/1";
/// The summary's file name in OUT_DIR.
pub const SUMMARY_FILE: &str = "compile-batch.json";

/// One module of the batch.
#[derive(Clone, Debug)]
struct Job {
    module: PathBuf,
    plan: Option<PathBuf>,
    name: String,
}

/// How one child compile ended.
#[derive(Clone, Debug)]
struct Ended {
    exit: Option<i32>,
    /// The child's JSON report (`compile`'s record), or `Null` when it printed none.
    report: Value,
    stderr: String,
    took: Duration,
}

impl Ended {
    fn status(&self) -> &str {
        self.report["status"].as_str().unwrap_or("error")
    }
}

pub(super) fn run(opts: &Opts) -> anyhow::Result<Outcome> {
    if opts.name.is_some() {
        anyhow::bail!("--name names one module's outputs; a batch names each by its module's file stem");
    }
    if opts.lower_only {
        anyhow::bail!("--lower-only takes one module");
    }
    if !opts.no_cache {
        // A bad config file is reported once, here, not by every child.
        crate::compile::settings::CacheSettings::resolve(&opts.cache, opts.toolchain_id.as_deref())?;
    }
    let jobs = collect_jobs(opts)?;
    let forwarded = forwarded_args()?;
    let width = opts.jobs.map(usize::from).unwrap_or_else(cores);
    std::fs::create_dir_all(&opts.output)
        .map_err(|err| anyhow::anyhow!("cannot create the output directory {}: {err}", opts.output.display()))?;
    let started = Instant::now();
    let json = opts.format.format == common::Format::Json;
    let mut board = Board::new(!json && std::io::stderr().is_terminal(), !json);
    let interrupted = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        let _ = signal_hook::flag::register(signal, Arc::clone(&interrupted));
    }
    // First pass: what a cache holds is served at once; then the rest compile.
    let all: Vec<usize> = (0..jobs.len()).collect();
    let probed = run_jobs(&jobs, &all, &forwarded, width, true, &interrupted, &mut board)?;
    let misses: Vec<usize> =
        all.iter().copied().filter(|&i| probed[i].as_ref().is_none_or(|e| e.status() == "not-cached")).collect();
    let compiled = run_jobs(&jobs, &misses, &forwarded, width, false, &interrupted, &mut board)?;
    let ended: Vec<Option<Ended>> = probed
        .into_iter()
        .zip(compiled)
        .map(|(probe, compile)| compile.or(probe.filter(|e| e.status() != "not-cached")))
        .collect();
    board.finish();
    summarize(opts, &jobs, &ended, &misses, width, started, interrupted.load(Ordering::SeqCst))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The modules of the inputs: a file as given, a directory's groups from its `*.groups.json`.
fn collect_jobs(opts: &Opts) -> anyhow::Result<Vec<Job>> {
    let mut jobs = Vec::new();
    for input in &opts.files {
        if !input.is_dir() {
            jobs.push(Job { module: input.clone(), plan: opts.plan.clone(), name: stem(input) });
            continue;
        }
        if opts.plan.is_some() {
            anyhow::bail!("--plan with a group directory ({}): each group compiles with its own plan", input.display());
        }
        let mut listings: Vec<PathBuf> = std::fs::read_dir(input)
            .with_context(|| format!("cannot read {}", input.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().ends_with(".groups.json"))
            .collect();
        listings.sort();
        if listings.is_empty() {
            anyhow::bail!(
                "{} holds no `*.groups.json`: give a directory `air-stitch group -o` wrote, or modules",
                input.display()
            );
        }
        for listing in listings {
            let text =
                std::fs::read_to_string(&listing).with_context(|| format!("cannot read {}", listing.display()))?;
            let document: Value = serde_json::from_str(&text).map_err(|err| {
                let plain = err.to_string();
                let why =
                    format!("this group listing is not JSON: {}", plain.split(" at line ").next().unwrap_or(&plain));
                BadInput::at_line(
                    codes::GROUPS_LISTING_INVALID,
                    listing.display().to_string(),
                    text.clone(),
                    err.line(),
                    err.column(),
                )
                .saying(why, "give a directory `air-stitch group -o` wrote, whole (`group` writes it again)")
            })?;
            for group in document["groups"].as_array().into_iter().flatten() {
                let (Some(merged), false) = (group["merged"].as_str(), group["external"].as_bool().unwrap_or(false))
                else {
                    continue;
                };
                let module = input.join(merged);
                let plan = group["plan"].as_str().map(|p| input.join(p));
                jobs.push(Job { name: stem(&module), module, plan });
            }
        }
    }
    let mut names = BTreeSet::new();
    for job in &jobs {
        if !names.insert(job.name.clone()) {
            anyhow::bail!(
                "two modules of the batch are named `{}`: their outputs would collide in one directory",
                job.name
            );
        }
    }
    Ok(jobs)
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(|| "kernel".to_string(), |s| s.to_string_lossy().into_owned())
}

/// This command line's flags for each child: without the inputs, `--jobs`, `--format` and
/// `--name` (a child gets its module, `--name` and `--format json`). The tokens after
/// `compile` are read with `compile`'s own definition (which options take a value, and how).
fn forwarded_args() -> anyhow::Result<Vec<OsString>> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let start = argv.iter().skip(1).position(|a| a == "compile").map_or(argv.len(), |p| p + 2);
    let command = crate::cli_command();
    let compile = command.find_subcommand("compile").context("no `compile` subcommand")?;
    Ok(forward(&argv[start.min(argv.len())..], compile))
}

/// `tokens` (after `compile`) without the inputs and the options a child is given itself.
/// Short options are taken one per token (`-v`, `-o DIR`, `-j4`), as `compile` has few.
fn forward(tokens: &[OsString], compile: &clap::Command) -> Vec<OsString> {
    // A child is given its module's plan (`--plan` of a module, or its group's) itself.
    const DROPPED: [&str; 5] = ["jobs", "format", "name", "if-cached", "plan"];
    // Long and short names of the options that take a separate value.
    let mut valued_long = BTreeSet::new();
    let mut valued_short = BTreeSet::new();
    for arg in compile.get_arguments() {
        let separate = arg.get_action().takes_values() && !arg.is_require_equals_set();
        if separate && arg.get_long().is_some() {
            valued_long.insert(arg.get_long().unwrap_or_default().to_string());
        }
        if let (true, Some(short)) = (arg.get_action().takes_values(), arg.get_short()) {
            valued_short.insert(short);
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i].to_string_lossy().into_owned();
        if token == "--" {
            out.extend(tokens[i..].iter().cloned());
            break;
        }
        let (takes_next, name) = if let Some(long) = token.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, _)) => (name.to_string(), true),
                None => (long.to_string(), false),
            };
            (!attached && valued_long.contains(&name), name)
        } else if let Some(short) = token.strip_prefix('-').filter(|s| !s.is_empty()) {
            let c = short.chars().next().unwrap_or('-');
            let name = if c == 'j' { "jobs".to_string() } else { c.to_string() };
            (short.len() == 1 && valued_short.contains(&c), name)
        } else {
            // A positional: an input.
            i += 1;
            continue;
        };
        let width = if takes_next { 2 } else { 1 };
        if !DROPPED.contains(&name.as_str()) {
            out.extend(tokens[i..(i + width).min(tokens.len())].iter().cloned());
        }
        i += width;
    }
    out
}

/// Runs `which` jobs, `width` at once; `probe` runs them `--if-cached`.
#[allow(clippy::too_many_arguments)]
fn run_jobs(
    jobs: &[Job],
    which: &[usize],
    forwarded: &[OsString],
    width: usize,
    probe: bool,
    interrupted: &AtomicBool,
    board: &mut Board,
) -> anyhow::Result<Vec<Option<Ended>>> {
    let exe = std::env::current_exe().context("cannot find the air-stitch binary to run each compile")?;
    let mut ended: Vec<Option<Ended>> = vec![None; jobs.len()];
    let (tx, rx) = mpsc::channel::<(usize, std::io::Result<std::process::Output>, Duration)>();
    let mut queue = which.iter().copied();
    let mut running = 0usize;
    // The running children: an interrupt of the batch is passed on to each (a terminal's
    // Ctrl-C reaches them anyway; `kill`, a CI's cancel or `timeout` reach only the batch).
    let mut pids: std::collections::BTreeMap<usize, u32> = std::collections::BTreeMap::new();
    let mut passed_on = false;
    loop {
        while running < width && !interrupted.load(Ordering::SeqCst) {
            let Some(i) = queue.next() else { break };
            let job = &jobs[i];
            let mut command = Command::new(&exe);
            command.arg("compile").arg(&job.module).args(forwarded);
            command.args(["--name", job.name.as_str(), "--format", "json"]);
            if let Some(plan) = &job.plan {
                command.arg("--plan").arg(plan);
            }
            if probe {
                command.arg("--if-cached");
            }
            command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
            let tx = tx.clone();
            let started = Instant::now();
            let child = command.spawn().with_context(|| format!("cannot run {}", exe.display()))?;
            pids.insert(i, child.id());
            std::thread::spawn(move || {
                let output = child.wait_with_output();
                let _ = tx.send((i, output, started.elapsed()));
            });
            if !probe {
                board.start(&job.name);
            }
            running += 1;
        }
        if running == 0 {
            break;
        }
        if interrupted.load(Ordering::SeqCst) && !passed_on {
            passed_on = true;
            pass_on(pids.values());
        }
        match rx.recv_timeout(Duration::from_millis(500)) {
            Ok((i, output, took)) => {
                running -= 1;
                pids.remove(&i);
                let output = output.with_context(|| format!("cannot run {}", exe.display()))?;
                let report = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
                let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
                let done = Ended { exit: output.status.code(), report, stderr, took };
                if !(probe && done.status() == "not-cached") {
                    board.end(&jobs[i].name, &line_of(&jobs[i], &done));
                }
                ended[i] = Some(done);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => board.draw(),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    Ok(ended)
}

/// SIGTERM to each running child: each kills its aircc's process group and ends.
fn pass_on<'a>(pids: impl Iterator<Item = &'a u32>) {
    #[cfg(unix)]
    for &pid in pids {
        if let Ok(pid) = i32::try_from(pid) {
            let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGTERM);
        }
    }
    #[cfg(not(unix))]
    let _ = pids.count();
}

/// One module's line: its status, key and time, or its first problem.
fn line_of(job: &Job, ended: &Ended) -> String {
    let took = air_compile::aircc::format_duration(ended.took);
    let key = ended.report["key"].as_str().map(|k| &k[..k.len().min(12)]).unwrap_or("-");
    match ended.status() {
        "compiled" => format!("{}: compiled (key {key}) in {took}", job.name),
        "cache-hit" => format!("{}: cache hit {key}", job.name),
        "remote-hit" => format!("{}: shared cache hit {key}", job.name),
        status => {
            let said = ended.report["summary"]["line"].as_str().map(str::to_string).unwrap_or_else(|| {
                ended.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("no report").to_string()
            });
            // The first error says why (the child's own diagnostics, which --format json holds).
            let first = ended.report["diagnostics"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|d| d["severity"] == "error")
                .map(|d| {
                    format!(" (error[{}]: {})", d["code"].as_str().unwrap_or("?"), d["message"].as_str().unwrap_or(""))
                })
                .unwrap_or_default();
            format!("{}: {status}: {said}{first}", job.name)
        }
    }
}

/// The summary: one entry per module, counts, written to OUT_DIR and reported.
fn summarize(
    opts: &Opts,
    jobs: &[Job],
    ended: &[Option<Ended>],
    compiled: &[usize],
    width: usize,
    started: Instant,
    interrupted: bool,
) -> anyhow::Result<Outcome> {
    let mut modules = Vec::new();
    let mut counts = json!({"compiled": 0, "cache_hits": 0, "remote_hits": 0, "failed": 0, "not_started": 0});
    let mut worst = Outcome::Success;
    for (i, job) in jobs.iter().enumerate() {
        let (status, entry) = match &ended[i] {
            Some(done) => {
                let r = &done.report;
                let entry = json!({
                    "module": job.module.display().to_string(),
                    "plan": job.plan.as_ref().map(|p| p.display().to_string()),
                    "name": job.name,
                    "status": done.status(),
                    "exit_code": done.exit,
                    "cache_status": r["cache_status"],
                    "remote": r["remote"],
                    "key": r["key"],
                    "artifacts": r["artifacts"],
                    "compile_json": r["compile_json"],
                    "log": r["log"],
                    "triage": r["triage"],
                    "compiled_in_this_batch": compiled.contains(&i),
                    "elapsed_ms": done.took.as_millis() as u64,
                });
                (done.status().to_string(), entry)
            }
            None => (
                "not-started".to_string(),
                json!({"module": job.module.display().to_string(), "name": job.name, "status": "not-started"}),
            ),
        };
        let counter = match status.as_str() {
            "compiled" => "compiled",
            "cache-hit" => "cache_hits",
            "remote-hit" => "remote_hits",
            "not-started" => "not_started",
            _ => "failed",
        };
        counts[counter] = json!(counts[counter].as_u64().unwrap_or(0) + 1);
        let outcome = match &ended[i] {
            Some(done) if done.exit == Some(0) => Outcome::Success,
            Some(done) if done.exit == Some(1) => Outcome::Problems,
            _ => Outcome::Failed,
        };
        worst = worse(worst, outcome);
        modules.push(entry);
    }
    let n = |k: &str| counts[k].as_u64().unwrap_or(0);
    let line = format!(
        "compile: {} modules, {width} at once: {} compiled, {} cache hits ({} shared), {} failed{} in {}; summary {}",
        jobs.len(),
        n("compiled"),
        n("cache_hits") + n("remote_hits"),
        n("remote_hits"),
        n("failed"),
        if interrupted { format!(", {} not started (interrupted)", n("not_started")) } else { String::new() },
        air_compile::aircc::format_duration(started.elapsed()),
        opts.output.join(SUMMARY_FILE).display()
    );
    let summary_path = opts.output.join(SUMMARY_FILE);
    let document = json!({
        "schema": SCHEMA,
        "jobs": width,
        "out_dir": opts.output.display().to_string(),
        "modules": modules,
        "counts": counts,
        "elapsed_ms": started.elapsed().as_millis() as u64,
        "line": line,
    });
    let text = serde_json::to_string_pretty(&document)? + "\n";
    common::write_output(&summary_path, text.as_bytes(), &opts.files)?;
    let mut report = Report::of_its_own(SCHEMA, "compile", opts.format.format, &opts.global);
    for key in ["jobs", "out_dir", "modules", "counts", "elapsed_ms"] {
        report.field(key, document[key].clone());
    }
    report.field("summary", summary_path.display().to_string());
    report.finish(&line)?;
    Ok(if interrupted { Outcome::Failed } else { worst })
}

fn worse(a: Outcome, b: Outcome) -> Outcome {
    let rank = |o: &Outcome| match o {
        Outcome::Success => 0,
        Outcome::Problems => 1,
        Outcome::Failed => 2,
    };
    if rank(&b) > rank(&a) {
        b
    } else {
        a
    }
}

/// The batch's lines on standard error: on a terminal one line per running compile with its
/// time, redrawn, and a line per module as it ends; elsewhere only the latter.
struct Board {
    terminal: bool,
    enabled: bool,
    running: Vec<(String, Instant)>,
    drawn: usize,
}

impl Board {
    fn new(terminal: bool, enabled: bool) -> Board {
        Board { terminal, enabled, running: Vec::new(), drawn: 0 }
    }

    fn start(&mut self, name: &str) {
        self.running.push((name.to_string(), Instant::now()));
        self.draw();
    }

    fn end(&mut self, name: &str, line: &str) {
        self.running.retain(|(n, _)| n != name);
        if !self.enabled {
            return;
        }
        self.clear();
        let _ = writeln!(std::io::stderr(), "{line}");
        self.draw();
    }

    fn clear(&mut self) {
        if self.drawn > 0 {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\x1b[{}A", self.drawn);
            for _ in 0..self.drawn {
                let _ = writeln!(err, "\x1b[2K");
            }
            let _ = write!(err, "\x1b[{}A", self.drawn);
            self.drawn = 0;
        }
    }

    fn draw(&mut self) {
        if !(self.enabled && self.terminal) {
            return;
        }
        self.clear();
        let mut err = std::io::stderr().lock();
        for (name, since) in &self.running {
            let _ = writeln!(err, "  {name}: compiling, {}", air_compile::aircc::format_duration(since.elapsed()));
        }
        self.drawn = self.running.len();
    }

    fn finish(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn forwarded(line: &str) -> String {
        let tokens: Vec<OsString> = line.split(' ').map(OsString::from).collect();
        let command = crate::cli_command();
        let compile = command.find_subcommand("compile").unwrap();
        forward(&tokens, compile).iter().map(|t| t.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn a_child_gets_every_flag_but_the_inputs_and_its_own() {
        assert_eq!(
            forwarded("groups --objects objs -o out --jobs 2 --format=json a.mlir --no-lint -j3 --timeout 5m"),
            "--objects objs -o out --no-lint --timeout 5m"
        );
        assert_eq!(
            forwarded(
                "x.mlir --omit-ping-pong-transform y.mlir --air-opt --cache-url http://h/c --name n -- --num-cols=4 z"
            ),
            "--omit-ping-pong-transform --air-opt --cache-url http://h/c -- --num-cols=4 z"
        );
        assert_eq!(
            forwarded("-v a.mlir --air-runtime-loop-tiling-sizes 2,2 b.mlir"),
            "-v --air-runtime-loop-tiling-sizes 2,2"
        );
    }
}

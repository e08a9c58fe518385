//! Running aircc: in its own process group (so `--timeout` can kill it with everything it
//! started: aiecc, clang, xchesscc), its stdout and stderr streamed line by line into the log,
//! and on a terminal a progress line with the elapsed time and the stage aircc is in.

use crate::process::Exit;
use air_compile::aircc::{format_duration, stage_of_line};
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    Exited(i32),
    Signaled(i32),
    TimedOut,
    /// air-stitch got SIGINT, SIGTERM or SIGHUP (Ctrl-C): aircc's group was killed.
    Interrupted,
}

pub struct Run<'a> {
    pub program: &'a Path,
    pub args: &'a [String],
    pub cwd: &'a Path,
    pub path_env: OsString,
    pub log: &'a Path,
    pub timeout: Duration,
}

/// Runs aircc to the end or the timeout. `Err` is a failure to start it or to write the log.
pub fn run(run: &Run<'_>) -> std::io::Result<(Ended, Duration)> {
    let log = Arc::new(Mutex::new(File::create(run.log)?));
    let stage = Arc::new(Mutex::new(String::from("starting")));
    let mut command = Command::new(run.program);
    command
        .args(run.args)
        .current_dir(run.cwd)
        .env("PATH", &run.path_env)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    // aircc leads its own process group, so a terminal's Ctrl-C no longer reaches it: the
    // signal is caught here and passed on as a kill of the whole group.
    let interrupt = Interrupt::catch();
    let started = Instant::now();
    let mut child = command.spawn()?;
    let readers: Vec<_> = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|stream| {
        let (log, stage) = (log.clone(), stage.clone());
        std::thread::spawn(move || copy_lines(stream, &log, &stage))
    })
    .collect();
    let progress = std::io::stderr().is_terminal();
    let ended = loop {
        if let Some(status) = child.try_wait()? {
            break match crate::process::exit_of(status) {
                Exit::Code(code) => Ended::Exited(code),
                Exit::Signal(signal) => Ended::Signaled(signal),
            };
        }
        if interrupt.happened() {
            kill_group(&mut child);
            break Ended::Interrupted;
        }
        if started.elapsed() >= run.timeout {
            kill_group(&mut child);
            break Ended::TimedOut;
        }
        if progress {
            let stage = stage.lock().map(|s| s.clone()).unwrap_or_default();
            let _ = write!(std::io::stderr(), "\r\x1b[2K  aircc: {:>5}  {stage}", elapsed(started.elapsed()));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let took = started.elapsed();
    if progress {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    // The readers end when every process holding the pipes has gone (the group was killed).
    for reader in readers {
        let _ = reader.join();
    }
    if ended == Ended::TimedOut {
        if let Ok(mut file) = log.lock() {
            writeln!(
                file,
                "air-stitch: aircc did not finish within {} (--timeout); its process group was killed",
                format_duration(run.timeout)
            )?;
        }
    }
    if let Ok(file) = log.lock() {
        file.sync_all()?;
    }
    Ok((ended, took))
}

/// SIGINT, SIGTERM and SIGHUP set a flag while aircc runs; the handlers go when this drops,
/// so the default (ending air-stitch) applies again.
struct Interrupt {
    flag: Arc<AtomicBool>,
    #[cfg(unix)]
    ids: Vec<signal_hook::SigId>,
}

impl Interrupt {
    #[cfg(unix)]
    fn catch() -> Interrupt {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let flag = Arc::new(AtomicBool::new(false));
        let ids = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter_map(|signal| signal_hook::flag::register(signal, flag.clone()).ok())
            .collect();
        Interrupt { flag, ids }
    }

    #[cfg(not(unix))]
    fn catch() -> Interrupt {
        Interrupt { flag: Arc::new(AtomicBool::new(false)) }
    }

    fn happened(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

#[cfg(unix)]
impl Drop for Interrupt {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

fn elapsed(duration: Duration) -> String {
    let s = duration.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

fn copy_lines(stream: Box<dyn Read + Send>, log: &Mutex<File>, stage: &Mutex<String>) {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    while let Ok(n) = reader.read_until(b'\n', &mut line) {
        if n == 0 {
            break;
        }
        if let Ok(mut file) = log.lock() {
            let _ = file.write_all(&line);
        }
        if let Some(now) = stage_of_line(&String::from_utf8_lossy(&line)) {
            if let Ok(mut stage) = stage.lock() {
                *stage = now;
            }
        }
        line.clear();
    }
}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    // The child leads its own group (process_group(0)): its pid is the group's id.
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(not(unix))]
fn kill_group(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

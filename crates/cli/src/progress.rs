//! A status line for a command that runs long: after 2 s, standard error shows
//! `air-stitch roles: 3 s` on one line, redrawn every 250 ms and wiped before anything else is
//! written there (`clear`) and when the command ends. Only on a terminal: a pipe, a file and
//! `--format json` see nothing of it. `compile`, `run` and `check-merge` draw their own
//! (aircc's stage).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a command runs before the line appears.
const AFTER: Duration = Duration::from_secs(2);
const EVERY: Duration = Duration::from_millis(250);

/// Whether the line is on the screen now (then the next write to stderr wipes it first).
static DRAWN: Mutex<bool> = Mutex::new(false);
/// The command ended: the line is not drawn again.
static STOPPED: AtomicBool = AtomicBool::new(false);

/// Starts the line for `label` (e.g. `air-stitch roles`) on a terminal.
pub fn start(label: String) {
    if !std::io::stderr().is_terminal() {
        return;
    }
    let started = Instant::now();
    std::thread::spawn(move || {
        std::thread::sleep(AFTER);
        while !STOPPED.load(Ordering::Relaxed) {
            let mut stderr = std::io::stderr().lock();
            if let Ok(mut drawn) = DRAWN.lock() {
                if STOPPED.load(Ordering::Relaxed) {
                    break;
                }
                let _ = write!(stderr, "\r\x1b[2K{}", line(&label, started.elapsed()));
                let _ = stderr.flush();
                *drawn = true;
            }
            drop(stderr);
            std::thread::sleep(EVERY);
        }
    });
}

/// `air-stitch roles: 3 s`.
fn line(label: &str, elapsed: Duration) -> String {
    format!("{label}: {} s", elapsed.as_secs())
}

/// Wipes the line before `stderr` is written to (hold its lock across the write).
pub fn clear(stderr: &mut impl Write) {
    if let Ok(mut drawn) = DRAWN.lock() {
        if *drawn {
            let _ = write!(stderr, "\r\x1b[2K");
            *drawn = false;
        }
    }
}

/// The command ended: wipe the line for good.
pub fn stop(stderr: &mut impl Write) {
    STOPPED.store(true, Ordering::Relaxed);
    clear(stderr);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_the_command_and_whole_seconds() {
        assert_eq!(line("air-stitch roles", Duration::from_millis(3_400)), "air-stitch roles: 3 s");
    }

    #[test]
    fn clear_wipes_only_a_drawn_line() {
        let mut out = Vec::new();
        clear(&mut out);
        assert!(out.is_empty());
        *DRAWN.lock().unwrap() = true;
        clear(&mut out);
        assert_eq!(out, b"\r\x1b[2K");
        clear(&mut out);
        assert_eq!(out, b"\r\x1b[2K");
    }
}

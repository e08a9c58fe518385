//! The NPU lock: the NPU is shared, and mlir-air serialises every run with `flock(2)` on
//! `/tmp/npu.lock` (`filelock.FileLock` in `llms/shared/infra/cache.py`'s KernelCache). The same
//! inode and the same kind of lock, so air-stitch and upstream's runs exclude each other.

use crate::codes;
use crate::RunError;
use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// Upstream's lock file.
pub const DEFAULT_LOCK_PATH: &str = "/tmp/npu.lock";

/// An exclusive `flock` on the lock file, released when dropped (the file stays, as
/// upstream's does).
#[derive(Debug)]
pub struct NpuLock {
    _lock: Flock<File>,
    path: PathBuf,
}

impl NpuLock {
    /// Takes the lock; when another process holds it, calls `on_wait` once with a message
    /// saying so, then waits for it.
    pub fn acquire(path: &Path, on_wait: &mut dyn FnMut(&str)) -> Result<NpuLock, RunError> {
        let fail = |what: &str, err: &dyn std::fmt::Display| {
            RunError::new(codes::NPU_LOCK, format!("cannot {what} the NPU lock {}: {err}", path.display()))
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| fail("open", &e))?;
        let mut file = match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Ok(lock) => return Ok(NpuLock { _lock: lock, path: path.to_path_buf() }),
            Err((file, Errno::EWOULDBLOCK)) => file,
            Err((_, errno)) => return Err(fail("lock", &errno)),
        };
        on_wait(&format!("waiting for the NPU lock {} (another run holds it)", path.display()));
        loop {
            match Flock::lock(file, FlockArg::LockExclusive) {
                Ok(lock) => return Ok(NpuLock { _lock: lock, path: path.to_path_buf() }),
                // A signal interrupted the wait: wait again.
                Err((again, Errno::EINTR)) => file = again,
                Err((_, errno)) => return Err(fail("lock", &errno)),
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("air-run-lock-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_free_lock_is_taken_without_waiting() {
        let path = scratch("free");
        let mut waited = Vec::new();
        let lock = NpuLock::acquire(&path, &mut |m| waited.push(m.to_string())).unwrap();
        assert_eq!((lock.path(), waited.len()), (path.as_path(), 0));
        drop(lock);
        let _ = std::fs::remove_file(&path);
    }

    /// Two holders: the second waits (and says so) until the first lets go. flock locks
    /// belong to open files, so two opens in one process exclude each other as two processes do.
    #[test]
    fn the_second_holder_waits_with_a_message_until_the_first_lets_go() {
        let path = scratch("two");
        let first = NpuLock::acquire(&path, &mut |_| panic!("the first holder waits")).unwrap();
        let (said, heard) = mpsc::channel();
        let (taken, got) = mpsc::channel();
        let second_path = path.clone();
        let second = std::thread::spawn(move || {
            let lock = NpuLock::acquire(&second_path, &mut |m| said.send(m.to_string()).unwrap()).unwrap();
            taken.send(()).unwrap();
            drop(lock);
        });
        let message = heard.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(message, format!("waiting for the NPU lock {} (another run holds it)", path.display()));
        assert!(got.recv_timeout(Duration::from_millis(200)).is_err(), "the second took a held lock");
        drop(first);
        got.recv_timeout(Duration::from_secs(10)).unwrap();
        second.join().unwrap();
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn an_unopenable_lock_file_is_an_error_with_its_path() {
        let path = Path::new("/nonexistent-dir/npu.lock");
        let err = NpuLock::acquire(path, &mut |_| {}).unwrap_err();
        assert_eq!(
            err,
            RunError::new(
                codes::NPU_LOCK,
                "cannot open the NPU lock /nonexistent-dir/npu.lock: No such file or directory (os error 2)"
            )
        );
    }
}

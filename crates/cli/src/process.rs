//! Finding and judging the external programs the CLI runs (air-opt, aircc, aiecc and the tools
//! of their toolchain): a program on a search path, whether a file is executable, how a
//! finished process ended. One home, so that every subcommand finds a program the same way.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Whether `path` is a file this user may run.
#[cfg(unix)]
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
pub fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// The first executable `name` in the directories of `path` (a `PATH`-style list).
pub fn on_path_of(name: &str, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

/// The first executable `name` on `$PATH`.
pub fn on_path(name: &str) -> Option<PathBuf> {
    on_path_of(name, &std::env::var_os("PATH")?)
}

/// How a finished process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Its exit status (-1 when the platform gives neither a status nor a signal).
    Code(i32),
    /// The signal that killed it.
    Signal(i32),
}

#[cfg(unix)]
pub fn exit_of(status: std::process::ExitStatus) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Code(code),
        (None, Some(signal)) => Exit::Signal(signal),
        (None, None) => Exit::Code(-1),
    }
}

#[cfg(not(unix))]
pub fn exit_of(status: std::process::ExitStatus) -> Exit {
    Exit::Code(status.code().unwrap_or(-1))
}

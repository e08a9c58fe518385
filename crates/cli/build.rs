//! Build script: embeds the commit the binary is built from, for `air-stitch --version`.
//! `AIR_STITCH_COMMIT` names it when building outside git (a source tarball, a package
//! build); otherwise `git` is asked, and without either the version says `unknown`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=AIR_STITCH_COMMIT");
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let commit = match std::env::var("AIR_STITCH_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_string(),
        _ => from_git(&manifest_dir).unwrap_or_else(|| "unknown (not built from a git checkout)".to_string()),
    };
    println!("cargo:rustc-env=AIR_STITCH_COMMIT={commit}");
}

/// `git` with `args` in `dir`, its trimmed output when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

/// `abc123def456 (2026-08-22)`, and the files whose change means a new commit (HEAD, the
/// branch it is on, packed refs) so that cargo runs this again when one is made.
fn from_git(dir: &Path) -> Option<String> {
    let hash = git(dir, &["rev-parse", "--short=12", "HEAD"])?;
    let date = git(dir, &["log", "-1", "--format=%cs", "HEAD"]);
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(dir, &["rev-parse", "--git-path", &name]) {
            let path = dir.join(path);
            // A missing file would make cargo run this script on every build.
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    Some(match date {
        Some(date) => format!("{hash} ({date})"),
        None => hash,
    })
}

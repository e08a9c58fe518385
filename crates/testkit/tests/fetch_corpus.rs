//! `tools/fetch-corpus.sh` without network: against a local git repository standing in for
//! upstream (two commits, a file the manifest does not list), its failure when the commit
//! cannot be fetched, and the commands it would run for the real manifest. Needs `git` and
//! `bash`, as CI has.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_testkit::repo_root;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "init.defaultBranch=main"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fetch-corpus").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fetch(args: &[&str], url: &str, cache: &Path) -> Output {
    Command::new("bash")
        .arg(repo_root().join("tools/fetch-corpus.sh"))
        .args(args)
        .env("MLIR_AIR_URL", url)
        .env("AIR_STITCH_CACHE", cache)
        .output()
        .unwrap()
}

/// An upstream with `mlir/test/a.mlir`, `test/b.mlir` and an unlisted `other.mlir`; the first
/// commit is pinned, a second one changes `a.mlir`. Returns (repository, pinned commit, manifest).
fn upstream(base: &Path) -> (PathBuf, String, PathBuf) {
    let repo = base.join("upstream");
    std::fs::create_dir_all(repo.join("mlir/test")).unwrap();
    std::fs::create_dir_all(repo.join("test")).unwrap();
    git(&repo, &["init", "-q"]);
    std::fs::write(repo.join("mlir/test/a.mlir"), "// RUN: air-opt %s\nmodule {\n}\n").unwrap();
    std::fs::write(repo.join("test/b.mlir"), "module {\n}\n").unwrap();
    std::fs::write(repo.join("other.mlir"), "module {\n}\n").unwrap();
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-qm", "pinned"]);
    let pinned = git(&repo, &["rev-parse", "HEAD"]);
    std::fs::write(repo.join("mlir/test/a.mlir"), "changed\n").unwrap();
    git(&repo, &["commit", "-qam", "later"]);
    let manifest = base.join("manifest.tsv");
    let text = format!(
        "#repository\thttps://example.invalid/mlir-air\n#commit\t{pinned}\npath\tbytes\tgit_blob\tsplit\texpect\n\
         mlir/test/a.mlir\t0\tx\tno\tvalid\ntest/b.mlir\t0\tx\tno\tvalid\n"
    );
    std::fs::write(&manifest, text).unwrap();
    (repo, pinned, manifest)
}

#[test]
fn fetches_the_listed_files_at_the_pinned_commit_once() {
    let base = scratch("fetch");
    let (repo, pinned, manifest) = upstream(&base);
    let url = format!("file://{}", repo.display());
    let cache = base.join("cache");
    let output = fetch(&["--manifest", manifest.to_str().unwrap()], &url, &cache);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let dest = cache.join(format!("mlir-air-{pinned}"));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().last(), Some(dest.to_str().unwrap()));
    assert!(stderr.contains(&format!("==> fetching 2 files of {url} at {pinned} into {}", dest.display())), "{stderr}");
    // The pinned content, and only the listed files.
    assert_eq!(std::fs::read_to_string(dest.join("mlir/test/a.mlir")).unwrap(), "// RUN: air-opt %s\nmodule {\n}\n");
    assert!(dest.join("test/b.mlir").is_file());
    assert!(!dest.join("other.mlir").exists(), "an unlisted file was checked out");
    assert_eq!(git(&dest, &["rev-parse", "HEAD"]), pinned);
    // A second run finds it complete and needs no upstream.
    std::fs::remove_dir_all(&repo).unwrap();
    let again = fetch(&["--manifest", manifest.to_str().unwrap()], &url, &cache);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(String::from_utf8_lossy(&again.stdout), format!("{}\n", dest.display()));
    assert!(again.stderr.is_empty(), "{}", String::from_utf8_lossy(&again.stderr));
}

#[test]
fn a_failed_fetch_exits_1_naming_the_other_ways_and_leaves_nothing() {
    let base = scratch("fail");
    let (_, pinned, manifest) = upstream(&base);
    let url = format!("file://{}", base.join("no-such-repository").display());
    let cache = base.join("cache");
    let output = fetch(&["--manifest", manifest.to_str().unwrap()], &url, &cache);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    let tail = stderr.lines().skip_while(|l| !l.starts_with("error:")).collect::<Vec<_>>().join("\n");
    assert_eq!(
        tail,
        format!(
            "error: could not fetch 2 files of {url} at {pinned}: git fetch failed (no network, or the commit is not there)\n\
             The corpus can also be given without network (testdata/corpus/README.md):\n  \
             AIR_STITCH_CORPUS=DIR      a folder holding those files at their upstream paths\n  \
             MLIR_AIR_SRC=DIR           an mlir-air checkout at that commit\n  \
             ../shared/corpus/mlir-air  the corpus folder beside the repository"
        )
    );
    // No partial checkout is left in the cache.
    let left: Vec<_> = std::fs::read_dir(&cache).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(left.is_empty(), "left in the cache: {left:?}");
}

#[test]
fn the_commands_for_the_real_manifest_name_the_pinned_commit_and_every_path() {
    let manifest = air_testkit::corpus_manifest();
    let cache = scratch("print");
    let output = Command::new("bash")
        .arg(repo_root().join("tools/fetch-corpus.sh"))
        .arg("--print-commands")
        .env_remove("MLIR_AIR_URL")
        .env("AIR_STITCH_CACHE", &cache)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let manifest_path = repo_root().join("testdata/corpus/mlir-air.tsv");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!(
            "git init -q DIR\n\
             git -C DIR remote add origin https://github.com/Xilinx/mlir-air\n\
             git -C DIR sparse-checkout set --no-cone --stdin  # {} paths from {}\n\
             git -C DIR fetch --depth 1 --filter=blob:none origin {}\n\
             git -C DIR checkout -q --detach FETCH_HEAD\n\
             # then DIR becomes {}/mlir-air-{}\n",
            manifest.entries.len(),
            manifest_path.display(),
            manifest.commit,
            cache.display(),
            manifest.commit
        )
    );
    assert!(std::fs::read_dir(&cache).unwrap().next().is_none(), "--print-commands fetched something");
}

#[test]
fn bad_arguments_and_a_manifest_without_a_pin_are_usage_errors() {
    let base = scratch("usage");
    let output = fetch(&["--frobnicate"], "file:///nowhere", &base);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "usage: tools/fetch-corpus.sh [--manifest FILE] [--print-commands]\n"
    );
    let manifest = base.join("m.tsv");
    std::fs::write(&manifest, "path\tbytes\tgit_blob\tsplit\texpect\n").unwrap();
    let output = fetch(&["--manifest", manifest.to_str().unwrap()], "file:///nowhere", &base);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("error: {} has no #repository line or no 40-digit #commit line\n", manifest.display())
    );
}

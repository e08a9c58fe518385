//! Writes the corpus manifest (`testdata/corpus/mlir-air.tsv`) to stdout, each row derived
//! from the file itself (`air_testkit::corpus::derive_entry`):
//!
//! ```text
//! cargo run -p air-testkit --bin corpus-manifest -- DIR [--walk] [--commit SHA] > testdata/corpus/mlir-air.tsv
//! ```
//!
//! DIR holds the files at their upstream paths (a copy, or an mlir-air checkout). The rows are
//! the committed manifest's paths; `--walk` takes every `.mlir` file under DIR instead (to
//! change the list). `--commit` pins another commit (check DIR out at it first).

use air_testkit::corpus::{derive_entry, parse_manifest, render_manifest, Manifest, MANIFEST_PATH};
use std::path::{Path, PathBuf};

const REPOSITORY: &str = "https://github.com/Xilinx/mlir-air";

fn main() {
    if let Err(message) = run(std::env::args().skip(1).collect()) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let (mut dir, mut walk, mut commit) = (None, false, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--walk" => walk = true,
            "--commit" => commit = Some(args.next().ok_or("--commit needs a commit id")?),
            _ if dir.is_none() && !arg.starts_with('-') => dir = Some(PathBuf::from(arg)),
            _ => {
                return Err(format!("unexpected argument `{arg}`; usage: corpus-manifest DIR [--walk] [--commit SHA]"))
            }
        }
    }
    let dir = dir.ok_or("usage: corpus-manifest DIR [--walk] [--commit SHA]")?;
    let committed = std::fs::read_to_string(air_testkit::repo_root().join(MANIFEST_PATH))
        .ok()
        .map(|text| parse_manifest(&text).map_err(|e| e.to_string()))
        .transpose()?;
    let commit = match (commit, &committed) {
        (Some(commit), _) => commit,
        (None, Some(manifest)) => manifest.commit.clone(),
        (None, None) => return Err(format!("{MANIFEST_PATH} does not exist yet: give --commit")),
    };
    let paths = match (&committed, walk) {
        (Some(manifest), false) => manifest.entries.iter().map(|e| e.path.clone()).collect(),
        _ => walk_mlir(&dir)?,
    };
    let mut entries = Vec::new();
    for path in paths {
        let file = dir.join(&path);
        let bytes = std::fs::read(&file).map_err(|e| format!("reading {}: {e}", file.display()))?;
        entries.push(derive_entry(&path, &bytes));
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    let manifest = Manifest { repository: REPOSITORY.to_string(), commit, entries };
    // What is written must read back.
    parse_manifest(&render_manifest(&manifest)).map_err(|e| e.to_string())?;
    print!("{}", render_manifest(&manifest));
    Ok(())
}

/// Every `.mlir` file under `dir`, as `/`-separated paths relative to it (`.git` skipped).
fn walk_mlir(dir: &Path) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let entries = std::fs::read_dir(&current).map_err(|e| format!("reading {}: {e}", current.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("reading {}: {e}", current.display()))?.path();
            if path.is_dir() && !path.ends_with(".git") {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                let relative = path.strip_prefix(dir).map_err(|e| e.to_string())?;
                found.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    Ok(found)
}

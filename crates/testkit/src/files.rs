//! The files the tools generate (kernelgen's fixtures, sweep's points, mutagen's batches):
//! each written whole or not at all, and the ones an older run wrote and this one did not,
//! removed. The CLI has its own writer (`crates/cli/src/outputs.rs`), which also refuses to
//! overwrite an input.

use std::collections::BTreeSet;
use std::io::{Error, ErrorKind};
use std::path::Path;

/// Writes `text` through a hidden temporary file in the same directory and a rename, so a reader
/// never sees half a file. The error names the file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| Error::new(ErrorKind::InvalidInput, format!("{} is not a file name", path.display())))?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    let named = |what: &str, err: Error| Error::new(err.kind(), format!("{what} {}: {err}", path.display()));
    std::fs::write(&tmp, text).map_err(|err| named("writing", err))?;
    std::fs::rename(&tmp, path).map_err(|err| {
        let _ = std::fs::remove_file(&tmp);
        named("renaming a temporary file to", err)
    })
}

/// Removes the files of `dir` whose names `generated` recognises and that are not in `written`;
/// returns their names, sorted.
pub fn remove_stale(
    dir: &Path,
    generated: impl Fn(&str) -> bool,
    written: &BTreeSet<String>,
) -> std::io::Result<Vec<String>> {
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if generated(&name) && !written.contains(&name) {
            std::fs::remove_file(&path)
                .map_err(|err| Error::new(err.kind(), format!("removing {}: {err}", path.display())))?;
            removed.push(name);
        }
    }
    removed.sort();
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_stale_files_go() {
        let dir = std::env::temp_dir().join(format!("air-testkit-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        write_atomically(&dir.join("a.mlir"), "one").unwrap();
        write_atomically(&dir.join("a.mlir"), "two").unwrap();
        write_atomically(&dir.join("old.mlir"), "x").unwrap();
        write_atomically(&dir.join("keep.txt"), "x").unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("a.mlir")).unwrap(), "two");
        let written = BTreeSet::from(["a.mlir".to_string()]);
        let removed = remove_stale(&dir, |n| n.ends_with(".mlir"), &written).unwrap();
        assert_eq!(removed, ["old.mlir"]);
        let mut left: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        left.sort();
        assert_eq!(left, ["a.mlir", "keep.txt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

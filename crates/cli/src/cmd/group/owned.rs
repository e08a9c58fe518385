//! What `group` owns in its output directory (docs/group.md#re-running-into-one-directory).
//!
//! A run writes `<layer>_<n>.toml`, `.mlir`, `.roles.json` (and `.externs.json` when it renames
//! an extern) for the groups it finds and
//! `<layer>.groups.json`, which lists them. A later run of the same layer into the same directory
//! may find fewer groups, or an external kernel where a group was: the files of the earlier run
//! that it does not overwrite would be left behind, and a script that globs `<layer>_*.mlir`
//! would compile stale modules. So `group` removes them, but only what it can prove it wrote:
//! a file the earlier `<layer>.groups.json` lists by a name of group's own naming for this
//! layer. A file of that naming that the document does not list is not group's to remove, and
//! leaving it would keep the hazard: the run is refused before planning. Every other file in the
//! directory (the layer, other layers' outputs, anything else) is never looked at.
//!
//! The removal comes last: the new set is written (atomically, file by file) first, so a run
//! that fails leaves the earlier outputs as they were.

use std::collections::BTreeSet;
use std::path::Path;

/// The suffixes of a group's files.
pub const SUFFIXES: [&str; 4] = [".toml", ".mlir", ".roles.json", ".externs.json"];

/// `-o` must be a directory, or not exist yet: a usage error (exit status 2) otherwise, before
/// the layer is even read.
pub fn check_dir(dir: &Path) -> anyhow::Result<()> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => anyhow::bail!(
            "-o {} is a file, not a directory: group writes several files into a directory (give -o a directory, new or existing)",
            crate::common::shown(dir)
        ),
        _ => Ok(()),
    }
}

/// Whether `name` is a file name of group's naming for `layer`: `<layer>_<n>` with `n` a
/// positive number written without leading zeros, then `.toml`, `.mlir`, `.roles.json` or
/// `.externs.json`.
pub fn is_group_file(name: &str, layer: &str) -> bool {
    let Some(rest) = name.strip_prefix(layer).and_then(|rest| rest.strip_prefix('_')) else {
        return false;
    };
    SUFFIXES.iter().any(|suffix| {
        rest.strip_suffix(suffix).is_some_and(|number| {
            !number.is_empty() && !number.starts_with('0') && number.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// The files of the earlier run that this one may remove: those `<layer>.groups.json` in `dir`
/// lists that are of group's naming. A missing or unreadable document lists nothing.
fn listed(dir: &Path, layer: &str) -> BTreeSet<String> {
    let path = dir.join(format!("{layer}.groups.json"));
    let Ok(text) = std::fs::read_to_string(path) else { return BTreeSet::new() };
    let Ok(document) = serde_json::from_str::<serde_json::Value>(&text) else { return BTreeSet::new() };
    if document["schema"] != super::SCHEMA || document["layer"] != layer {
        return BTreeSet::new();
    }
    let groups = document["groups"].as_array().map(Vec::as_slice).unwrap_or_default();
    groups
        .iter()
        .flat_map(|group| ["plan", "merged", "roles", "externs"].map(|field| group[field].as_str()))
        .flatten()
        .filter(|name| is_group_file(name, layer))
        .map(str::to_string)
        .collect()
}

/// The files of group's naming for a layer found in its output directory.
pub struct Earlier {
    /// Listed by the earlier groups document: the earlier run's outputs, to be removed once the
    /// new set is written unless it overwrites them (file names, sorted).
    pub owned: Vec<String>,
    /// Not listed: not group's (file names, sorted).
    foreign: Vec<String>,
}

/// The files of group's naming for `layer` in `dir`, told apart by the earlier document.
pub fn earlier_outputs(dir: &Path, layer: &str) -> Earlier {
    let mut earlier = Earlier { owned: Vec::new(), foreign: Vec::new() };
    let Ok(entries) = std::fs::read_dir(dir) else { return earlier };
    let listed = listed(dir, layer);
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        // Only files (or links) are candidates: a directory is never group's.
        let is_dir = entry.file_type().is_ok_and(|kind| kind.is_dir());
        if is_dir || !is_group_file(&name, layer) {
            continue;
        }
        if listed.contains(&name) {
            earlier.owned.push(name);
        } else {
            earlier.foreign.push(name);
        }
    }
    earlier.owned.sort();
    earlier.foreign.sort();
    earlier
}

impl Earlier {
    /// A usage error (exit status 2, nothing written) when `dir` holds a file of group's naming
    /// that the earlier document does not list.
    pub fn refuse_foreign(&self, dir: &Path, layer: &str) -> anyhow::Result<()> {
        let Some(first) = self.foreign.first() else { return Ok(()) };
        let more = match self.foreign.len() {
            1 => String::new(),
            n => format!(" (and {} more: {})", n - 1, self.foreign[1..].join(", ")),
        };
        anyhow::bail!(
            "{} has group's naming for layer `{layer}`{more} but {} does not list it: group removes only the outputs its earlier run listed, and a left-over module would be taken for this run's; remove or rename it, or choose another -o",
            crate::common::shown(&dir.join(first)),
            crate::common::shown(&dir.join(format!("{layer}.groups.json"))),
        )
    }
}

/// Removes the earlier outputs the new set (`written`, file names) did not overwrite, after the
/// new set is in place; returns the names removed.
pub fn remove_stale(dir: &Path, earlier: &[String], written: &BTreeSet<&str>) -> anyhow::Result<Vec<String>> {
    let mut removed = Vec::new();
    for name in earlier.iter().filter(|name| !written.contains(name.as_str())) {
        let path = dir.join(name);
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(name.clone()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => anyhow::bail!(
                "the new outputs are written, but the earlier run's {} cannot be removed: {err}",
                crate::common::shown(&path)
            ),
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_naming_is_the_layer_a_number_and_a_suffix() {
        for name in ["adds_1.mlir", "adds_12.toml", "adds_3.roles.json"] {
            assert!(is_group_file(name, "adds"), "{name}");
        }
        let not_ours = [
            "adds.groups.json",
            "adds_0.mlir",
            "adds_01.mlir",
            "adds_.mlir",
            "adds_1.json",
            "adds_1_2.mlir",
            "adds_x.mlir",
            "add_1.mlir",
            "adds_1.mlir.bak",
            "../adds_1.mlir",
            "layer.toml",
        ];
        for name in not_ours {
            assert!(!is_group_file(name, "adds"), "{name}");
        }
        // Another layer whose name extends this one's is not this one's.
        assert!(!is_group_file("adds_1_1.mlir", "adds"));
        assert!(is_group_file("adds_1_1.mlir", "adds_1"));
    }
}

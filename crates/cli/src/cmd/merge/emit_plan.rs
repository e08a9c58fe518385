//! `merge --emit-plan FILE`: the plan a zero-config merge made, as a plan file that `merge
//! --plan`, `inputs` and `check-merge` take. The library writes the text
//! (`air_merge::plan::write`); this file makes each input's path relative to the plan's
//! directory, as a plan's slice files are read.

use crate::load::merge_inputs::split_section;
use air_merge::plan::MergePlan;
use std::path::{Component, Path, PathBuf};

/// The comment that opens an emitted plan; then where its files are relative to.
const HEADER: &str = "\
# The plan of a zero-config merge, written by `air-stitch merge --emit-plan`: `air-stitch merge
# --plan` on this file makes the same merge, and `inputs` and `check-merge` take it (docs/run.md).
";

/// The text of the plan `plan` (a zero-config merge's, of the inputs `typed` as given on the
/// command line, `FILE#N` for a section) to be written at `plan_path` (`-`: standard output,
/// its paths relative to the current directory). An error when an input's path cannot be
/// written in a plan.
pub fn emitted_plan(plan: &MergePlan, typed: &[PathBuf], plan_path: &Path) -> anyhow::Result<String> {
    let plan_dir = if plan_path.as_os_str() == "-" {
        PathBuf::new()
    } else {
        plan_path.parent().map(Path::to_path_buf).unwrap_or_default()
    };
    let mut emitted = plan.clone();
    if emitted.slices.len() != typed.len() {
        anyhow::bail!("internal error: {} slices for {} inputs", emitted.slices.len(), typed.len());
    }
    for (slice, typed) in emitted.slices.iter_mut().zip(typed) {
        let (path, section) = split_section(typed);
        let relative = relative_to(&path, &plan_dir)?;
        slice.file = relative.to_str().map(str::to_string).ok_or_else(|| {
            anyhow::anyhow!(
                "--emit-plan: the input {} has a path that is not UTF-8, which a plan cannot name",
                path.display()
            )
        })?;
        slice.section = section;
    }
    let relative = if plan_path.as_os_str() == "-" {
        "# Slice files are relative to the directory merge ran in: save the plan there."
    } else {
        "# Slice files are relative to this file's directory."
    };
    Ok(air_merge::plan::write::plan_toml(&emitted, &format!("{HEADER}{relative}")))
}

/// `path` (an input, as given) as a plan in `plan_dir` (as given) names it: `plan_dir` joined
/// with the result reads `path`. When `plan_dir` is a prefix of `path` as given, the rest of
/// it, so that a merge of the plan names its slices exactly as the command line did (the
/// `// slice` comments of the module then match byte for byte); else the way from one to the
/// other through their canonical forms.
fn relative_to(path: &Path, plan_dir: &Path) -> anyhow::Result<PathBuf> {
    if path.is_absolute() == plan_dir.is_absolute() {
        if let Ok(rest) = path.strip_prefix(plan_dir) {
            if !rest.as_os_str().is_empty() {
                return Ok(rest.to_path_buf());
            }
        }
    }
    let canonical = |p: &Path| {
        let shown = if p.as_os_str().is_empty() { Path::new(".") } else { p };
        shown.canonicalize().map_err(|err| anyhow::anyhow!("--emit-plan: cannot resolve {}: {err}", shown.display()))
    };
    Ok(path_between(&canonical(plan_dir)?, &canonical(path)?))
}

/// The relative path from directory `from` to `to`, both canonical: `..` for each component of
/// `from` past their common part, then the rest of `to`. (On a system with several roots, two
/// paths on different roots have no relative path: `to` is kept absolute.)
fn path_between(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<Component<'_>> = from.components().collect();
    let to_parts: Vec<Component<'_>> = to.components().collect();
    let common = from.iter().zip(&to_parts).take_while(|(a, b)| a == b).count();
    let same_root = common > 0 && matches!(from.first(), Some(Component::RootDir | Component::Prefix(_)));
    if !same_root {
        return to.to_path_buf();
    }
    let mut relative = PathBuf::new();
    for _ in common..from.len() {
        relative.push("..");
    }
    for part in &to_parts[common..] {
        relative.push(part.as_os_str());
    }
    relative
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_between_canonical_directories() {
        let between = |from: &str, to: &str| path_between(Path::new(from), Path::new(to)).display().to_string();
        assert_eq!(between("/w/build", "/w/kernels/a.mlir"), "../kernels/a.mlir");
        assert_eq!(between("/w", "/w/kernels/a.mlir"), "kernels/a.mlir");
        assert_eq!(between("/w/a/b/c", "/w/x.mlir"), "../../../x.mlir");
        assert_eq!(between("/", "/x.mlir"), "x.mlir");
    }

    #[test]
    fn a_plan_directory_that_prefixes_the_input_keeps_its_spelling() {
        let rel = |path: &str, dir: &str| relative_to(Path::new(path), Path::new(dir)).unwrap().display().to_string();
        assert_eq!(rel("build/k/a.mlir", "build"), "k/a.mlir");
        assert_eq!(rel("./a.mlir", ""), "./a.mlir");
        assert_eq!(rel("../x/a.mlir", ""), "../x/a.mlir");
        assert_eq!(rel("/abs/a.mlir", "/abs"), "a.mlir");
    }
}

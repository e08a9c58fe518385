//! What `check-merge` and `inputs` both read: the plan and its slices (as `merge --plan` reads
//! them), merged in memory, and check-merge's layout of buffers and views.

use crate::cmd::merge::inputs::{self, Inputs, Stop};
use crate::cmdline::CommandLine;
use crate::common::Outcome;
use air_diagnostics::{Diagnostic, SourceMap};
use air_passes::merge::{finish, stitch};
use air_run::check_merge::{self, Layout};
use std::path::{Path, PathBuf};

/// The merged module's text, the layout, and every file read (the plan, then its slices).
pub struct Loaded {
    pub merged: String,
    pub layout: Layout,
    pub paths: Vec<PathBuf>,
}

/// Reads and merges the plan; `Err`: the diagnostics (located in `sources`), exit status 2.
pub fn load(plan_path: &Path, sources: &mut SourceMap) -> Result<Loaded, Vec<Diagnostic>> {
    let line = CommandLine::capture();
    let Inputs { plan, slices, paths } = match inputs::from_plan(plan_path, sources, &line) {
        Ok(read) => read,
        Err(Stop { diagnostics, .. }) => return Err(diagnostics),
    };
    let merged = finish(stitch(&plan, &slices)?)?;
    let file = sources.add("<merged module>", merged.text().to_string());
    let layout = check_merge::prepare(&plan, &slices, &merged.parse, file)?;
    Ok(Loaded { merged: merged.text().to_string(), layout, paths })
}

/// The outcome of a run stopped before the device: every such stop is exit status 2 (1 is a
/// failed gate).
pub const STOPPED: Outcome = Outcome::Failed;

//! What `check-merge` and `inputs` both read: the plan and its slices (as `merge --plan` reads
//! them), merged in memory, and check-merge's layout of buffers and views.

use crate::cmdline::CommandLine;
use crate::common::Outcome;
use crate::load::merge_inputs::{self as inputs, Inputs, Stop};
use air_check_merge::Layout;
use air_diagnostics::{Diagnostic, SourceMap};
use air_merge::merge::{finish, stitch};
use std::path::{Path, PathBuf};

/// The merged module's text, the layout, and every file read (the plan, then its slices).
pub struct Loaded {
    pub merged: String,
    pub layout: Layout,
    pub paths: Vec<PathBuf>,
}

/// Why loading stopped: the diagnostics (located in `sources`) and the closing line's reason.
pub type Stopped = (Vec<Diagnostic>, &'static str);

/// Reads and merges the plan, and lays out its buffers; `Err`: exit status 2.
pub fn load(plan_path: &Path, sources: &mut SourceMap) -> Result<Loaded, Stopped> {
    let line = CommandLine::capture();
    let Inputs { plan, slices, paths } = match inputs::from_plan(plan_path, sources, &line) {
        Ok(read) => read,
        Err(Stop { diagnostics, .. }) => return Err((diagnostics, "the plan cannot be read")),
    };
    let not_merged = |d| (d, "the plan does not merge");
    let merged = finish(stitch(&plan, &slices).map_err(not_merged)?).map_err(not_merged)?;
    let file = sources.add("<merged module>", merged.text().to_string());
    let layout = air_check_merge::prepare(&plan, &slices, &merged, file)
        .map_err(|d| (d, "the plan's buffers cannot be bound"))?;
    Ok(Loaded { merged: merged.text().to_string(), layout, paths })
}

/// The outcome of a run stopped before the device: every such stop is exit status 2 (1 is a
/// failed gate).
pub const STOPPED: Outcome = Outcome::Failed;

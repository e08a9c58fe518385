//! `group --lower`: the compiler's MLIR half as the judge of every candidate check-bd is asked
//! about (`air_group::judge`), and each group's lowering for the report. A module is lowered
//! once per run: the final groups reuse the lowerings of the candidates that became them.

use crate::compile::lower::{self, LowerTools, Lowered};
use air_compile::lower::Verdict as Lowering;
use air_group::judge::{Judge, Verdict};
use air_group::layer::Layer;
use air_group::Grouping;
use air_merge::merge::Merged;
use air_merge::plan::backend::Backend;
use std::collections::BTreeMap;
use std::time::Duration;

/// Lowers candidates with aircc and aiecc, remembering each run by the module's text.
pub struct CompilerJudge<'a> {
    pub tools: &'a LowerTools,
    pub timeout: Duration,
    /// Each module lowered, by its text.
    pub runs: BTreeMap<String, Lowered>,
    /// A run that could not be set up, or a tool that does not work: the whole run stops.
    pub fatal: Option<String>,
}

impl<'a> CompilerJudge<'a> {
    pub fn new(tools: &'a LowerTools, timeout: Duration) -> CompilerJudge<'a> {
        CompilerJudge { tools, timeout, runs: BTreeMap::new(), fatal: None }
    }

    /// Lowers `text` (function `func`) with `backend`, once.
    fn lowered(&mut self, func: &str, text: &str, backend: &Backend) -> Option<&Lowered> {
        if !self.runs.contains_key(text) {
            let options = match crate::backend_args::BackendFlags::default().resolve(backend) {
                Ok(options) => options,
                Err(err) => {
                    self.fatal.get_or_insert(format!("{err}"));
                    return None;
                }
            };
            let name = format!("{func}.mlir");
            match lower::lower(self.tools, text.as_bytes(), &name, &options, self.timeout, false) {
                Ok(run) => {
                    self.runs.insert(text.to_string(), run);
                }
                Err(err) => {
                    self.fatal.get_or_insert(format!("cannot lower {name}: {err}"));
                    return None;
                }
            }
        }
        self.runs.get(text)
    }
}

impl Judge for CompilerJudge<'_> {
    fn judge(&mut self, func: &str, merged: &Merged, backend: &Backend) -> Verdict {
        let Some(run) = self.lowered(func, merged.text(), backend) else {
            return Verdict::NoVerdict("the lowering could not run".to_string());
        };
        let lowering = &run.lowering;
        match lowering.verdict {
            Lowering::Accepted => Verdict::Accepted,
            Lowering::Rejected => {
                let first = lowering.findings.first().map(|f| f.message.clone());
                let stage = lowering.stage.as_ref().map(|s| format!("in {s}"));
                Verdict::Rejected(first.or(stage).unwrap_or_else(|| "rejected".to_string()))
            }
            Lowering::ToolProblem => {
                let why = format!("the compiler does not run: {}", lowering.stage.clone().unwrap_or_default());
                self.fatal.get_or_insert(why.clone());
                Verdict::NoVerdict(why)
            }
            other => Verdict::NoVerdict(match &run.kept {
                Some(dir) => format!("{}; its files are kept in {}", other.as_str(), dir.display()),
                None => other.as_str().to_string(),
            }),
        }
    }
}

/// Each merged group's lowering, in group order: the judge's run of its module when it made
/// one, else a new one.
pub fn lower_groups(
    layer: &Layer,
    grouping: &Grouping,
    judge: &mut CompilerJudge<'_>,
) -> anyhow::Result<Vec<Option<Lowered>>> {
    let mut out = Vec::new();
    for (index, group) in grouping.groups.iter().enumerate() {
        let Some(candidate) = &group.candidate else {
            out.push(None);
            continue;
        };
        let func = format!("{}_{}", layer.name, index + 1);
        let text = candidate.merged.text();
        if judge.lowered(&func, text, &candidate.backend).is_none() {
            anyhow::bail!("{}", judge.fatal.clone().unwrap_or_else(|| format!("cannot lower group {}", index + 1)));
        }
        out.push(judge.runs.remove(text));
    }
    Ok(out)
}

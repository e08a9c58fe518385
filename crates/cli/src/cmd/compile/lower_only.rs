//! `compile --lower-only`: the module through the MLIR half of the compiler with the compile's
//! own options (aircc's passes, then aiecc up to the NPU instruction stream), in seconds and
//! without peano: the compiler's verdict, its errors on the module's launches, and the
//! instruction words per sequence, recorded in `NAME.compile.json` under `lowering`. Nothing
//! is compiled, cached or staged.

use super::outcome::Record;
use crate::common::Outcome;
use crate::compile::lower::{self, LowerTools};
use crate::report::Report;
use air_compile::aircc::CompileOptions;
use air_compile::lower::Verdict;
use air_diagnostics::{Diagnostic, FileId, SourceMap};
use std::time::{Duration, Instant};

/// The drivers: aircc as compile finds it, aiecc beside it or on PATH.
pub fn tools(aircc: &std::path::Path, from: &str) -> Result<LowerTools, String> {
    let beside = aircc.parent().map(|d| d.join("aiecc")).filter(|p| p.is_file());
    let on_path = || {
        std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join("aiecc")).find(|c| c.is_file()))
    };
    match beside.or_else(on_path) {
        Some(aiecc) => Ok(LowerTools { aircc: aircc.to_path_buf(), aiecc, from: from.to_string() }),
        None => Err(format!("aiecc was not found beside {} or on PATH", aircc.display())),
    }
}

/// What the lowering needs from the compile.
pub struct Request<'a> {
    pub tools: &'a LowerTools,
    pub module: &'a [u8],
    pub text: &'a str,
    pub file: FileId,
    pub input_name: &'a str,
    pub name: &'a str,
    pub options: &'a CompileOptions,
    pub timeout: Duration,
    pub keep: bool,
}

/// Runs the lowering and finishes the report: exit 0 accepted, 1 rejected or timed out, 2 no
/// verdict (a crash or a tool problem).
pub fn run(
    request: &Request<'_>,
    mut report: Report,
    sources: &SourceMap,
    mut record: Record,
    started: Instant,
) -> anyhow::Result<Outcome> {
    let lowered =
        lower::lower(request.tools, request.module, request.input_name, request.options, request.timeout, request.keep)
            .map_err(|err| anyhow::anyhow!("cannot run the lowering with {}: {err}", request.tools.aircc.display()))?;
    let lowering = &lowered.lowering;
    record.timing("lower_ms", Duration::from_millis(lowering.elapsed_ms));
    record.set("lowering", serde_json::to_value(lowering).unwrap_or_default());
    if let Some(dir) = &lowered.kept {
        record.set("tmpdir", dir.display().to_string());
    }
    let name = request.name;
    let (status, outcome, line) = match lowering.verdict {
        Verdict::Accepted => {
            report.add(&lower::hazards(&lowered, name), sources);
            let per: Vec<String> = lowering.sequences.iter().map(|s| format!("{} {}", s.sequence, s.words)).collect();
            (
                "lowered",
                Outcome::Success,
                format!(
                    "compile: {name}: lowered: {} instruction words per dispatch ({})",
                    lowering.dispatched_words,
                    per.join(", ")
                ),
            )
        }
        Verdict::Rejected => {
            let found = lower::diagnostics(&lowered, request.text, request.file, request.input_name);
            report.add(&found, sources);
            let stage = lowering.stage.as_deref().unwrap_or("the compiler");
            ("rejected", Outcome::Problems, format!("compile: {name}: rejected by {stage}"))
        }
        Verdict::TimedOut => {
            let d = Diagnostic::error(
                crate::codes::AIRCC_TIMEOUT,
                "the lowering did not finish within --timeout: no verdict",
            );
            report.add(&[d], sources);
            ("timeout", Outcome::Problems, format!("compile: {name}: the lowering timed out"))
        }
        other => {
            let d = Diagnostic::error(
                crate::codes::AIRCC_FAILED,
                format!("the lowering gave no verdict: {}", other.as_str()),
            );
            let d = crate::compile::lower::with_log_of(d, &lowered);
            report.add(&[d], sources);
            ("failed", Outcome::Failed, format!("compile: {name}: the lowering gave no verdict ({})", other.as_str()))
        }
    };
    record.timing("total_ms", started.elapsed());
    record.set("status", status);
    record.write(&mut report, &line)?;
    report.finish(&line)?;
    Ok(outcome)
}

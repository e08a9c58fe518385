//! What `merge` checks on the merged module before writing it: AIR's structural rules (by
//! default, in milliseconds; `--no-verify` skips them), AIR's own verifier and MLIR's with
//! `--verify`, and the hazards between launches the roles analysis finds (always). Every finding
//! is printed in full at the levels of the plan's `[lints]` and `-A/-W/-D`; an error means
//! nothing is written.

use crate::air_opt::{AirOpt, Judged};
use crate::lints::Levels;
use crate::report::Report;
use air_dataflow::{analyze, Dataflow, Options};
use air_diagnostics::{FileId, LineIndex, SourceMap};
use air_syntax::Parse;
use air_verify::air_opt::AirOptRun;

/// Which judges run.
pub(super) struct Judges<'a> {
    /// AIR's structural rules (not `--no-verify`).
    pub structural: bool,
    /// `--verify`: AIR's verifier when found (`Some`), and MLIR's note when not built in.
    pub verify: bool,
    pub air_opt: &'a Option<AirOpt>,
}

/// What the plan declares of each combined argument, for the roles analysis.
pub(super) struct Declared {
    pub names: Vec<Option<String>>,
    pub kinds: Vec<Option<air_syntax::buffer::BufferKind>>,
    /// Which slice each part of the merged module came from (`Merged::slices`).
    pub slices: Vec<air_syntax::slice_origin::SliceOrigin>,
}

/// The outcome of the checks.
pub(super) struct Checked {
    /// The judges that ran, as the closing line names them (`None`: no verification).
    pub judged: Option<String>,
    /// An error among the findings: nothing may be written.
    pub failed: bool,
    /// The roles analysis, for `--roles` (`Err`: why there is none).
    pub flow: Result<Dataflow, String>,
    /// The merged module as registered in the source map the findings point into.
    pub file: FileId,
}

/// Runs the judges and the roles analysis on the merged module (`parse`, shown as `name`), adds
/// the findings to `report` at `levels`.
pub(super) fn check(
    parse: &Parse,
    name: &str,
    declared: Declared,
    judges: &Judges<'_>,
    sources: &mut SourceMap,
    levels: &mut Levels,
    report: &mut Report,
) -> anyhow::Result<Checked> {
    let text = parse.tree.shared_text();
    let file = sources.add_shared(name.to_string(), text.clone());
    let lines = LineIndex::new(&text);
    let mut findings = Vec::new();
    let mut judged = None;
    if judges.verify {
        let input = air_verify::Input { name, file, text: &text, lines: &lines, offset: 0, parse };
        findings = air_verify::verify_chunk(&input);
        let mut ran = Judged::new(judges.air_opt.is_some());
        if let Some(air_opt) = judges.air_opt {
            let output = air_opt.run(&text, false)?;
            let run = AirOptRun { exit: output.exit, stderr: &output.stderr };
            let air = air_verify::air_opt::findings(&[input], &run);
            ran.record(air.verdict);
            air_verify::air_opt::merge_findings(&lines, &mut findings, air.diagnostics);
        }
        if !air_verify::MLIR_BUILT_IN {
            findings.push(ran.mlir_not_built_note());
        }
        judged = Some(ran.judges());
    } else if judges.structural {
        // By default AIR's structural rules alone, in every build (MLIR's verifier is --verify's).
        let input = air_verify::Input { name, file, text: &text, lines: &lines, offset: 0, parse };
        findings = air_verify::verify_chunk_structural(&input);
        judged = Some("structural checks only".to_string());
    }
    let options =
        Options { names: declared.names, kinds: declared.kinds, slices: Some(declared.slices), ..Options::default() };
    let flow = match analyze(parse, file, &options) {
        Ok(flow) => {
            findings.extend(flow.diagnostics.iter().cloned());
            Ok(flow)
        }
        Err(errors) => Err(errors.first().map(|e| e.message.clone()).unwrap_or_default()),
    };
    let findings = levels.apply(findings);
    let failed = findings.iter().any(|d| d.is_error());
    report.add_findings(findings, levels, sources);
    Ok(Checked { judged, failed, flow, file })
}

//! What one lowering left, read into a [`Lowering`]: the verdict, the stage that refused the
//! module, the compiler's errors classified by triage, and the instruction words of every
//! runtime sequence.

use crate::triage::crash::SIGNS as CRASH_SIGNS;
use crate::triage::{self, Class, Finding};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

/// How aircc ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
    TimedOut,
}

/// The compiler's verdict on a module, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Lowered to an instruction stream.
    Accepted,
    /// The compiler refused it with a diagnostic.
    Rejected,
    /// A compiler tool crashed (a signal, an exit status of 128 or more, LLVM's stack dump): no
    /// verdict.
    Crashed,
    /// It did not finish within the timeout: no verdict.
    TimedOut,
    /// A tool is missing or refused an option: no verdict about the module.
    ToolProblem,
    /// aircc exited 0 but no instruction stream was written: no verdict.
    NoOutput,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::Rejected => "rejected",
            Verdict::Crashed => "crashed",
            Verdict::TimedOut => "timed-out",
            Verdict::ToolProblem => "tool-problem",
            Verdict::NoOutput => "no-output",
        }
    }

    /// Whether this is the compiler's judgement of the module (accepted or rejected).
    pub fn is_verdict(self) -> bool {
        matches!(self, Verdict::Accepted | Verdict::Rejected)
    }
}

/// One runtime sequence of the lowered module and its NPU instruction stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sequence {
    /// The `aie.device` holding it: a launch's segment (`q_matmul_seg`), or `main` for the
    /// sequence that configures one device per launch.
    pub device: String,
    /// The `aie.runtime_sequence` symbol.
    pub sequence: String,
    /// 32-bit words of its instruction stream.
    pub words: u64,
    /// Its ops by name (`load_pdi`: the reconfigurations it does per dispatch).
    pub ops: std::collections::BTreeMap<&'static str, u64>,
}

/// Everything one lowering established.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lowering {
    pub schema: &'static str,
    pub verdict: Verdict,
    /// The pipeline or aiecc step that refused the module (`air-opt-shim-dma-bds … airrt-to-npu`,
    /// `aiecc: input_with_addresses.mlir`).
    pub stage: Option<String>,
    /// The compiler's errors, classified (`air-stitch triage`'s findings).
    pub findings: Vec<Finding>,
    /// Every runtime sequence of an accepted module, in the lowered module's order.
    pub sequences: Vec<Sequence>,
    /// The words of every sequence together (a device's sequence is also inlined into `main`).
    pub total_words: u64,
    /// The sequence the host dispatches: `main`'s (it configures and runs one device per
    /// launch) when there is one, else the module's only one.
    pub dispatched: Option<String>,
    /// Its words: what the NPU's controller parses on every dispatch.
    pub dispatched_words: u64,
    pub elapsed_ms: u64,
    /// aircc's arguments, and those aircc gave aiecc (before the shim changed them).
    pub aircc_argv: Vec<String>,
    pub aiecc_argv: Vec<String>,
}

static DEVICE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^\s*aie\.device\(\w+\)\s*(?:@(?P<name>[\w$.-]+))?").ok());
static SEQUENCE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^\s*aie\.runtime_sequence\s*@(?P<name>[\w$.-]+)").ok());

/// The (device, sequence) pairs of aircc's lowered module (`npu.<input>`), in order; a device
/// without a symbol is aiecc's `main`. aiecc names each instruction file
/// `insts_<device>_<sequence>.bin`.
pub fn sequences_of(npu_text: &str) -> Vec<(String, String)> {
    let (Some(device_re), Some(sequence_re)) = (DEVICE.as_ref(), SEQUENCE.as_ref()) else { return Vec::new() };
    let mut device: Option<String> = None;
    let mut pairs = Vec::new();
    for line in npu_text.lines() {
        if let Some(caps) = device_re.captures(line) {
            device = Some(caps.name("name").map_or("main", |m| m.as_str()).to_string());
        } else if let (Some(caps), Some(device)) = (sequence_re.captures(line), &device) {
            let pair = (device.clone(), caps["name"].to_string());
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs
}

/// What a diagnostic about a run without a verdict shows of its log: where a crash happened (the
/// pass, the pattern, the first frames inside the compiler, an assertion) and its remedy, or the
/// log's last three lines when it holds no crash report.
pub fn no_verdict_notes(log: &str) -> (Vec<String>, Option<&'static str>) {
    match triage::crash::crash_of(log) {
        Some(crash) => (crash.notes(), Some(Class::Crash.remedy().text)),
        None => (log.lines().rev().take(3).collect::<Vec<_>>().into_iter().rev().map(str::to_string).collect(), None),
    }
}

/// An error the compiler's passes report about the module: not a tool's problem, not aircc's own
/// step, not the crash itself.
fn about_the_module(finding: &Finding) -> bool {
    !matches!(finding.class, Class::ToolMissing | Class::UnsupportedOption | Class::Driver | Class::Crash)
}

/// The verdict of a run that ended with `exit`, wrote `log` and `insts_files` instruction files.
pub fn verdict_of(exit: Exit, log: &str, findings: &[Finding], insts_files: usize) -> Verdict {
    let crashed = match exit {
        Exit::TimedOut => return Verdict::TimedOut,
        Exit::Signal(_) => true,
        Exit::Code(code) => !(0..128).contains(&code) || CRASH_SIGNS.iter().any(|sign| log.contains(sign)),
    };
    if crashed {
        // A pass that reported an error and did not stop the pipeline (air-place-herds' `No
        // valid placement found.`, then air-to-aie crashes on the unplaced herd): the error
        // is the compiler's verdict, the crash what came of carrying on.
        let crash_line = triage::crash::crash_of(log).map_or(usize::MAX, |c| c.line);
        let judged_before = findings.iter().any(|f| {
            about_the_module(f) && f.class != Class::Unknown && f.lines.first().is_some_and(|l| l.line < crash_line)
        });
        return if judged_before { Verdict::Rejected } else { Verdict::Crashed };
    }
    let tool = |f: &Finding| matches!(f.class, Class::ToolMissing | Class::UnsupportedOption);
    match exit {
        // A pass that reports an error without failing the pipeline (air-place-herds' `No valid
        // placement found.` leaves the herd unplaced and aircc exits 0): the error is the verdict.
        Exit::Code(0) if findings.iter().any(about_the_module) => Verdict::Rejected,
        Exit::Code(0) if insts_files > 0 => Verdict::Accepted,
        Exit::Code(0) => Verdict::NoOutput,
        _ if !findings.is_empty() && findings.iter().all(tool) => Verdict::ToolProblem,
        _ => Verdict::Rejected,
    }
}

static PIPELINE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^Error: pass pipeline failed: (?P<pipeline>.*)$").ok());
static AIECC_EDGE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^aiecc: edge '(?P<edge>[^']+)'(?: \(key '[^']*'\))? failed").ok());

/// The stage a failed run names last: aircc's pipeline (by the passes that mark it) or aiecc's
/// graph edge.
pub fn stage_of(log: &str) -> Option<String> {
    let mut stage = None;
    for line in log.lines() {
        if let Some(caps) = PIPELINE.as_ref().and_then(|re| re.captures(line)) {
            stage = Some(pipeline_name(&caps["pipeline"]));
        } else if let Some(caps) = AIECC_EDGE.as_ref().and_then(|re| re.captures(line)) {
            stage = Some(format!("aiecc: {}", &caps["edge"]));
        }
    }
    stage
}

/// aircc's five pipelines by the pass that marks each (the compiler kit's README lists them).
fn pipeline_name(pipeline: &str) -> String {
    const MARKS: [(&str, &str); 5] = [
        ("airrt-to-npu", "air-opt-shim-dma-bds … airrt-to-npu"),
        ("air-to-aie{", "air-to-aie"),
        ("air-verify-hierarchy-locality", "air-verify-hierarchy-locality"),
        ("air-split-launch-for-padding", "air-split-launch-for-padding"),
        ("air-place-herds", "placement (air-dma-to-channel … air-place-herds)"),
    ];
    MARKS
        .iter()
        .find(|(mark, _)| pipeline.contains(mark))
        .map_or_else(|| pipeline.chars().take(120).collect(), |(_, name)| name.to_string())
}

impl Lowering {
    /// Reads one run: its exit, its log, aircc's lowered module (when it got that far), the
    /// instruction files as (file name, their contents), the argv of both tools, and the time
    /// it took.
    #[allow(clippy::too_many_arguments)]
    pub fn read(
        exit: Exit,
        log: &str,
        npu_text: Option<&str>,
        insts: &[(String, Vec<u8>)],
        aircc_argv: Vec<String>,
        aiecc_argv: Vec<String>,
        elapsed_ms: u64,
    ) -> Lowering {
        let report = triage::triage(log, None);
        let findings = report.findings;
        let verdict = verdict_of(exit, log, &findings, insts.len());
        let mut sequences = Vec::new();
        if verdict == Verdict::Accepted {
            let pairs = npu_text.map(sequences_of).unwrap_or_default();
            for (device, sequence) in pairs {
                let file = format!("insts_{device}_{sequence}.bin");
                if let Some((_, bytes)) = insts.iter().find(|(name, _)| *name == file) {
                    let summary = super::insts::summarize(bytes);
                    sequences.push(Sequence { device, sequence, words: summary.words, ops: summary.ops });
                }
            }
        }
        let total_words = sequences.iter().map(|s| s.words).sum();
        let main = sequences.iter().find(|s| s.device == "main").or(if sequences.len() == 1 {
            sequences.first()
        } else {
            None
        });
        let (dispatched, dispatched_words) = main.map_or((None, 0), |s| (Some(s.sequence.clone()), s.words));
        let stage = if verdict == Verdict::Rejected { stage_of(log) } else { None };
        let findings = if verdict == Verdict::Accepted { Vec::new() } else { findings };
        Lowering {
            schema: super::SCHEMA,
            verdict,
            stage,
            findings,
            sequences,
            total_words,
            dispatched,
            dispatched_words,
            elapsed_ms,
            aircc_argv,
            aiecc_argv,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const NPU: &str = "module {\n  aie.device(npu2) @s1_seg {\n    aie.runtime_sequence @s1_seg_sequence(%arg0: memref<8xbf16>) {\n    }\n  }\n  aie.device(npu2) {\n    aie.runtime_sequence @o_gemv_ffn(%arg0: memref<8xbf16>) {\n      aiex.configure @s1_seg {\n      }\n    }\n  }\n}\n";

    #[test]
    fn sequences_pair_devices_and_the_main_device() {
        assert_eq!(
            sequences_of(NPU),
            [("s1_seg".to_string(), "s1_seg_sequence".to_string()), ("main".into(), "o_gemv_ffn".into())]
        );
    }

    #[test]
    fn an_accepted_run_counts_words_per_sequence() {
        let insts = [
            ("insts_s1_seg_s1_seg_sequence.bin".to_string(), vec![0; 2528]),
            ("insts_main_o_gemv_ffn.bin".into(), vec![0; 400]),
        ];
        let lowering = Lowering::read(Exit::Code(0), "warning: x\n", Some(NPU), &insts, vec![], vec![], 5);
        assert_eq!(lowering.verdict, Verdict::Accepted);
        assert_eq!(lowering.sequences.iter().map(|s| s.words).collect::<Vec<_>>(), [632, 100]);
        assert_eq!(lowering.total_words, 732);
        assert_eq!((lowering.dispatched.as_deref(), lowering.dispatched_words), (Some("o_gemv_ffn"), 100));
    }

    #[test]
    fn a_rejection_names_its_stage_and_class() {
        let log = "loc(\"-\":4071:13): error: 'airrt.dma_memcpy_nd' op more than one runtime-valued DMA offset is not supported\n\
                   Error: pass pipeline failed: builtin.module(func.func(air-opt-shim-dma-bds{device=npu2}),air-to-std,airrt-to-npu{ trace-size=0})\n";
        let lowering = Lowering::read(Exit::Code(1), log, None, &[], vec![], vec![], 5);
        assert_eq!(lowering.verdict, Verdict::Rejected);
        assert_eq!(lowering.stage.as_deref(), Some("air-opt-shim-dma-bds … airrt-to-npu"));
        assert_eq!(lowering.findings.len(), 1);
        assert_eq!(lowering.findings[0].class, Class::RuntimeOffsets);
        let edge = "x.mlir:1:1: error: 'aie.tile' op allocated buffers exceeded available memory\naiecc: edge 'input_with_addresses.mlir' (key 'input.mlir') failed\n";
        assert_eq!(stage_of(edge).as_deref(), Some("aiecc: input_with_addresses.mlir"));
    }

    #[test]
    fn an_error_a_pass_reports_is_the_verdict_even_when_aircc_goes_on() {
        let placement = "loc(\"-\":1:1): error: No valid placement found.\nloc(\"-\":9:9): error: 'air.herd' op \nUnplaced herd: herd_0\n";
        let findings = crate::triage::triage(placement, None).findings;
        assert_eq!(findings[0].class, Class::Placement);
        assert_eq!(verdict_of(Exit::Code(0), placement, &findings, 1), Verdict::Rejected);
        let crashed = format!("{placement}PLEASE submit a bug report to x\nStack dump:\n #0 0x1 xilinx::air::AIRToAIEPass::runOnOperation() (aircc+0x1)\n");
        let findings = crate::triage::triage(&crashed, None).findings;
        assert_eq!(findings.iter().map(|f| f.class).collect::<Vec<_>>(), [Class::Placement, Class::Crash]);
        assert_eq!(verdict_of(Exit::Signal(6), &crashed, &findings, 0), Verdict::Rejected);
        let crash_only = "PLEASE submit a bug report to x\nStack dump:\n";
        let findings = crate::triage::triage(crash_only, None).findings;
        assert_eq!(verdict_of(Exit::Signal(11), crash_only, &findings, 0), Verdict::Crashed);
    }

    #[test]
    fn crashes_timeouts_and_tool_problems_are_no_verdicts() {
        assert_eq!(verdict_of(Exit::Code(1), "Stack dump:\n0. Program arguments", &[], 0), Verdict::Crashed);
        assert_eq!(verdict_of(Exit::Signal(11), "", &[], 0), Verdict::Crashed);
        assert_eq!(verdict_of(Exit::Code(139), "", &[], 0), Verdict::Crashed);
        assert_eq!(verdict_of(Exit::TimedOut, "", &[], 0), Verdict::TimedOut);
        assert_eq!(verdict_of(Exit::Code(0), "", &[], 0), Verdict::NoOutput);
        let log = "aircc: Unknown command line argument '--frob'.\n";
        let findings = triage::triage(log, None).findings;
        assert_eq!(verdict_of(Exit::Code(1), log, &findings, 0), Verdict::ToolProblem);
        assert!(!Verdict::ToolProblem.is_verdict() && Verdict::Rejected.is_verdict());
    }
}

//! `check-bd --lower`: each checked module through the MLIR half of the real compiler, with
//! check-bd's device and options; the compiler's errors join check-bd's findings, placed on
//! the launch they come from, and its instruction words are reported per sequence.

use crate::codes;
use crate::compile::lower::{self, LowerTools, Lowered};
use air_compile::aircc::CompileOptions;
use air_compile::lower::Verdict;
use air_diagnostics::{Diagnostic, FileId};
use serde_json::{json, Value};
use std::time::Duration;

/// One lowered module: its name in the report, and the run.
pub struct LoweredFile {
    pub name: String,
    pub lowered: Lowered,
}

/// Lowers one module. `Err` is a failure to run at all (reported by the caller as I/O).
pub fn lower_one(
    tools: &LowerTools,
    text: &str,
    name: &str,
    options: &CompileOptions,
    timeout: Duration,
) -> std::io::Result<Lowered> {
    let input_name = input_name(name);
    lower::lower(tools, text.as_bytes(), &input_name, options, timeout, false)
}

/// The file name the module is given: its own, made a plain `.mlir` name.
pub fn input_name(name: &str) -> String {
    let base = name.rsplit('/').next().unwrap_or(name);
    let stem: String = base
        .trim_end_matches(".mlir")
        .chars()
        .map(|c| if c.is_alphanumeric() || "_-.".contains(c) { c } else { '_' })
        .collect();
    format!("{}.mlir", if stem.is_empty() { "module" } else { &stem })
}

/// The diagnostics of one lowering on its module.
pub fn diagnostics(file: &LoweredFile, text: &str, id: FileId, tools: &LowerTools) -> Vec<Diagnostic> {
    let lowering = &file.lowered.lowering;
    let by = format!("aircc + aiecc ({}: {})", tools.from, tools.aircc.display());
    match lowering.verdict {
        Verdict::Accepted => {
            let per: Vec<String> = lowering.sequences.iter().map(|s| format!("{} {}", s.sequence, s.words)).collect();
            let dispatched = lowering.dispatched.as_deref().unwrap_or("?");
            let mut found = lower::hazards(&file.lowered, &file.name);
            found.push(
                Diagnostic::note(
                    codes::LOWER_ACCEPTED,
                    format!(
                        "the compiler accepts {}: each dispatch runs {} instruction words (`{dispatched}`), lowered in {:.1} s",
                        file.name,
                        lowering.dispatched_words,
                        lowering.elapsed_ms as f64 / 1000.0
                    ),
                )
                .with_note(format!(
                    "{}: {}",
                    crate::report::count(lowering.sequences.len(), "runtime sequence"),
                    per.join(", ")
                ))
                .with_note(format!("lowered by {by}")),
            );
            found
        }
        Verdict::Rejected => {
            let input = input_name(&file.name);
            let mut found = lower::diagnostics(&file.lowered, text, id, &input);
            for d in &mut found {
                d.notes.push(format!("lowered by {by}"));
            }
            found
        }
        Verdict::TimedOut => vec![Diagnostic::error(
            codes::LOWER_TIMED_OUT,
            format!("the lowering of {} did not finish within the timeout: no verdict", file.name),
        )
        .with_help("give it longer (--lower-timeout); a host transfer whose repeat is a large prime (check-bd AS0413) is known to make aircc loop")],
        other => {
            let mut d = Diagnostic::error(
                codes::LOWER_NO_VERDICT,
                format!("the lowering of {} gave no verdict: {}", file.name, other.as_str()),
            );
            if let Some(dir) = &file.lowered.kept {
                d = d.with_note(format!("its files are kept in {}", dir.display()));
            }
            vec![lower::with_log_of(d, &file.lowered)]
        }
    }
}

/// `lowerings` in check-bd's JSON: one object per lowered module.
pub fn json(files: &[LoweredFile]) -> Value {
    json!(files
        .iter()
        .map(|f| {
            let mut value = serde_json::to_value(&f.lowered.lowering).unwrap_or(Value::Null);
            if let Some(object) = value.as_object_mut() {
                object.insert("file".to_string(), json!(f.name));
            }
            value
        })
        .collect::<Vec<_>>())
}

/// The part of the closing line about the lowering.
pub fn summary(files: &[LoweredFile]) -> String {
    let count = |v: Verdict| files.iter().filter(|f| f.lowered.lowering.verdict == v).count();
    let (accepted, rejected) = (count(Verdict::Accepted), count(Verdict::Rejected));
    let other = files.len() - accepted - rejected;
    let mut line = format!("lowered: {accepted} accepted, {rejected} rejected");
    if other > 0 {
        line.push_str(&format!(", {other} without a verdict"));
    }
    line
}

//! The two judges of the differential test: AIR's verifier (air-opt on `--split-input-file`
//! batches, errors attributed to chunks by line) and air-stitch's `verify` in-process.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// Each test binary uses its own part of the module.
#![allow(dead_code)]

use air_diagnostics::{FileId, LineIndex};
use air_mutagen::batch;
use air_testkit::{run_air_opt, AirVerdict};
use std::path::Path;

/// Chunks per air-opt process: one process costs ~40 ms, so batches keep the test fast.
const BATCH: usize = 100;

/// One chunk to judge.
pub struct Item {
    pub key: String,
    /// The comment line written before it in a batch.
    pub header: String,
    pub text: String,
}

/// What AIR's verifier said about one chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// With AIR's first error message.
    Rejected(String),
    /// air-opt crashed (exit status >= 124 or a signal): no verdict.
    Crashed(String),
}

impl Verdict {
    pub fn describe(&self) -> String {
        match self {
            Verdict::Accepted => "accepted".to_string(),
            Verdict::Rejected(message) => short(message),
            Verdict::Crashed(_) => "crashed".to_string(),
        }
    }
}

/// AIR judged a mutant of `rule` as intended: an invalid one rejected with the rule's own
/// message (so the rule that fired is the intended one), a benign one accepted. A crash is
/// no verdict and passes.
pub fn as_intended(rule: &air_mutagen::Rule, verdict: &Verdict) -> bool {
    match (rule.kind, verdict) {
        (_, Verdict::Crashed(_)) => true,
        (air_mutagen::Kind::Invalid, Verdict::Rejected(message)) => message.contains(rule.air_says),
        (air_mutagen::Kind::Benign, verdict) => *verdict == Verdict::Accepted,
        (air_mutagen::Kind::Invalid, Verdict::Accepted) => false,
    }
}

/// AIR's verdict on each item, in order. A batch that crashes, or reports an error at no
/// line of its own, is judged again one chunk at a time.
pub fn air_verdicts(air_opt: &Path, items: &[Item]) -> Vec<Verdict> {
    let mut verdicts = Vec::with_capacity(items.len());
    for group in items.chunks(BATCH) {
        let built = batch::build(group.iter().map(|i| (i.key.clone(), i.header.clone(), i.text.as_str())));
        match run_air_opt(air_opt, built.text.as_bytes(), true) {
            AirVerdict::Accepted => verdicts.extend(group.iter().map(|_| Verdict::Accepted)),
            AirVerdict::Rejected(stderr) => {
                let attribution = batch::attribute(&built, &stderr);
                if attribution.unattributed.is_empty() && attribution.first_errors.iter().any(Option::is_some) {
                    verdicts.extend(
                        attribution.first_errors.into_iter().map(|e| e.map_or(Verdict::Accepted, Verdict::Rejected)),
                    );
                } else {
                    verdicts.extend(group.iter().map(|item| single(air_opt, item)));
                }
            }
            AirVerdict::Crashed(_) => verdicts.extend(group.iter().map(|item| single(air_opt, item))),
        }
    }
    verdicts
}

/// AIR's verdict on one chunk alone.
fn single(air_opt: &Path, item: &Item) -> Verdict {
    let built = batch::build([(item.key.clone(), item.header.clone(), item.text.as_str())]);
    match run_air_opt(air_opt, built.text.as_bytes(), true) {
        AirVerdict::Accepted => Verdict::Accepted,
        AirVerdict::Crashed(message) => Verdict::Crashed(message),
        AirVerdict::Rejected(stderr) => {
            let attribution = batch::attribute(&built, &stderr);
            let first = attribution.first_errors.into_iter().flatten().next();
            let first = first.or_else(|| attribution.unattributed.first().cloned());
            Verdict::Rejected(first.unwrap_or_else(|| stderr.lines().next().unwrap_or("").to_string()))
        }
    }
}

/// air-stitch's verdict on one chunk, from `verify_chunk` in the default build (parse,
/// scopes, structural checks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stitch {
    /// The first error whose code is not deliberately stricter than AIR: (code, message).
    pub first: Option<(String, String)>,
    /// The first error with a deliberately stricter code.
    pub stricter: Option<(String, String)>,
}

impl Stitch {
    /// Rejected, not counting the deliberately stricter rules.
    pub fn rejects(&self) -> bool {
        self.first.is_some()
    }
}

/// air-stitch's verdict; `stricter` lists the codes kept out of the comparison.
pub fn stitch_verdict(text: &str, stricter: &[&str]) -> Stitch {
    let parse = air_syntax::parse(text);
    let lines = LineIndex::new(text);
    let input =
        air_verify::Input { name: "chunk.mlir", file: FileId(0), text, lines: &lines, offset: 0, parse: &parse };
    let mut verdict = Stitch::default();
    for error in air_verify::verify_chunk(&input).into_iter().filter(|d| d.is_error()) {
        let slot = if stricter.contains(&error.code) { &mut verdict.stricter } else { &mut verdict.first };
        slot.get_or_insert((error.code.to_string(), error.message));
    }
    verdict
}

/// One line, at most 140 characters.
pub fn short(message: &str) -> String {
    let line = message.lines().next().unwrap_or("");
    if line.chars().count() > 140 {
        line.chars().take(137).collect::<String>() + "..."
    } else {
        line.to_string()
    }
}

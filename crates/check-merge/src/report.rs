//! What a check-merge run found: the gate on every output candidate, the bisect of the written
//! arguments, the stale-buffer check, and the wall-clock times. Data only: the CLI renders it.

use crate::codes;
use air_arrays::compare::{Gate, Metrics};
use air_device::backend::Timing;
use air_diagnostics::Diagnostic;
use std::time::Duration;

/// One argument merged vs unmerged.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgCheck {
    pub arg: usize,
    pub label: String,
    /// The slices (indices, plan order) that write it.
    pub writers: Vec<usize>,
    /// Byte for byte the same.
    pub identical: bool,
    /// The gate's metrics, merged (OUT) vs unmerged (REF).
    pub metrics: Metrics,
}

impl ArgCheck {
    pub fn pass(&self) -> bool {
        self.identical || self.metrics.pass()
    }
}

/// The first slice, in plan order, whose written arguments diverge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub slice: usize,
    pub prefix: String,
    /// Its written arguments that diverge.
    pub args: Vec<usize>,
}

/// One output of the merged kernel's second run on reused buffers, against its first run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleCheck {
    pub arg: usize,
    pub label: String,
    pub nan: u64,
    /// Elements whose value differs from the first run.
    pub changed: u64,
    pub elements: usize,
    /// The first changed element's index.
    pub first_changed: Option<Vec<usize>>,
}

impl StaleCheck {
    pub fn clean(&self) -> bool {
        self.nan == 0 && self.changed == 0
    }
}

/// Wall-clock times: each slice as its own call, and the merged kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Timings {
    /// (prefix, timing) in plan order.
    pub slices: Vec<(String, Timing)>,
    pub merged: Timing,
}

impl Timings {
    /// The unmerged baseline: the sum of the slices' medians.
    pub fn unmerged(&self) -> Duration {
        self.slices.iter().map(|(_, t)| t.median()).sum()
    }

    /// Unmerged over merged (above 1: the merge is faster); `None` for a zero merged median.
    pub fn speedup(&self) -> Option<f64> {
        let merged = self.merged.median().as_secs_f64();
        (merged > 0.0).then(|| self.unmerged().as_secs_f64() / merged)
    }
}

/// The result of [`super::run`].
#[derive(Clone, Debug, PartialEq)]
pub struct CheckMergeReport {
    pub name: String,
    pub gate: Gate,
    pub rtol: f64,
    pub atol: f64,
    pub cosine_min: f64,
    /// Every output candidate, merged vs unmerged.
    pub outputs: Vec<ArgCheck>,
    /// Every argument a slice writes (outputs included): the bisect.
    pub written: Vec<ArgCheck>,
    pub divergence: Option<Divergence>,
    pub stale: Vec<StaleCheck>,
    /// `None` with zero iterations.
    pub timings: Option<Timings>,
}

impl CheckMergeReport {
    pub fn outputs_pass(&self) -> bool {
        self.outputs.iter().all(ArgCheck::pass)
    }

    pub fn stale_clean(&self) -> bool {
        self.stale.iter().all(StaleCheck::clean)
    }

    /// The gate passed on every output and the second run changed nothing.
    pub fn pass(&self) -> bool {
        self.outputs_pass() && self.stale_clean()
    }

    /// The findings as diagnostics (no location: they are about the run).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for check in self.outputs.iter().filter(|c| !c.pass()) {
            let m = &check.metrics;
            let cosine = m.gated_cosine().map_or("-".to_string(), |c| format!("{c:.6}"));
            out.push(
                Diagnostic::error(
                    codes::OUTPUT_DIVERGES,
                    format!(
                        "output {} of @{}: merged differs from unmerged (gate {}): {} of {} elements outside {} + {}*|ref|, cosine {cosine}, {} NaN",
                        check.label, self.name, self.gate.name(), m.mismatches, m.elements, m.atol, m.rtol, m.nan + m.ref_nan
                    ),
                )
                .with_help("the first divergent slice is named below; `air-stitch compare` on the two arrays gives every metric"),
            );
        }
        if let Some(d) = &self.divergence {
            let args: Vec<String> = d.args.iter().map(|a| format!("%arg{a}")).collect();
            out.push(
                Diagnostic::error(
                    codes::FIRST_DIVERGENT_SLICE,
                    format!("slice `{}` (number {} in plan order) is the first whose written arguments diverge: {}", d.prefix, d.slice + 1, args.join(", ")),
                )
                .with_help("the slices before it agree: look at this slice's launch in the merged module (its wiring, its channels, a buffer it shares)"),
            );
        }
        for stale in self.stale.iter().filter(|s| !s.clean()) {
            out.push(
                Diagnostic::error(
                    codes::STALE_BUFFERS,
                    format!(
                        "output {}: the merged kernel's second run on reused buffers gave {} NaN and {} changed of {} elements",
                        stale.label, stale.nan, stale.changed, stale.elements
                    ),
                )
                .with_help("a launch reads a buffer before writing it (a stale BO): zero or rewrite intermediate buffers before every call, or fix the launch that reads them"),
            );
        }
        if let Some(speedup) = self.timings.as_ref().and_then(Timings::speedup).filter(|s| *s <= 1.0) {
            out.push(
                Diagnostic::warning(codes::NOT_FASTER, format!("the merged kernel is not faster than the slices one by one (speed-up {speedup:.2}x)"))
                    .with_help("the merge saves dispatches; if it is slower, a launch of it runs slower merged (placement, shared channels): time the launches alone"),
            );
        }
        out
    }
}

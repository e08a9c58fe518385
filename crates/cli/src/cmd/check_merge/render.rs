//! check-merge's report as text (standard output) and as the fields of
//! `air-stitch/check-merge/1`, from the library's [`CheckMergeReport`].

use crate::report::count;
use air_check_merge::{ArgCheck, CheckMergeReport, Layout};
use air_device::Timing;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::time::Duration;

/// `412.0 us`, `1.250 ms`, `2.000 s`.
fn time(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} us")
    } else if us < 1e6 {
        format!("{:.3} ms", us / 1e3)
    } else {
        format!("{:.3} s", us / 1e6)
    }
}

fn verdict(pass: bool) -> &'static str {
    if pass {
        "PASS"
    } else {
        "FAIL"
    }
}

fn metric(v: Option<f64>, precision: usize) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.precision$}"))
}

fn output_line(c: &ArgCheck) -> String {
    let m = &c.metrics;
    format!(
        "  {:<22} {:>9} elements  cosine {}  max_abs {}  mean_rel_L1 {}  {} ({:.2}%), {} NaN: {}{}",
        c.label,
        m.elements,
        metric(m.cosine, 9),
        metric(m.max_abs, 6),
        metric(m.mean_rel_l1, 6),
        count(m.mismatches as usize, "mismatch"),
        m.mismatch_pct,
        m.nan,
        verdict(c.pass()),
        if c.identical { " (identical)" } else { "" }
    )
}

/// The text report; it ends as XRTRunner's does, `PASS!` or `failed.`.
pub fn text(report: &CheckMergeReport, layout: &Layout) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "check-merge @{}: {}, {} (gate {}: |out - ref| <= {} + {}*|ref|, cosine >= {})",
        report.name,
        count(layout.slices.len(), "slice"),
        count(layout.buffers.len(), "argument"),
        report.gate.name(),
        report.atol,
        report.rtol,
        report.cosine_min
    );
    let _ = writeln!(s, "outputs, merged vs unmerged:");
    for c in &report.outputs {
        let _ = writeln!(s, "{}", output_line(c));
    }
    let _ = writeln!(s, "written arguments, by the first slice that writes them:");
    for (i, slice) in layout.slices.iter().enumerate() {
        for c in report.written.iter().filter(|c| c.writers.first() == Some(&i)) {
            let state = if c.identical { "identical".to_string() } else { verdict(c.pass()).to_string() };
            let _ = writeln!(s, "  {:<8} {:<22} {state}", slice.prefix, c.label);
        }
    }
    match &report.divergence {
        Some(d) => {
            let args: Vec<String> = d.args.iter().map(|a| layout.buffers[*a].label()).collect();
            let _ =
                writeln!(s, "first divergent slice: {} (number {}), writes {}", d.prefix, d.slice + 1, args.join(", "));
        }
        None => {
            let _ = writeln!(s, "first divergent slice: none");
        }
    }
    let _ = writeln!(s, "second run on reused buffers (stale-BO check):");
    for st in &report.stale {
        let first = st.first_changed.as_ref().map_or(String::new(), |i| {
            format!(", first at ({})", i.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
        });
        let state = if st.clean() { "clean" } else { "STALE" };
        let _ =
            writeln!(s, "  {:<22} {} NaN, {} changed of {}{first}: {state}", st.label, st.nan, st.changed, st.elements);
    }
    if let Some(t) = &report.timings {
        let _ = writeln!(
            s,
            "wall-clock, median of {} after {} (min / max):",
            count(t.merged.samples.len(), "run"),
            count(t.merged.warmup, "warm-up run")
        );
        let row = |s: &mut String, name: &str, timing: &Timing| {
            let _ = writeln!(
                s,
                "  {name:<10} {:>12}  ({} / {})",
                time(timing.median()),
                time(timing.min()),
                time(timing.max())
            );
        };
        for (prefix, timing) in &t.slices {
            row(&mut s, prefix, timing);
        }
        let _ = writeln!(s, "  {:<10} {:>12}  (the sum of the slices' medians)", "unmerged", time(t.unmerged()));
        row(&mut s, "merged", &t.merged);
        let _ = writeln!(s, "  speed-up   {}", t.speedup().map_or("-".to_string(), |x| format!("{x:.2}x")));
    }
    let _ = writeln!(s, "{}", if report.pass() { "PASS!" } else { "failed." });
    s
}

fn timing_json(t: &Timing) -> Value {
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    json!({"median_us": us(t.median()), "min_us": us(t.min()), "max_us": us(t.max()), "runs": t.samples.len(), "warmup": t.warmup})
}

fn number(v: Option<f64>) -> Value {
    match v {
        Some(v) if v.is_finite() => json!(v),
        Some(v) => json!(format!("{v}")),
        None => Value::Null,
    }
}

fn check_json(c: &ArgCheck, layout: &Layout) -> Value {
    let m = &c.metrics;
    json!({
        "arg": c.arg,
        "label": c.label,
        "writers": c.writers.iter().map(|w| layout.slices[*w].prefix.clone()).collect::<Vec<_>>(),
        "identical": c.identical,
        "pass": c.pass(),
        "elements": m.elements,
        "cosine": number(m.cosine),
        "max_abs": number(m.max_abs),
        "max_rel": number(m.max_rel),
        "mean_rel_L1": number(m.mean_rel_l1),
        "mismatches": m.mismatches,
        "mismatch_pct": m.mismatch_pct,
        "nan": m.nan,
        "ref_nan": m.ref_nan,
    })
}

/// The fields of `air-stitch/check-merge/1` beyond the envelope.
pub fn document(report: &CheckMergeReport, layout: &Layout) -> Vec<(String, Value)> {
    let timing = report.timings.as_ref().map_or(Value::Null, |t| {
        json!({
            "slices": t.slices.iter().map(|(p, x)| json!({"prefix": p, "time": timing_json(x)})).collect::<Vec<_>>(),
            "unmerged_us": t.unmerged().as_secs_f64() * 1e6,
            "merged": timing_json(&t.merged),
            "speedup": number(t.speedup()),
        })
    });
    let fields = vec![
        ("gate", json!(report.gate.name())),
        ("rtol", json!(report.rtol)),
        ("atol", json!(report.atol)),
        ("cosine_min", json!(report.cosine_min)),
        ("outputs", Value::Array(report.outputs.iter().map(|c| check_json(c, layout)).collect())),
        ("written", Value::Array(report.written.iter().map(|c| check_json(c, layout)).collect())),
        (
            "divergence",
            report.divergence.as_ref().map_or(Value::Null, |d| json!({"slice": d.slice, "prefix": d.prefix, "args": d.args})),
        ),
        (
            "stale",
            Value::Array(
                report
                    .stale
                    .iter()
                    .map(|s| json!({"arg": s.arg, "label": s.label, "nan": s.nan, "changed": s.changed, "elements": s.elements, "first_changed": s.first_changed, "clean": s.clean()}))
                    .collect(),
            ),
        ),
        ("timing", timing),
        ("pass", json!(report.pass())),
    ];
    fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// `check-merge: @o_ffn, 8 slices, 1 output (gate both): PASS, speed-up 1.35x`, or
/// `...: FAIL (1 output diverges, first divergent slice gg, stale buffers)`.
pub fn closing_line(report: &CheckMergeReport, layout: &Layout) -> String {
    let head = format!(
        "check-merge: @{}, {}, {} (gate {})",
        report.name,
        count(layout.slices.len(), "slice"),
        count(report.outputs.len(), "output"),
        report.gate.name()
    );
    let speed =
        report.timings.as_ref().and_then(|t| t.speedup()).map_or(String::new(), |x| format!(", speed-up {x:.2}x"));
    if report.pass() {
        return format!("{head}: PASS{speed}");
    }
    let mut why = Vec::new();
    let failing = report.outputs.iter().filter(|c| !c.pass()).count();
    if failing > 0 {
        why.push(format!("{} {}", count(failing, "output"), if failing == 1 { "diverges" } else { "diverge" }));
    }
    if let Some(d) = &report.divergence {
        why.push(format!("first divergent slice {}", d.prefix));
    }
    if !report.stale_clean() {
        why.push("stale buffers on the second run".to_string());
    }
    format!("{head}: FAIL ({}){speed}", why.join(", "))
}

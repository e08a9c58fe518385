//! The compare document (`air-stitch/compare/1`, docs/compare.md): the metrics, the gates'
//! verdict and the diagnostics of a failed gate.

use crate::{count, Document};
use air_arrays::codes;
use air_arrays::compare::{Metrics, Mismatch};
use air_diagnostics::Diagnostic;
use serde_json::{json, Value};

pub const SCHEMA: &str = "air-stitch/compare/1";

/// The gates' failures, as diagnostics (and a note about infinities).
pub fn verdict_diagnostics(m: &Metrics) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(hint) = &m.maybe_bf16 {
        let (side, flag, keyword) =
            if hint.out { ("OUT", "--dtype-out", "dtype_out") } else { ("REF", "--dtype-ref", "dtype_ref") };
        out.push(
            Diagnostic::warning(
                codes::MAYBE_BF16,
                format!("{side} holds {} integers and the other side {}: {side} may be bf16 stored as 2-byte integers, compared here as integers", hint.dtype, hint.other),
            )
            .with_help(format!("if it is bf16 (numpy has none; upstream's tests store it as uint16), read it as bf16: {flag} bf16 (Python: {keyword}=\"bf16\")")),
        );
    }
    if m.has_nan() {
        out.push(
            Diagnostic::error(codes::NAN_PRESENT, format!("NaN: {} in OUT, {} in REF", m.nan, m.ref_nan))
                .with_help("a NaN fails the comparison whatever the gate: find the kernel or buffer that produces it"),
        );
    }
    if m.gate.elementwise() && !m.elementwise_pass() {
        out.push(
            Diagnostic::error(
                codes::ELEMENTWISE_FAILED,
                format!(
                    "{} of {} outside |out - ref| <= {} + {}*|ref| ({:.2}%)",
                    count(m.mismatches as usize, "element"),
                    m.elements,
                    m.atol,
                    m.rtol,
                    m.mismatch_pct
                ),
            )
            .with_help("the first mismatches are listed; --tolerances NAME gives a registry kernel's rtol/atol"),
        );
    }
    if m.gate.cosine() && !m.cosine_pass() {
        let which = if m.per_row.is_some() { "the lowest row's cosine" } else { "the cosine" };
        let value = m.gated_cosine().map_or("undefined".to_string(), |c| format!("{c:.9}"));
        out.push(
            Diagnostic::error(codes::COSINE_FAILED, format!("{which} {value} is below {}", m.cosine_min))
                .with_help("a low cosine means the output's direction differs: a wrong buffer, order or kernel"),
        );
    }
    if m.inf + m.ref_inf > 0 {
        out.push(Diagnostic::note(
            codes::INF_PRESENT,
            format!("infinities: {} in OUT, {} in REF; they match only the same infinity", m.inf, m.ref_inf),
        ));
    }
    out
}

/// A float for JSON: non-finite values (from the arrays) as strings.
fn number(v: f64) -> Value {
    if v.is_finite() {
        json!(v)
    } else {
        json!(format!("{v}"))
    }
}

fn optional(v: Option<f64>) -> Value {
    v.map_or(Value::Null, number)
}

fn mismatch_json(m: &Mismatch) -> Value {
    json!({"index": m.index, "out": number(m.out), "ref": number(m.reference)})
}

/// The fields of `air-stitch/compare/1`.
pub fn fields(m: &Metrics) -> Vec<(String, Value)> {
    let mut fields = vec![
        ("elements", json!(m.elements)),
        ("cosine", optional(m.cosine)),
        ("max_abs", optional(m.max_abs)),
        ("max_rel", optional(m.max_rel)),
        ("mean_rel_L1", optional(m.mean_rel_l1)),
        ("rtol", json!(m.rtol)),
        ("atol", json!(m.atol)),
        ("mismatches", json!(m.mismatches)),
        ("mismatch_pct", json!(m.mismatch_pct)),
        ("nan", json!(m.nan)),
        ("inf", json!(m.inf)),
        ("ref_nan", json!(m.ref_nan)),
        ("ref_inf", json!(m.ref_inf)),
        ("gate", json!(m.gate.name())),
        ("pass", json!(m.pass())),
        ("first_mismatches", Value::Array(m.first_mismatches.iter().map(mismatch_json).collect())),
    ];
    if let Some(rows) = &m.per_row {
        fields.push((
            "per_row",
            json!({"rows": rows.rows, "min": rows.min, "min_row": rows.min_row, "p5": rows.p5,
                   "median": rows.median, "mean": rows.mean}),
        ));
    }
    fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// `compare: out.npy vs ref.npy, 4096 elements (gate both): PASS` or `...: FAIL (...)`.
pub fn closing_line(names: &str, m: &Metrics) -> String {
    let head = format!("compare: {names}, {} (gate {})", count(m.elements, "element"), m.gate.name());
    if m.pass() {
        return format!("{head}: PASS");
    }
    let mut why = Vec::new();
    if m.has_nan() {
        why.push(format!("{} NaN", m.nan + m.ref_nan));
    }
    if m.gate.elementwise() && !m.elementwise_pass() {
        why.push(format!("{} ({:.2}%)", count(m.mismatches as usize, "mismatch"), m.mismatch_pct));
    }
    if m.gate.cosine() && !m.cosine_pass() {
        why.push(format!(
            "cosine {} < {}",
            m.gated_cosine().map_or("-".to_string(), |c| format!("{c:.9}")),
            m.cosine_min
        ));
    }
    format!("{head}: FAIL ({})", why.join(", "))
}

/// The whole document of a comparison of `names` (`out vs ref`), as `compare --format json`
/// prints it. The verdict's diagnostics have no location.
pub fn document(names: &str, m: &Metrics) -> Value {
    let mut doc = Document::new(SCHEMA, "compare");
    let sources = air_diagnostics::SourceMap::new();
    for diagnostic in verdict_diagnostics(m) {
        doc.add(&diagnostic, air_diagnostics::to_json_value(&diagnostic, &sources));
    }
    for (key, value) in fields(m) {
        doc.field(&key, value);
    }
    doc.count("elements", m.elements);
    doc.count("mismatches", m.mismatches as usize);
    doc.finish(&closing_line(names, m))
}

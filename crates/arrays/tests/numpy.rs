//! Our metrics against numpy's on the arrays `tools/compare-fixtures.py` writes into
//! `target/compare-fixtures/` (with numpy; `tools/test-all.sh` runs it before the tests). Under
//! `CI=true` missing fixtures fail the test; elsewhere they skip it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_arrays::formats::{parse_npy, Dtype};
use air_arrays::{compare, Gate, Options};
use std::path::PathBuf;

fn fixtures() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/compare-fixtures");
    if dir.join("expected.json").exists() {
        return Some(dir);
    }
    let hint = "run `tools/compare-fixtures.py target/compare-fixtures` (needs numpy)";
    assert!(std::env::var("CI").as_deref() != Ok("true"), "the numpy fixtures are missing: {hint}");
    eprintln!("skipped: the numpy fixtures are missing: {hint}");
    None
}

/// `a` equals numpy's `b` to 1e-12, relative (absolute near zero).
fn near(what: &str, a: f64, b: &serde_json::Value) {
    let b = b.as_f64().unwrap_or_else(|| panic!("{what}: numpy gave {b}"));
    assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{what}: ours {a:e}, numpy's {b:e}");
}

#[test]
fn metrics_match_numpy() {
    let Some(dir) = fixtures() else { return };
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).unwrap()).unwrap();
    let cases = expected.as_object().unwrap();
    assert!(cases.len() >= 7, "{} cases", cases.len());
    for (name, case) in cases {
        let bytes_out = std::fs::read(dir.join(format!("{name}.out.npy"))).unwrap();
        let bytes_ref = std::fs::read(dir.join(format!("{name}.ref.npy"))).unwrap();
        let bf16 = |key: &str| case[key].as_str() == Some("bf16");
        let out = parse_npy(&bytes_out, bf16("dtype_out")).unwrap();
        let reference = parse_npy(&bytes_ref, bf16("dtype_ref")).unwrap();
        assert_eq!(out.dtype, Dtype::from_name(case["dtype_out"].as_str().unwrap()).unwrap(), "{name}");
        let per_row = case["per_row"].as_bool().unwrap();
        let options = Options {
            rtol: case["rtol"].as_f64().unwrap(),
            atol: case["atol"].as_f64().unwrap(),
            gate: Gate::Both,
            cosine_min: 0.99,
            per_row,
            threads: 2,
        };
        let m = compare(&out, &reference, &options).unwrap();
        let want = &case["metrics"];
        assert_eq!(m.elements as u64, want["elements"].as_u64().unwrap(), "{name}");
        for (key, ours) in [
            ("mismatches", m.mismatches),
            ("nan", m.nan),
            ("inf", m.inf),
            ("ref_nan", m.ref_nan),
            ("ref_inf", m.ref_inf),
        ] {
            assert_eq!(ours, want[key].as_u64().unwrap(), "{name}: {key}");
        }
        for (key, ours) in
            [("cosine", m.cosine), ("max_abs", m.max_abs), ("max_rel", m.max_rel), ("mean_rel_L1", m.mean_rel_l1)]
        {
            near(&format!("{name}: {key}"), ours.unwrap(), &want[key]);
        }
        let indices: Vec<Vec<usize>> = m.first_mismatches.iter().map(|x| x.index.clone()).collect();
        let want_indices: Vec<Vec<usize>> = serde_json::from_value(want["first_mismatches"].clone()).unwrap();
        assert_eq!(indices, want_indices, "{name}: first mismatches");
        if per_row {
            let rows = m.per_row.clone().unwrap();
            for (key, ours) in [("min", rows.min), ("p5", rows.p5), ("median", rows.median), ("mean", rows.mean)] {
                near(&format!("{name}: per_row.{key}"), ours, &want["per_row"][key]);
            }
        }
    }
}

//! `air-stitch compare` on the fixtures of `testdata/compare/`: whole outputs (standard
//! output, standard error, exit status) of text and JSON, snapshotted under
//! `snapshots/compare/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;

fn transcript(args: &str) -> String {
    let output = harness::air_stitch(["compare"])
        .args(args.split_whitespace())
        .color_never()
        .in_dir(repo_root().join("testdata/compare"))
        .output();
    format!(
        "$ air-stitch compare {args}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("compare", name, &text);
}

const CASES: &[(&str, &str)] = &[
    ("pass_bf16_vs_f32", "out_bf16.npy ref_f32.npy --dtype-out bf16"),
    ("pass_npz_per_row", "pair.npz:out pair.npz:ref --dtype bf16 --tolerances rmsnorm --per-row"),
    ("pass_raw_json", "out.bin ref.bin --dtype bf16 --shape 4x8 --format json"),
    ("fail_both", "wrong_f32.npy ref_f32.npy --per-row"),
    ("fail_json", "wrong_f32.npy ref_f32.npy --format json"),
    ("cosine_gate_only", "wrong_f32.npy ref_f32.npy --gate cosine --cosine-min 0.9"),
    ("zeros", "zeros.npy zeros.npy"),
    ("zeros_vs_ref", "zeros.npy ref_f32.npy --gate cosine"),
    ("nan", "nan.npy ref_f32.npy --gate cosine"),
    ("nan_json", "nan.npy ref_f32.npy --format json"),
    ("inf", "inf.npy inf.npy"),
    ("bf16_rounding", "round_bf16.npy round_f32.npy --dtype-out bf16 --rtol 0 --atol 0"),
    ("empty", "empty.npy empty.npy --format json"),
    ("shape_mismatch", "shape_2x16.npy ref_f32.npy"),
    ("fortran", "fortran.npy ref_f32.npy"),
    ("truncated", "truncated.npy ref_f32.npy --format json"),
    ("npz_member_missing", "pair.npz:nope pair.npz:ref"),
    ("raw_without_dtype", "out.bin ref.bin"),
    ("raw_wrong_shape", "out.bin ref.bin --dtype bf16 --shape 4x9"),
    ("dtype_conflict", "out_bf16.npy ref_f32.npy --dtype f32"),
    ("tolerances_conflict", "out_bf16.npy ref_f32.npy --tolerances gemv --rtol 1"),
    ("missing_file", "nothere.npy ref_f32.npy"),
    ("maybe_bf16_out", "out_bf16.npy ref_f32.npy"),
    ("maybe_bf16_ref_json", "ref_f32.npy out_bf16.npy --format json"),
];

#[test]
fn whole_outputs_of_text_and_json() {
    for (name, args) in CASES {
        snapshot(name, transcript(args));
    }
}

#[test]
fn exit_status_is_0_pass_1_fail_2_unreadable() {
    let exit = |args: &str| {
        let text = transcript(args);
        text.lines().nth(1).unwrap().trim_start_matches("--- exit ").parse::<i32>().unwrap()
    };
    assert_eq!(exit("out_bf16.npy ref_f32.npy --dtype-out bf16"), 0);
    assert_eq!(exit("wrong_f32.npy ref_f32.npy"), 1);
    assert_eq!(exit("nan.npy ref_f32.npy --gate cosine"), 1);
    assert_eq!(exit("fortran.npy ref_f32.npy"), 2);
    assert_eq!(exit("nothere.npy ref_f32.npy"), 2);
    // Every version of the header compares equal to the others.
    assert_eq!(exit("v2.npy v3.npy --rtol 0 --atol 0"), 0);
    assert_eq!(exit("v3.npy ref_f32.npy --rtol 0 --atol 0"), 0);
}

/// The AS0914 warning's help names the flag to add; added as printed, the comparison passes.
#[test]
fn the_bf16_hint_is_the_flag_that_makes_the_comparison_pass() {
    for args in ["out_bf16.npy ref_f32.npy", "ref_f32.npy out_bf16.npy"] {
        let text = transcript(args);
        let help = text.lines().find(|l| l.contains("read it as bf16:")).unwrap_or_else(|| panic!("no hint: {text}"));
        let flag = help.split("read it as bf16: ").nth(1).unwrap().split(" (Python").next().unwrap();
        assert!(flag.starts_with("--dtype-"), "{help}");
        let followed = transcript(&format!("{args} {flag}"));
        assert!(followed.starts_with(&format!("$ air-stitch compare {args} {flag}\n--- exit 0")), "{followed}");
        assert!(!followed.contains("AS0914"), "{followed}");
    }
}

#[test]
fn every_registry_kernel_is_a_tolerances_name() {
    for name in [
        "gemm-f32",
        "gemm-bf16-high",
        "gemm-bf16-low",
        "gemv",
        "rmsnorm",
        "layernorm",
        "flash-attention",
        "eltwise-add",
        "silu-mul",
        "rope",
        "gelu",
    ] {
        let text = transcript(&format!("out_bf16.npy ref_f32.npy --dtype-out bf16 --tolerances {name} --format json"));
        assert!(text.contains("\"pass\": true"), "{name}: {text}");
    }
}

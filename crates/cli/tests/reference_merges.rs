//! The reference merges of docs/design.md#the-reference-merges (`testdata/plans/*.toml`): each merged module, its extern
//! report and its summary are snapshotted in full. Adding a plan adds a case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;
use std::path::{Path, PathBuf};

/// The reference plans, `testdata/plans/*.toml`, sorted.
fn reference_plans() -> Vec<PathBuf> {
    air_testkit::sorted_files(&repo_root().join("testdata/plans"), "toml")
}

/// `air-stitch merge --color never -o - --plan PLAN`, run in the repository root (so that paths
/// in messages are repository-relative); callers add their flags.
fn merge_command(plan: &Path) -> harness::Cli {
    let root = repo_root();
    harness::air_stitch(["merge", "--color", "never", "-o", "-", "--plan"])
        .in_dir(&root)
        .arg(plan.strip_prefix(&root).unwrap())
}

#[test]
fn reference_merges_match_their_snapshots() {
    let plans = reference_plans();
    assert!(plans.len() >= 4, "expected the reference plans");
    let scratch = air_testkit::ScratchDir::new("reference");
    for plan in &plans {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let report = scratch.join(format!("{name}.json"));
        let output = merge_command(plan).arg("--externs-report").arg(&report).output();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
        let parse = air_syntax::parse(&stdout);
        assert!(!parse.has_errors(), "{name}: {:?}", parse.all_errors());
        let report = std::fs::read_to_string(&report).unwrap();
        harness::snapshot("reference-merges", &format!("{name}.mlir"), &stdout);
        harness::snapshot("reference-merges", &format!("{name}.externs"), &format!("{stderr}\n{report}"));
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn reference_merges_pass_merge_verify() {
    // With the `mlir` feature this also runs MLIR's parser and verifier on each merged module.
    // AIR's verifier is the next test's.
    for plan in &reference_plans() {
        let output = merge_command(plan).args(["--verify", "--no-air-opt"]).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{}: {stderr}", plan.display());
        assert!(!stderr.contains("error["), "{}: {stderr}", plan.display());
    }
}

#[test]
fn air_accepts_each_reference_merge_and_merge_verify_with_air_opt_agrees() {
    let Some(air_opt) = air_testkit::air_opt() else { return };
    for plan in &reference_plans() {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let merged = merge_command(plan).output();
        assert_eq!(merged.status.code(), Some(0), "{name}");
        let verdict = air_testkit::run_air_opt(&air_opt, &merged.stdout, false);
        assert!(!matches!(verdict, air_testkit::AirVerdict::Crashed(_)), "{name}: {verdict:?}");
        let output = merge_command(plan).arg("--verify").arg(format!("--air-opt={}", air_opt.display())).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        // Every reference merge is valid AIR (issue 8): AIR accepts it, and so does --verify.
        assert!(verdict.is_accepted(), "{name}: AIR rejects the merge: {verdict:?}");
        assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
        assert!(stderr.contains("AIR (air-opt)"), "{name}: {stderr}");
    }
}

/// The backend flags the upstream builders compile each merge with, as `check-bd` options,
/// less the runtime loop tiling: the plans put each slice's on its launches
/// (`shim_dma_tile_sizes`), so no global tiling flag is given. A named twin's are its index
/// twin's.
fn backend_flags(plan: &str) -> &'static [&'static str] {
    match plan.strip_suffix("_named").unwrap_or(plan) {
        // "The external GEMM herds need BD-ID-recycling tiling [2,2]": on the GEMM slices.
        "rms_gemms_rope" | "o_ffn" => &[],
        // OGF_BACKEND: omit_pingpong="all".
        _ => &["--omit-pingpong"],
    }
}

/// Each reference merge's launches and the `air.shim_dma_tile_sizes` each carries: the GEMM
/// slices of the prefill merges tiled [2, 2] as upstream compiles them, the rest untiled.
#[test]
fn reference_merges_carry_their_slices_tiling() {
    let mut table = String::new();
    for plan in &reference_plans() {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let merged = merge_command(plan).output();
        assert_eq!(merged.status.code(), Some(0), "{name}");
        let text = String::from_utf8_lossy(&merged.stdout).into_owned();
        table += &format!("{name}:\n");
        let mut slice = String::new();
        for line in text.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("// slice ") {
                slice = rest.split(':').next().unwrap_or("").to_string();
            } else if line.contains("air.launch ") {
                let attr = line
                    .split("air.shim_dma_tile_sizes = ")
                    .nth(1)
                    .map(|rest| rest.split('>').next().unwrap_or("").to_string() + ">");
                table += &format!("  {slice:<12} {}\n", attr.as_deref().unwrap_or("-"));
            }
        }
    }
    harness::snapshot("reference-merges", "tile-sizes", &table);
}

/// Every reference merge passes check-bd with its plan's backend options (`--plan`: how upstream
/// compiles it) and no other flag: each launch's tiling is its own.
#[test]
fn reference_merges_pass_check_bd_with_their_plans_backend() {
    for plan in &reference_plans() {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let merged = merge_command(plan).output();
        assert_eq!(merged.status.code(), Some(0), "{name}");
        let output = harness::air_stitch(["check-bd", "--color", "never", "--plan"])
            .arg(plan)
            .arg("-")
            .stdin(&merged.stdout)
            .output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{name}: check-bd finds errors:\n{stderr}");
        assert!(stderr.contains(": 0 errors,"), "{name}: {stderr}");
    }
}

#[test]
fn reference_merges_pass_check_bd_and_their_reports_match() {
    for plan in &reference_plans() {
        let name = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let merged = merge_command(plan).output();
        assert_eq!(merged.status.code(), Some(0), "{name}");
        let output = harness::air_stitch(["check-bd", "--report", "--color", "never"])
            .args(backend_flags(&name))
            .arg("-")
            .stdin(&merged.stdout)
            .output();
        let report = format!(
            "$ air-stitch check-bd --report {}-\nexit: {}\n--- stdout\n{}--- stderr\n{}",
            backend_flags(&name).iter().map(|f| format!("{f} ")).collect::<String>(),
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(output.status.code(), Some(0), "{name}: check-bd finds errors:\n{report}");
        harness::snapshot("reference-merges", &format!("{name}.check-bd"), &report);
    }
}

//! `check-bd --lower`, `compile --lower-only` and `group --lower` end to end against the real
//! compiler's MLIR half (the compiler kit, `air_testkit::lowering`): an accepted merge (its words
//! per sequence and the odd-reset hazard of its ELF), a rejected kernel (the compiler's error on
//! the launch it comes from, with its triage code), and the drivers missing. Whole outputs are
//! snapshots, with the kit's path and the lowering's time made stable. Skipped without a kit,
//! except under `CI=true` (the missing-drivers case needs none).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::{lowering, ScratchDir};
use std::path::Path;

fn run(args: &[&str], path: Option<&str>) -> (Option<i32>, String, String) {
    let mut command = harness::air_stitch(args).color_never().in_repo();
    if let Some(path) = path {
        command = command.env("PATH", path).env_remove("AIR_LOWERING_KIT").env_remove("AIRCC");
    }
    let output = command.output();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The kit's directory and the time a lowering took are not the same from run to run.
fn stable(text: &str, kit: &Path, scratch: &Path) -> String {
    let time = regex::Regex::new(r"lowered in [0-9.]+ s").unwrap();
    let text = text.replace(&kit.display().to_string(), "KIT").replace(&scratch.display().to_string(), "SCRATCH");
    time.replace_all(&text, "lowered in T s").into_owned()
}

fn snapshot(name: &str, value: String) {
    harness::snapshot("lowering", name, &value);
}

#[test]
fn check_bd_lower_on_an_accepted_merge_and_a_rejected_kernel() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("lowering-cli");
    let merged = scratch.join("o_gemv_ffn.mlir");
    let (code, _, stderr) =
        run(&["merge", "--plan", "testdata/plans/o_gemv_ffn.toml", "-o", merged.to_str().unwrap()], None);
    assert_eq!(code, Some(0), "{stderr}");
    let lower = format!("--lower={}", kit.bin.display());
    let (code, stdout, stderr) = run(
        &[
            "check-bd",
            "-A",
            "utilisation",
            "--plan",
            "testdata/plans/o_gemv_ffn.toml",
            &lower,
            merged.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("warning[AS0744]") && stderr.contains("does 5 load_pdi"), "{stderr}");
    snapshot("check_bd_lower_o_gemv_ffn", stable(&format!("exit {code:?}\n{stdout}{stderr}"), &kit.bin, &scratch));

    let kernel = "testdata/triage/kernels/gemm_2048x2048x2048.mlir";
    let (code, stdout, _) = run(&["check-bd", "--format", "json", &lower, kernel], None);
    assert_eq!(code, Some(1));
    let document: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let lowering = &document["lowerings"][0];
    assert_eq!(lowering["verdict"], "rejected");
    assert_eq!(lowering["findings"][0]["class"], "runtime-offsets");
    let placed = document["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "AS0714").unwrap();
    assert_eq!(placed["primary"]["label"], "in the launch of air.segment @matmul_seg");
    let (_, _, stderr) = run(&["check-bd", "-A", "utilisation", &lower, kernel], None);
    snapshot("check_bd_lower_gemm_channels", stable(&stderr, &kit.bin, &scratch));
}

#[test]
fn compile_lower_only_records_the_lowering() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("lowering-compile");
    let aircc = kit.bin.join("aircc");
    let out = scratch.join("out");
    let args = [
        "compile",
        "--lower-only",
        "--aircc",
        aircc.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "testdata/kernels/gemv_k8192.mlir",
    ];
    let (code, _, stderr) = run(&args, None);
    assert_eq!(code, Some(1), "without ping-pong off its L1 does not fit: {stderr}");
    assert!(stderr.contains("error[AS0706]") && stderr.contains("air.segment @matvec_bf16_0"), "{stderr}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("gemv_k8192.compile.json")).unwrap()).unwrap();
    assert_eq!(record["status"], "rejected");
    assert_eq!(record["lowering"]["stage"], "aiecc: input_with_addresses.mlir");
    let mut accepted = args.to_vec();
    accepted.insert(2, "--omit-ping-pong-transform");
    let (code, _, stderr) = run(&accepted, None);
    assert_eq!(code, Some(0), "{stderr}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("gemv_k8192.compile.json")).unwrap()).unwrap();
    assert_eq!(record["status"], "lowered");
    assert_eq!(record["lowering"]["total_words"], 602);
    assert!(record["artifacts"].as_array().unwrap().is_empty(), "nothing is compiled");
}

#[test]
fn group_lower_reports_words_per_group() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("lowering-group");
    let lower = format!("--lower={}", kit.bin.display());
    let dir = scratch.join("groups");
    let (code, stdout, stderr) =
        run(&["group", "testdata/layers/llama32_1b_decode.toml", "-o", dir.to_str().unwrap(), &lower], None);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("6 (2723 words)") && stdout.contains("3 (3672 words)"), "{stdout}");
    let groups: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("llama32_1b_decode.groups.json")).unwrap()).unwrap();
    assert_eq!(groups["groups"][2]["lowering"]["verdict"], "accepted");
    let options = &groups["groups"][2]["aircc_options"];
    assert_eq!(
        options,
        &serde_json::json!([
            "--device=npu2",
            "--output-format=elf",
            "--air-runtime-loop-tiling-sizes=16",
            "--air-runtime-loop-tiling-sizes=16",
            "--omit-ping-pong-transform"
        ])
    );
}

#[test]
fn check_bd_lower_without_drivers_stops_before_any_work() {
    let empty = ScratchDir::new("lowering-no-drivers");
    let (code, stdout, stderr) =
        run(&["check-bd", "--lower", "testdata/kernels/add_2048.mlir"], Some(empty.to_str().unwrap()));
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    snapshot("check_bd_lower_no_drivers", stderr);
}

/// A crash of the compiler (the kit's aircc on an upstream test file it crashes on) is shown as
/// what a report needs: the pass and the pattern that crashed, not the log's last lines
/// (`__libc_start_main`, `_start`); its files are kept and said, its remedy is a reduction.
#[test]
fn check_bd_lower_names_the_pass_and_pattern_a_crash_happened_in() {
    let Some(kit) = lowering::kit() else { return };
    let Some(corpus) = air_testkit::corpus_dir() else { return };
    let file = corpus.join("mlir/test/Conversion/AIRToAIE/l2_memtile_column_affinity.mlir");
    let lower = format!("--lower={}", kit.bin.display());
    let (code, _, stderr) = run(&["check-bd", "-A", "utilisation", &lower, file.to_str().unwrap()], None);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("error[AS0741]") && stderr.contains("gave no verdict: crashed"), "{stderr}");
    assert!(stderr.contains("note: aircc crashed in pass xilinx::air::AIRToAIEPass, pattern "), "{stderr}");
    assert!(!stderr.contains("_start"), "{stderr}");
    assert!(stderr.contains("help: a bug of the compiler"), "{stderr}");
    let kept = regex::Regex::new(r"its files are kept in (\S+)").unwrap();
    let dir = kept.captures(&stderr).map(|c| c[1].to_string()).expect("the kept folder is said");
    let log = std::fs::read_to_string(Path::new(&dir).join("log.txt")).unwrap();
    // The kept log, given to triage, is a crash (exit 1), not "no failure found".
    let scratch = ScratchDir::new("lowering-crash");
    let copy = scratch.join("aircc.log");
    std::fs::write(&copy, &log).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, stderr) = run(&["triage", copy.to_str().unwrap()], None);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("error[AS0718]: the compiler crashed: aircc crashed in pass"), "{stderr}");
}

/// A lowering's private directory is removed after a timeout and after Ctrl-C (kept only after a
/// crash, which the crash test covers). aircc here is the TEST DOUBLE testdata/compile/fake-aircc
/// (`FAKE_AIRCC_MODE=sleep:30`): a real aircc that hangs cannot be had on demand.
#[test]
fn a_timeout_and_an_interrupt_leave_no_lowering_folder() {
    let scratch = ScratchDir::new("lowering-cleanup");
    let drivers = air_testkit::lowering::fake_drivers(&scratch);
    let tmp = scratch.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let lower = format!("--lower={}", drivers.display());
    let command = |timeout: &str| {
        harness::air_stitch(["check-bd", "-A", "utilisation", &lower, "--lower-timeout", timeout])
            .arg("testdata/kernels/add_2048.mlir")
            .color_never()
            .in_repo()
            .env("TMPDIR", &tmp)
            .env("FAKE_AIRCC_MODE", "sleep:30")
            .env("FAKE_AIRCC_PIDS", scratch.join("pids"))
    };
    let left = || std::fs::read_dir(&tmp).unwrap().flatten().map(|e| e.file_name()).collect::<Vec<_>>();

    let output = command("1s").output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("did not finish within the timeout"), "{stderr}");
    assert!(left().is_empty(), "after a timeout: {:?}", left());

    let _ = std::fs::remove_file(scratch.join("pids"));
    let child = command("60s")
        .into_command()
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !scratch.join("pids").exists() {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "aircc never started");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(!left().is_empty(), "the lowering runs in a folder under TMPDIR");
    // What a terminal's Ctrl-C sends to air-stitch (aircc is in a process group of its own).
    assert!(std::process::Command::new("kill").arg("-INT").arg(child.id().to_string()).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    assert_ne!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(left().is_empty(), "after Ctrl-C: {:?}", left());
}

/// A module check-bd foresees a compile-time blow-up for (AS0431) is not lowered unless
/// `--lower-timeout` asks: aircc (the TEST DOUBLE testdata/compile/fake-aircc, counting its runs)
/// never starts; with the flag the help names, it does.
#[test]
fn a_foreseen_blow_up_is_not_lowered_unless_asked() {
    let scratch = ScratchDir::new("lowering-blow-up");
    let drivers = air_testkit::lowering::fake_drivers(&scratch);
    let count = scratch.join("runs");
    let lower = format!("--lower={}", drivers.display());
    let check = |extra: &[&str]| {
        let output = harness::air_stitch(["check-bd", "--format", "json", &lower])
            .args(extra)
            .arg("testdata/check-bd/f_compile_time_chain_16.mlir")
            .in_repo()
            .env("FAKE_AIRCC_MODE", "noartifact")
            .env("FAKE_AIRCC_COUNT", &count)
            .output();
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    let doc = check(&[]);
    let skip = doc["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "AS0745").expect("AS0745");
    assert!(skip["message"].as_str().unwrap().contains("foresees a compile-time blow-up (AS0431)"), "{doc}");
    assert!(!count.exists(), "aircc ran");
    let help = skip["help"].as_str().unwrap();
    let flag = help.split_whitespace().find(|w| w.starts_with("--")).unwrap();
    assert_eq!(flag, "--lower-timeout", "{help}");
    let doc = check(&[flag, "5s"]);
    assert!(!doc["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "AS0745"), "{doc}");
    assert!(count.exists(), "asked for, it is lowered");
}

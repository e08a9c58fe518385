//! `air-stitch triage` on the shipped logs of `testdata/triage/`: each log's whole text and JSON
//! output (snapshots under `snapshots/triage/`), the exit status (1 with a failure, 0 without),
//! the merged module the `--module` cases read (it must be what `merge` writes for its plan), a
//! module that cannot be used, a log saved as UTF-16, a binary file given as the log, and the usage
//! and I/O errors.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    harness::air_stitch(args).color_never().in_repo().output()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `$ command`, the exit status, standard output and standard error.
fn transcript(args: &[&str]) -> (String, Option<i32>) {
    let output = run(args);
    let mut out = format!("$ air-stitch {}\nexit status: {:?}\n", args.join(" "), output.status.code());
    if !output.stdout.is_empty() {
        out.push_str(&format!("--- stdout\n{}", text(&output.stdout)));
    }
    if !output.stderr.is_empty() {
        out.push_str(&format!("--- stderr\n{}", text(&output.stderr)));
    }
    (out, output.status.code())
}

fn snapshot(name: &str, value: String) {
    harness::snapshot("triage", name, &value);
}

fn logs() -> Vec<String> {
    let files = air_testkit::sorted_files(&repo_root().join("testdata/triage"), "log");
    files.iter().map(|p| p.file_stem().unwrap().to_string_lossy().into_owned()).collect()
}

#[test]
fn every_shipped_log_in_text_and_json() {
    let logs = logs();
    assert!(logs.len() >= 20, "{logs:?}");
    for log in &logs {
        let path = format!("testdata/triage/{log}.log");
        let (text_out, text_status) = transcript(&["triage", &path]);
        let (json_out, json_status) = transcript(&["triage", "--format", "json", &path]);
        assert_eq!(text_status, json_status, "{log}");
        let expected = if log == "clean" { Some(0) } else { Some(1) };
        assert_eq!(text_status, expected, "{log}:\n{text_out}");
        let output = run(&["triage", "--format", "json", &path]);
        assert!(output.stderr.is_empty(), "{log}: JSON mode writes nothing on standard error");
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(document["schema"], "air-stitch/triage/1");
        snapshot(&format!("triage_{log}"), format!("{text_out}\n{json_out}"));
    }
}

#[test]
fn with_the_merged_module_findings_carry_the_op_the_slice_and_check_bd() {
    let module = "testdata/triage/rms_gemms_rope.mlir";
    for (name, extra) in
        [("bd_exhaustion_merged", &[][..]), ("placement_merged", &["--device", "npu1"][..]), ("mixed", &[][..])]
    {
        let path = format!("testdata/triage/{name}.log");
        let mut args = vec!["triage", "--module", module];
        args.extend(extra);
        args.push(&path);
        let (text_out, _) = transcript(&args);
        args.insert(1, "--format");
        args.insert(2, "json");
        let (json_out, _) = transcript(&args);
        snapshot(&format!("triage_module_{name}"), format!("{text_out}\n{json_out}"));
    }
    // The hand-written log is an older toolchain's: the pinned compiler's check-bd finds no BD
    // exhaustion in this module (its GEMMs' feeds are burst-bounded), so no finding pairs with it.
    let output = run(&["triage", "--format", "json", "--module", module, "testdata/triage/bd_exhaustion_merged.log"]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let finding = &document["findings"][0];
    assert_eq!(finding["slice"]["prefix"], "q");
    assert_eq!(finding["location"]["op"], "air.channel.put");
    assert_eq!(finding["check_bd"], serde_json::Value::Null);
    // The remedy names the slice's own tiling, the plan key merge reads (docs/merge.md).
    let remedy = finding["remedy"].as_str().unwrap();
    assert!(
        remedy.contains("tile slice `q`") && remedy.contains("`shim_dma_tile_sizes = [2, 2]` in its [[slice]]"),
        "{remedy}"
    );
    let placement =
        ["triage", "--format", "json", "--device", "npu1", "--module", module, "testdata/triage/placement_merged.log"];
    let document: serde_json::Value = serde_json::from_slice(&run(&placement).stdout).unwrap();
    let finding = &document["findings"][0];
    assert_eq!(
        (finding["slice"]["prefix"].as_str(), finding["location"]["op"].as_str()),
        (Some("q"), Some("air.herd"))
    );
    assert_eq!(finding["check_bd"]["code"], "AS0401");
}

#[test]
fn the_shipped_module_is_what_merge_writes_for_its_plan() {
    let out = std::env::temp_dir().join(format!("air-stitch-triage-merge-{}.mlir", std::process::id()));
    let output = run(&["merge", "--plan", "testdata/triage/rms_gemms_rope_untiled.toml", "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let merged = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    let shipped = std::fs::read_to_string(repo_root().join("testdata/triage/rms_gemms_rope.mlir")).unwrap();
    assert!(merged == shipped, "testdata/triage/rms_gemms_rope.mlir is stale: rewrite it with `air-stitch merge --plan testdata/triage/rms_gemms_rope_untiled.toml -o testdata/triage/rms_gemms_rope.mlir`");
}

#[test]
fn a_module_that_cannot_be_used_standard_input_and_usage_errors() {
    let dir = air_testkit::ScratchDir::new("triage");
    let bad = dir.join("fused.mlir");
    std::fs::write(&bad, "func.func @f( {\n").unwrap();
    let log = std::path::Path::new("testdata/triage/bare_herd.log");
    // What a user may give by mistake: the ELF a compile made, not the log it printed.
    let elf = dir.join("fused.elf");
    std::fs::write(&elf, b"\x7fELF\x02\x01\x01\x00\x00\x00error: not a log line\n").unwrap();
    // A log saved as UTF-16 (Windows PowerShell's `>`): still a log.
    let utf16 = dir.join("aircc-utf16.log");
    let kit_log = std::fs::read_to_string(repo_root().join("testdata/triage/kit_local_buffer_argument.log")).unwrap();
    let bytes: Vec<u8> = [0xFF, 0xFE].into_iter().chain(kit_log.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    std::fs::write(&utf16, bytes).unwrap();
    let mut transcript_all = String::new();
    for args in [
        vec!["triage", utf16.to_str().unwrap()],
        vec!["triage", elf.to_str().unwrap()],
        vec!["triage", "--format", "json", elf.to_str().unwrap()],
        vec!["triage", "--module", bad.to_str().unwrap(), log.to_str().unwrap()],
        vec!["triage", "--format", "json", "--module", bad.to_str().unwrap(), log.to_str().unwrap()],
        vec!["triage", "testdata/triage/missing.log"],
        vec!["triage", "--module", "-", "testdata/triage/routing.log"],
    ] {
        let (out, _) = transcript(&args);
        transcript_all.push_str(&out.replace(dir.to_str().unwrap(), "$TMP"));
        transcript_all.push('\n');
    }
    let output = harness::air_stitch(["triage", "--color", "never", "-"])
        .stdin(b"aircc: Unknown command line argument '--frobnicate'.  Try: 'aircc --help'\n")
        .output();
    transcript_all.push_str(&format!(
        "$ air-stitch triage - < (an unknown option)\nexit status: {:?}\n--- stderr\n{}",
        output.status.code(),
        text(&output.stderr)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    snapshot("triage_inputs", transcript_all);
}

//! Messages a user acts on, acted on: the flag a help names is accepted and does what it says, a
//! device's product name is taken, and an upstream preset key's mapping, applied, gives a plan
//! that reads (issue 32's message fixes).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::ScratchDir;

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let output = harness::air_stitch(args).in_repo().args(["--format", "json"]).output();
    (output.status.code().unwrap_or(-1), serde_json::from_slice(&output.stdout).unwrap())
}

#[test]
fn the_flag_l1_overflow_names_is_accepted_and_frees_the_memory() {
    let fixture = "testdata/check-bd/f11_gemm_drain_tile_m64.mlir";
    let (code, doc) = json(&["check-bd", fixture]);
    assert_eq!(code, 1);
    let help = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "AS0404")
        .and_then(|d| d["help"].as_str())
        .unwrap()
        .to_string();
    let flag = help.split(['(', ';', ' ']).find(|w| w.starts_with("--")).expect("the help names a flag");
    assert_eq!(flag, "--omit-ping-pong-transform", "{help}");
    // The flag, as the help gives it, is check-bd's (not a usage error), and without ping-pong the
    // doubled buffers are gone from the L1 budget.
    let (code, doc) = json(&["check-bd", flag, fixture]);
    assert_ne!(code, 2, "{doc}");
    let l1 = |doc: &serde_json::Value| {
        doc["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "AS0404").count()
    };
    let (_, before) = json(&["check-bd", fixture]);
    assert!(l1(&doc) <= l1(&before), "{doc}");
}

#[test]
fn strix_and_phoenix_name_npu2_and_npu1() {
    let kernel = "testdata/kernels/add_2048.mlir";
    for (product, device) in [("strix", "npu2"), ("phoenix", "npu1")] {
        let (code, by_product) = json(&["check-bd", "--device", product, kernel]);
        let (code_by_name, by_name) = json(&["check-bd", "--device", device, kernel]);
        assert_ne!(code, 2, "{by_product}");
        assert_eq!(
            (code, &by_product["device"], &by_product["summary"]),
            (code_by_name, &by_name["device"], &by_name["summary"])
        );
    }
    // In a layer too.
    let dir = ScratchDir::new("device-product-names");
    let layer = std::fs::read_to_string(air_testkit::repo_root().join("testdata/group/cut-max-launches/layer.toml"))
        .unwrap()
        .replace("../../kernels/", &format!("{}/", air_testkit::repo_root().join("testdata/kernels").display()));
    let layer = layer.replacen("[layer]\n", "[layer]\ndevice = \"strix\"\n", 1);
    std::fs::write(dir.path().join("layer.toml"), layer).unwrap();
    let output = harness::air_stitch(["group", "layer.toml", "-o", "out"]).in_dir(dir.path()).output();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn an_upstream_preset_key_gets_its_name_here_and_that_name_reads() {
    let dir = ScratchDir::new("upstream-preset-keys");
    // gemv_2k's plan, its [backend] without the two options (the test writes them upstream's way).
    let plan: String = std::fs::read_to_string(air_testkit::repo_root().join("testdata/plans/gemv_2k.toml"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("air_runtime_loop_tiling_sizes =") && !l.starts_with("omit_ping_pong_transform ="))
        .map(|l| format!("{l}\n"))
        .collect();
    let base = air_testkit::repo_root().join("testdata/plans");
    for (upstream, value) in [("omit_pingpong", "\"all\""), ("runtime_loop_tiling_sizes", "[16, 16]")] {
        let with = plan.replacen("\n[backend]\n", &format!("\n[backend]\n{upstream} = {value}\n"), 1);
        let path = base.join(format!("upstream_key_{upstream}.toml"));
        std::fs::write(&path, &with).unwrap();
        let output = harness::air_stitch(["merge", "--plan"]).arg(&path).args(["-o", "-", "--color", "never"]).output();
        let _ = std::fs::remove_file(&path);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        // `here it is `KEY``: the key to write.
        let here =
            stderr.split("here it is `").nth(1).and_then(|r| r.split('`').next()).unwrap_or_else(|| panic!("{stderr}"));
        let fixed = with.replace(&format!("{upstream} ="), &format!("{here} ="));
        let path = dir.path().join("fixed.toml");
        std::fs::write(&path, fixed.replace("file = \"../", &format!("file = \"{}/../", base.display()))).unwrap();
        let output = harness::air_stitch(["merge", "--plan"]).arg(&path).args(["-o", "-"]).output();
        assert_eq!(output.status.code(), Some(0), "{here}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

fn merge_in(dir: &std::path::Path, files: &[&str]) -> (i32, serde_json::Value) {
    let output =
        harness::air_stitch(["merge"]).args(files).args(["-o", "m.mlir", "--format", "json"]).in_dir(dir).output();
    (output.status.code().unwrap_or(-1), serde_json::from_slice(&output.stdout).unwrap())
}

fn codes(doc: &serde_json::Value) -> Vec<String> {
    doc["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn a_plain_function_as_a_slice_is_refused_and_nothing_is_written() {
    let dir = ScratchDir::new("merge-not-air");
    std::fs::write(
        dir.path().join("notair.mlir"),
        "func.func @host_step(%arg0: memref<2048xbf16>, %arg1: memref<2048xbf16>) {\n  return\n}\n",
    )
    .unwrap();
    std::fs::copy(air_testkit::repo_root().join("testdata/kernels/gemv_k2048.mlir"), dir.path().join("gemv.mlir"))
        .unwrap();
    let (code, doc) = merge_in(dir.path(), &["notair.mlir", "gemv.mlir"]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(codes(&doc), ["AS0346"], "{doc}");
    let at = &doc["diagnostics"][0]["primary"];
    assert_eq!((at["file"].as_str(), at["line"].as_u64()), (Some("notair.mlir"), Some(1)), "{doc}");
    assert!(!dir.path().join("m.mlir").exists());
    // The gemv alone merges: the refusal was the plain function's.
    let (code, doc) = merge_in(dir.path(), &["gemv.mlir"]);
    assert_eq!(code, 0, "{doc}");
}

#[test]
fn an_undeclared_callee_is_named_where_called_and_the_declaration_its_help_gives_fixes_it() {
    let dir = ScratchDir::new("merge-undeclared-callee");
    let kernel = std::fs::read_to_string(air_testkit::repo_root().join("testdata/kernels/gemv_k2048.mlir")).unwrap();
    let declaration = kernel.lines().find(|l| l.contains("func.func private @linalg_fill_bf16")).unwrap();
    let missing = kernel.replacen(&format!("{declaration}\n"), "", 1);
    std::fs::write(dir.path().join("gemv.mlir"), &missing).unwrap();
    let (code, doc) = merge_in(dir.path(), &["gemv.mlir"]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(codes(&doc), ["AS0345"], "{doc}");
    let diagnostic = &doc["diagnostics"][0];
    assert!(diagnostic["message"].as_str().unwrap().contains("`@linalg_fill_bf16`"), "{doc}");
    let call_line = missing.lines().position(|l| l.contains("func.call @linalg_fill_bf16")).unwrap() + 1;
    assert_eq!(diagnostic["primary"]["line"].as_u64(), Some(call_line as u64), "{doc}");
    assert!(!dir.path().join("m.mlir").exists());
    // The help's declaration, pasted with the object named, merges.
    let help = diagnostic["help"].as_str().unwrap();
    let pasted = help.split('`').nth(1).expect("the help quotes a declaration").replace("OBJECT.o", "mv.o");
    assert!(
        pasted.starts_with("func.func private @linalg_fill_bf16(bf16, memref<8xbf16, 2 : i32>) attributes"),
        "{help}"
    );
    let (head, rest) = missing.split_once("module {\n").unwrap();
    std::fs::write(dir.path().join("gemv.mlir"), format!("{head}module {{\n  {pasted}\n{rest}")).unwrap();
    let (code, doc) = merge_in(dir.path(), &["gemv.mlir"]);
    assert_eq!(code, 0, "{doc}");
}

#[test]
fn an_npu1_layer_asking_for_an_elf_is_one_error_at_its_backend_and_writes_nothing() {
    let dir = ScratchDir::new("npu1-elf-layer");
    let layer = std::fs::read_to_string(air_testkit::repo_root().join("testdata/group/cut-max-launches/layer.toml"))
        .unwrap()
        .replace("../../kernels/", &format!("{}/", air_testkit::repo_root().join("testdata/kernels").display()));
    let elf = layer.replacen("[layer]\n", "[layer]\ndevice = \"npu1\"\nbackend = { output_format = \"elf\" }\n", 1);
    std::fs::write(dir.path().join("layer.toml"), &elf).unwrap();
    let output =
        harness::air_stitch(["group", "layer.toml", "-o", "out", "--format", "json"]).in_dir(dir.path()).output();
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{doc}");
    assert_eq!(codes(&doc), ["AS0853"], "{doc}");
    let backend_line = elf.lines().position(|l| l.starts_with("backend =")).unwrap() + 1;
    assert_eq!(doc["diagnostics"][0]["primary"]["line"].as_u64(), Some(backend_line as u64), "{doc}");
    assert!(!dir.path().join("out").exists(), "nothing written");
    // The help's format, applied, is taken: the layer is grouped (its 8-column herds are then
    // npu2's, which check-bd says per kernel: AS0401).
    let help = doc["diagnostics"][0]["help"].as_str().unwrap();
    assert!(help.contains("use \"xclbin\" for npu1"), "{help}");
    std::fs::write(dir.path().join("layer.toml"), elf.replace("\"elf\"", "\"xclbin\"")).unwrap();
    let output =
        harness::air_stitch(["group", "layer.toml", "-o", "out", "--format", "json"]).in_dir(dir.path()).output();
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(!codes(&doc).iter().any(|c| c == "AS0853"), "{doc}");
    assert_eq!(doc["groups"].as_array().map(Vec::len), Some(3), "{doc}");
}

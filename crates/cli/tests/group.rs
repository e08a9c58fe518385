//! `air-stitch group` (docs/group.md): the shipped layers (`testdata/layers/`: table, groups
//! document and plans snapshotted; every merged module accepted by AIR's verifier and
//! reproduced by `merge --plan` from its plan; roles agreeing with upstream's hand-written
//! `load_and_run` sets where the group has upstream's ABI) and the fixtures of `testdata/group/` (cuts at
//! the right kernel with their reason, located layer errors), each snapshotted whole.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Runs `air-stitch group LAYER -o target/test-group/<tag>` in the repository root (outputs
/// inside the repository, so the plans' relative paths are the same on every machine).
fn group(layer: &str, tag: &str, extra: &[&str]) -> (Output, PathBuf) {
    let out = format!("target/test-group/{tag}");
    let _ = std::fs::remove_dir_all(repo_root().join(&out));
    let output = harness::air_stitch(["group", layer, "-o", &out, "--color", "never"]).in_repo().args(extra).output();
    (output, repo_root().join(out))
}

fn report(args: &str, output: &Output) -> String {
    format!(
        "$ air-stitch group {args}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, text: &str) {
    harness::snapshot("group", name, text);
}

fn groups_doc(dir: &Path, layer: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{layer}.groups.json"))).unwrap()).unwrap()
}

#[test]
fn shipped_layers_group_as_upstream_and_every_group_is_valid_air() {
    let cases = [
        (
            "llama32_1b_prefill",
            vec![
                vec!["r", "q", "k", "v", "rq", "rk"],
                vec!["attention"],
                vec!["og", "ra", "rm", "gg", "ug", "sw", "dg", "fa"],
            ],
        ),
        ("llama32_1b_decode", vec![vec!["r", "q", "k", "v", "rq", "rk"], vec!["attention"], vec!["s1", "s2", "s3"]]),
        (
            "qwen25_1_5b_decode",
            vec![
                vec!["r", "q", "k", "v", "qb", "kb", "vb", "rq", "rk"],
                vec!["attention"],
                vec!["o", "ra", "rm", "gg", "ug", "sw", "dg", "fa"],
            ],
        ),
    ];
    let air_opt = air_testkit::air_opt();
    for (layer, expected) in cases {
        let path = format!("testdata/layers/{layer}.toml");
        let (output, dir) = group(&path, layer, &[]);
        let text = report(&format!("{path} -o target/test-group/{layer}"), &output);
        assert_eq!(output.status.code(), Some(0), "{text}");
        snapshot(&format!("{layer}.run"), &text);
        let doc = groups_doc(&dir, layer);
        snapshot(&format!("{layer}.groups"), &serde_json::to_string_pretty(&doc).unwrap());
        let found: Vec<Vec<String>> = doc["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["kernels"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect())
            .collect();
        assert_eq!(found, expected, "{layer}");
        // The layer's calls, replayed twice through load_and_run's protocol, read right.
        assert_eq!(doc["replay"]["passed"], true, "{layer}: {}", doc["replay"]);
        for entry in doc["groups"].as_array().unwrap().iter().filter(|g| g["external"] == false) {
            let plan = entry["plan"].as_str().unwrap();
            let module = std::fs::read_to_string(dir.join(entry["merged"].as_str().unwrap())).unwrap();
            snapshot(&format!("{layer}.{plan}"), &std::fs::read_to_string(dir.join(plan)).unwrap());
            // The plan reproduces the module.
            let again = harness::air_stitch(["merge", "--plan", plan, "-o", "-"]).in_dir(&dir).output();
            assert_eq!(String::from_utf8_lossy(&again.stdout), module, "{layer}: {plan} does not reproduce its module");
            if let Some(air_opt) = &air_opt {
                let verdict = air_testkit::run_air_opt(air_opt, module.as_bytes(), false);
                assert!(verdict.is_accepted(), "{layer}: AIR rejects {plan}'s module: {verdict:?}");
            }
            let roles: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(dir.join(entry["roles"].as_str().unwrap())).unwrap())
                    .unwrap();
            assert_eq!(roles["schema"], "air-stitch/roles/2");
            if let Some(upstream) = upstream_roles(plan) {
                agrees_with_upstream(plan, &roles, upstream);
            }
        }
    }
}

/// Upstream's hand-written `load_and_run` sets, as (output_indices, static_input_indices,
/// intermediate_indices), for the groups whose ABI is upstream's: `rms_gemms_rope`
/// (llama32_1b_prefill.py, the intermediate set without the optional `_scratch_inter`),
/// `rms_gemv_rope` and `o_gemv_ffn` (llama32_1b_inference.py). The prefill `o_ffn` group
/// differs from upstream's ABI (docs/group.md) and has no entry.
type UpstreamRoles = (&'static [u64], &'static [u64], &'static [u64]);

fn upstream_roles(plan: &str) -> Option<UpstreamRoles> {
    match plan {
        "llama32_1b_prefill_1.toml" => Some((&[8, 11, 12], &[1, 3, 5, 7, 9, 10], &[2, 4, 6, 8, 11, 12])),
        "llama32_1b_decode_1.toml" => Some((&[8, 11, 12], &[1, 3, 5, 7], &[2, 4, 6, 8, 11, 12])),
        "llama32_1b_decode_3.toml" => Some((&[14], &[0, 6, 7, 12], &[2, 4, 5, 8, 9, 10, 11, 13, 14])),
        // qwen25_1_5b_decode.py::_fused_bias_rope_gemv_call (rms_qkv_bias_rope_gemv).
        "qwen25_1_5b_decode_1.toml" => {
            Some((&[14, 17, 18], &[1, 3, 5, 7, 9, 10, 11], &[2, 4, 6, 8, 12, 13, 14, 17, 18]))
        }
        _ => None,
    }
}

/// Outputs (what the layer reads back from the call), intermediates and static inputs equal
/// upstream's: the layers declare their buffers' kinds (the decode layer's RoPE tables change
/// with the token's position, so they are activations there and weights in prefill), and the
/// snippet is ready.
fn agrees_with_upstream(plan: &str, roles: &serde_json::Value, (output, stat, inter): UpstreamRoles) {
    let set = |key: &str| -> Vec<u64> { roles[key].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect() };
    assert_eq!(set("outputs"), output, "{plan}: outputs read back");
    assert_eq!(set("intermediate_indices"), inter, "{plan}: intermediate indices");
    assert_eq!(set("static_input_indices"), stat, "{plan}: static inputs");
    assert_eq!(roles["load_and_run_ready"], true, "{plan}: {roles}");
}

#[test]
fn json_report_carries_the_groups_and_the_table() {
    let (output, _) = group("testdata/layers/llama32_1b_prefill.toml", "json", &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["schema"], "air-stitch/diagnostics/1");
    // The groups document's fields, not the document nested in a field.
    assert_eq!(doc["groups_schema"], "air-stitch/groups/2");
    assert_eq!(doc["layer"], "llama32_1b_prefill");
    assert_eq!(doc["groups"].as_array().map(Vec::len), Some(3));
    assert!(doc["groups"]["groups"].is_null());
    let table = doc["table"].as_str().unwrap();
    assert!(table.contains("llama32_1b_prefill: 14 launches, 15 kernels → 3 calls\n"), "{table}");
    assert!(table.ends_with("2 invocations: every read sees its invocation's values\n"), "{table}");
}

/// (case, exit status, the cut: (group, code, kernel) or none).
type Fixture = (&'static str, i32, Option<(usize, &'static str, &'static str)>);

#[test]
fn fixtures_cut_at_the_right_kernel_and_locate_their_errors() {
    let cases: [Fixture; 8] = [
        ("cut-abi", 0, Some((0, "AS0859", "b"))),
        ("cross-call", 0, Some((0, "AS0856", "qb"))),
        ("cut-check-bd", 1, Some((0, "AS0858", "q"))),
        ("cut-max-launches", 0, Some((0, "AS0856", "c"))),
        ("launch-order", 0, Some((0, "AS0866", "dg"))),
        ("option-spread", 0, Some((0, "AS0862", "c"))),
        ("type-mismatch", 1, None),
        ("unknown-buffer", 1, None),
    ];
    let dirs: Vec<_> = std::fs::read_dir(repo_root().join("testdata/group")).unwrap().flatten().collect();
    assert_eq!(dirs.len(), cases.len(), "a case per fixture of testdata/group/");
    for (case, code, cut) in cases {
        let path = format!("testdata/group/{case}/layer.toml");
        let (output, dir) = group(&path, case, &[]);
        let text = report(&format!("{path} -o target/test-group/{case}"), &output);
        assert_eq!(output.status.code(), Some(code), "{text}");
        snapshot(case, &text);
        match cut {
            Some((idx, code, kernel)) => {
                let doc = groups_doc(&dir, &doc_name(&path));
                let reason = &doc["groups"][idx]["cut_reason"];
                assert_eq!((reason["code"].as_str(), reason["kernel"].as_str()), (Some(code), Some(kernel)), "{case}");
            }
            None => assert!(!dir.exists(), "{case}: nothing is written"),
        }
    }
}

/// The layer name of a fixture, read from its `[layer] name`.
fn doc_name(path: &str) -> String {
    let text = std::fs::read_to_string(repo_root().join(path)).unwrap();
    let line = text.lines().find(|l| l.starts_with("name = ")).unwrap();
    line.trim_start_matches("name = ").trim_matches('"').to_string()
}

#[test]
fn an_output_that_would_replace_a_kernel_file_is_refused_before_planning() {
    // The layer `adds` writes adds_1.mlir into -o; here that is its own kernel file.
    let dir = repo_root().join("target/test-group/over-input");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let kernel = std::fs::read_to_string(repo_root().join("testdata/kernels/add_2048.mlir")).unwrap();
    std::fs::write(dir.join("adds_1.mlir"), &kernel).unwrap();
    let layer = std::fs::read_to_string(repo_root().join("testdata/group/cut-max-launches/layer.toml")).unwrap();
    std::fs::write(dir.join("layer.toml"), layer.replace("../../kernels/add_2048.mlir", "adds_1.mlir")).unwrap();
    let output = harness::air_stitch(["group", "layer.toml", "-o", ".", "--color", "never"]).in_dir(&dir).output();
    let text = report("layer.toml -o .", &output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    snapshot("output_over_a_kernel_file", &text);
    assert_eq!(std::fs::read_to_string(dir.join("adds_1.mlir")).unwrap(), kernel);
    assert!(!dir.join("adds.groups.json").exists(), "nothing is written");
}

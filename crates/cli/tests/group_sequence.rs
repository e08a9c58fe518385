//! A layer's calls as the user pastes them: the `sequence` of every shipped layer's groups
//! document, run twice by Python against a test double of mlir-air's `KernelCache`
//! (`testdata/sequence/replay.py`: upstream's `load_and_run` buffer protocol over a device that
//! runs each group's launches on versioned buffers; there is no NPU here). Every read must see
//! its invocation's values. The same runner catches the two mistakes the issue found, made by
//! hand in a copy of the sequence: a buffer a later call reads that is not read back, and a
//! later call that skips writing one it reads.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::{on_ci, repo_root};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `group LAYER -o target/test-sequence/<tag>`: the groups document's path.
fn grouped(layer: &str, tag: &str) -> PathBuf {
    let out = repo_root().join("target/test-sequence").join(tag);
    let _ = std::fs::remove_dir_all(&out);
    let output = harness::air_stitch(["group", layer, "-o"]).arg(&out).in_repo().color_never().output();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let doc = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with(".groups.json"))
        .unwrap();
    doc
}

/// Runs the sequence (or `edited`, a user's copy of it) twice; `None` without Python (skipped,
/// a failure under CI).
fn replay(doc: &Path, edited: Option<&str>) -> Option<(i32, serde_json::Value)> {
    let mut command = Command::new("python3");
    command.arg(repo_root().join("testdata/sequence/replay.py")).arg(doc);
    if let Some(text) = edited {
        let path = doc.with_extension("edited.py");
        std::fs::write(&path, text).unwrap();
        command.arg(path);
    }
    let output = match command.output() {
        Ok(output) => output,
        Err(err) => {
            assert!(!on_ci(), "python3 does not run ({err}); CI runs the sequence replay");
            eprintln!("python3 not found; skipping");
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verdict = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("{e}: {stdout}\n{}", String::from_utf8_lossy(&output.stderr)));
    Some((output.status.code().unwrap_or(-1), verdict))
}

fn sequence(doc: &Path) -> String {
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(doc).unwrap()).unwrap();
    doc["sequence"].as_str().unwrap().to_string()
}

/// Every shipped layer, and the fixture whose buffers cross most calls.
fn layers() -> Vec<String> {
    let mut out: Vec<String> = air_testkit::sorted_files(&repo_root().join("testdata/layers"), "toml")
        .iter()
        .map(|p| format!("testdata/layers/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    out.push("testdata/group/cross-call/layer.toml".to_string());
    out
}

#[test]
fn every_shipped_layers_sequence_reads_its_invocations_values() {
    for layer in layers() {
        let tag = layer.replace('/', "_");
        let doc = grouped(&layer, &tag);
        let Some((code, verdict)) = replay(&doc, None) else { return };
        assert_eq!((code, &verdict["stale"]), (0, &serde_json::json!([])), "{layer}: {verdict}");
        assert_eq!(verdict["invocations"], 2);
    }
}

#[test]
fn the_replay_catches_a_buffer_not_read_back_and_a_write_skipped() {
    let doc = grouped("testdata/group/cross-call/layer.toml", "mistakes");
    let text = sequence(&doc);
    // Call 5 (`o, ra, rm, gg`) as each group's roles alone had it: `res1` and `normed2` are read
    // by its own later launches, so they were not read back.
    let assignment =
        "    bufs[\"res1\"], bufs[\"normed2\"], bufs[\"gate\"] = res[4].copy(), res[6].copy(), res[8].copy()\n";
    assert!(text.contains(assignment), "{text}");
    let block = text.find("\"qwen25_cross_5\", BACKENDS").unwrap();
    let call5 = text[block..].replacen("output_indices=[4, 6, 8],", "output_indices=[8],", 1);
    let not_read_back =
        format!("{}{call5}", &text[..block]).replacen(assignment, "    bufs[\"gate\"] = res[8].copy()\n", 1);
    let Some((code, verdict)) = replay(&doc, Some(&not_read_back)) else { return };
    assert_eq!(code, 1, "{verdict}");
    let stale: Vec<(u64, String)> = verdict["stale"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["invocation"].as_u64().unwrap(), s["buffer"].as_str().unwrap().to_string()))
        .collect();
    assert!(stale.contains(&(1, "normed2".to_string())) && stale.contains(&(1, "res1".to_string())), "{verdict}");
    // Call 6 (`ug, sw, dg, fa`) calling `normed2` (its argument 1) intermediate: right on the
    // first invocation, the first invocation's value on the second.
    let block = text.find("\"qwen25_cross_6\", BACKENDS").unwrap();
    let at = block + text[block..].find("intermediate_indices={").unwrap() + "intermediate_indices={".len();
    let skipped = format!("{}1, {}", &text[..at], &text[at..]);
    let (code, verdict) = replay(&doc, Some(&skipped)).unwrap();
    assert_eq!(code, 1, "{verdict}");
    let first = &verdict["stale"][0];
    assert_eq!((first["invocation"].as_u64(), first["buffer"].as_str()), (Some(2), Some("normed2")), "{verdict}");
    assert_eq!(first["reader"], "call 6 launch 1");
}

#[test]
fn roles_and_graph_on_a_groups_module_give_the_layers_roles() {
    let doc = grouped("testdata/group/cross-call/layer.toml", "beside");
    let module = doc.parent().unwrap().join("qwen25_cross_5.mlir");
    let json = |args: &[&str]| -> serde_json::Value {
        let output = harness::air_stitch(args).arg(&module).args(["--format", "json"]).output();
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let roles = json(&["roles"]);
    assert_eq!(roles["in_layer"], true);
    assert_eq!(roles["layer_call"]["call"], 5);
    // res1, normed2 and gate are read by call 6: read back, though the module alone reads two of
    // them itself (its output candidate is gate only).
    assert_eq!(roles["outputs"], serde_json::json!([4, 6, 8]));
    assert_eq!(roles["output_candidates"], serde_json::json!([8]));
    assert_eq!(roles["args"][4]["layer"]["to_calls"], serde_json::json!([6]));
    assert_eq!(roles["args"][1]["layer"]["from_calls"], serde_json::json!([4]));
    let graph = json(&["graph"]);
    let edges = graph["edges"].as_array().unwrap();
    let res1 = edges.iter().find(|e| e["to"] == "outputs" && e["arg"] == 4).unwrap();
    assert_eq!(res1["to_calls"], serde_json::json!([6]));
    assert!(res1["label"].as_str().unwrap().ends_with("(to call 6)"), "{res1}");
    // A module alone (copied away from its groups document) keeps its own roles.
    let alone = doc.parent().unwrap().join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(&module, alone.join("qwen25_cross_5.mlir")).unwrap();
    let output = harness::air_stitch(["roles", "--format", "json"]).arg(alone.join("qwen25_cross_5.mlir")).output();
    let roles: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(roles["in_layer"].is_null());
    assert!(roles["load_and_run"].as_str().unwrap().ends_with("output_indices=[8]"), "{roles}");
}

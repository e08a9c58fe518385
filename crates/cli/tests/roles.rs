//! `air-stitch roles` and `graph` (docs/roles.md): the hazard fixtures of `testdata/dataflow/`
//! (one per hazard, each with a clean twin `*_ok.mlir`; a `// roles: FLAGS` first line gives
//! the flags), the roles of every reference merge (`testdata/plans/`) against upstream's
//! hand-written `load_and_run` sets, `merge --roles`, and the graph of a reference merge. Whole
//! outputs are snapshotted under `snapshots/roles/`; adding a fixture or a plan adds a case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

fn air_stitch(args: &[&str]) -> Output {
    harness::air_stitch(args).in_repo().output()
}

fn text_of(output: &Output) -> String {
    format!(
        "exit: {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn snapshot(name: &str, contents: &str) {
    harness::snapshot("roles", name, contents);
}

fn fixtures() -> Vec<PathBuf> {
    air_testkit::sorted_files(&repo_root().join("testdata/dataflow"), "mlir")
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repo_root()).unwrap().display().to_string()
}

/// The flags of a fixture's `// roles: ...` line.
fn flags(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("// roles: "))
        .map(|f| f.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn roles_of(path: &str, flags: &[String], json: bool) -> Output {
    let mut args = vec!["roles", "--color", "never"];
    if json {
        args.extend(["--format", "json"]);
    }
    args.extend(flags.iter().map(String::as_str));
    args.push(path);
    air_stitch(&args)
}

fn codes(document: &Value) -> BTreeSet<String> {
    document["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_string()).collect()
}

#[test]
fn hazard_fixtures_match_their_snapshots_and_their_clean_twins_are_clean() {
    let expected = [
        ("read_before_write", "AS0800"),
        ("write_after_write", "AS0801"),
        ("output_never_written", "AS0802"),
        ("dead_write", "AS0803"),
        ("output_partly_written", "AS0804"),
        ("unknown_part", "AS0805"),
    ];
    let all = fixtures();
    for (stem, code) in expected {
        let path = repo_root().join(format!("testdata/dataflow/{stem}.mlir"));
        assert!(all.contains(&path), "missing fixture {stem}");
        let flags = flags(&path);
        let document: Value = serde_json::from_slice(&roles_of(&relative(&path), &flags, true).stdout).unwrap();
        assert!(codes(&document).contains(code), "{stem}: expected {code}: {document}");
        let twin = repo_root().join(format!("testdata/dataflow/{stem}_ok.mlir"));
        if twin.exists() {
            let twin_doc: Value =
                serde_json::from_slice(&roles_of(&relative(&twin), &self::flags(&twin), true).stdout).unwrap();
            assert!(codes(&twin_doc).is_empty(), "{stem}_ok: {twin_doc}");
        } else {
            assert_eq!(code, "AS0805", "{stem} has no clean twin");
        }
    }
    for path in &all {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "o_gemv_ffn" {
            continue;
        }
        let flags = flags(path);
        let text = roles_of(&relative(path), &flags, false);
        let json = roles_of(&relative(path), &flags, true);
        let errors = codes(&serde_json::from_slice(&json.stdout).unwrap()).contains("AS0802");
        assert_eq!(text.status.code(), Some(i32::from(errors)), "{name}: {}", text_of(&text));
        snapshot(&format!("{name}.text"), &text_of(&text));
        snapshot(&format!("{name}.json"), &String::from_utf8_lossy(&json.stdout));
    }
}

fn plans() -> Vec<PathBuf> {
    air_testkit::sorted_files(&repo_root().join("testdata/plans"), "toml")
}

/// Merges `plan` into the scratch folder, with its roles beside it.
fn merge(plan: &Path, scratch: &Path) -> (PathBuf, PathBuf) {
    let stem = plan.file_stem().unwrap().to_string_lossy().into_owned();
    let module = scratch.join(format!("{stem}.mlir"));
    let roles = scratch.join(format!("{stem}.roles.json"));
    let output = air_stitch(&[
        "merge",
        "--plan",
        &relative(plan),
        "-o",
        module.to_str().unwrap(),
        "--roles",
        roles.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text_of(&output));
    (module, roles)
}

fn scratch(tag: &str) -> air_testkit::ScratchDir {
    air_testkit::ScratchDir::new(&format!("roles-{tag}"))
}

fn indices(value: &Value) -> BTreeSet<u64> {
    value.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

/// Upstream's hand-written sets (mlir-air `programming_examples/llms/llama32_1b/`:
/// `llama32_1b_inference.py` for `o_gemv_ffn`, `llama32_1b_prefill.py` for the prefill calls),
/// and how many leading arguments our shipped merge shares with upstream's ABI: upstream's
/// prefill modules add f32 C-scratch arguments after ours (from 13 and 15), so only the
/// shared prefix is compared there.
/// (merge, outputs, statics, intermediates, arguments shared with upstream's ABI).
type Upstream = (&'static str, &'static [u64], &'static [u64], &'static [u64], u64);

const UPSTREAM: &[Upstream] = &[
    ("rms_gemms_rope", &[8, 11, 12], &[1, 3, 5, 7, 9, 10], &[2, 4, 6, 8, 11, 12], 13),
    ("o_ffn", &[14], &[1, 5, 7, 9, 12], &[2, 4, 6, 8, 10, 11, 13, 14, 15, 16, 17, 18], 15),
    ("o_gemv_ffn", &[14], &[0, 6, 7, 12], &[2, 4, 5, 8, 9, 10, 11, 13, 14], 15),
];

#[test]
fn reference_merges_agree_with_upstreams_hand_written_sets() {
    let dir = scratch("agree");
    for &(stem, outputs, statics, intermediates, shared) in UPSTREAM {
        let (_, roles) = merge(&repo_root().join(format!("testdata/plans/{stem}.toml")), &dir);
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&roles).unwrap()).unwrap();
        let prefix = |set: &[u64]| set.iter().copied().filter(|&i| i < shared).collect::<BTreeSet<u64>>();
        let ours_out = indices(&doc["output_candidates"]);
        let ours_static = indices(&doc["static_input_indices"]);
        let ours_inter = indices(&doc["intermediate_indices"]);
        assert!(prefix(outputs).is_subset(&ours_out), "{stem}: outputs {outputs:?} vs {ours_out:?}");
        // The shipped plans declare their weights and activations: the static inputs are
        // exactly upstream's, and the snippet says so, ready to paste.
        assert_eq!(prefix(statics), ours_static, "{stem}: static inputs");
        assert_eq!(prefix(intermediates), ours_inter, "{stem}: intermediates");
        assert_eq!(doc["load_and_run_ready"], true, "{stem}: {doc}");
        assert_eq!(doc["read_only_undeclared"], serde_json::json!([]), "{stem}");
        let snippet = doc["load_and_run"].as_str().unwrap();
        let written: Vec<String> = statics.iter().map(u64::to_string).collect();
        assert!(
            snippet.starts_with(&format!("static_input_indices={{{}}}, ", written.join(", "))),
            "{stem}: {snippet}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn roles_of_every_reference_merge_match_their_snapshots_and_merge_roles_writes_the_same() {
    let dir = scratch("merges");
    for plan in &plans() {
        let stem = plan.file_stem().unwrap().to_string_lossy().into_owned();
        let (module, roles) = merge(plan, &dir);
        // Run in the scratch folder so that file names in messages are the module's own.
        let run = |json: bool| {
            let mut args = vec!["roles", "--color", "never"];
            if json {
                args.extend(["--format", "json"]);
            }
            args.push(module.to_str().unwrap());
            harness::air_stitch(&args).in_dir(&dir).output()
        };
        let text = run(false);
        assert_eq!(text.status.code(), Some(0), "{stem}: {}", text_of(&text));
        let json = run(true);
        let written = std::fs::read_to_string(&roles).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&json.stdout),
            written,
            "{stem}: merge --roles differs from roles --format json"
        );
        let shown = module.display().to_string();
        snapshot(&format!("{stem}.merged.text"), &text_of(&text).replace(&shown, &format!("{stem}.mlir")));
        snapshot(&format!("{stem}.merged.json"), &written.replace(&shown, &format!("{stem}.mlir")));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_o_gemv_ffn_module_is_the_merge_of_its_plan() {
    let merged = air_stitch(&["merge", "--plan", "testdata/plans/o_gemv_ffn.toml", "-o", "-"]);
    let shipped = std::fs::read_to_string(repo_root().join("testdata/dataflow/o_gemv_ffn.mlir")).unwrap();
    let body: String = shipped.lines().skip(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(body, String::from_utf8_lossy(&merged.stdout));
}

#[test]
fn graph_of_a_reference_merge_matches_its_snapshots() {
    for (name, args) in [
        ("o_gemv_ffn.graph.text", vec!["graph", "testdata/dataflow/o_gemv_ffn.mlir"]),
        ("o_gemv_ffn.graph.dot", vec!["graph", "--dot", "testdata/dataflow/o_gemv_ffn.mlir"]),
        ("read_before_write.graph.text", vec!["graph", "testdata/dataflow/read_before_write.mlir"]),
    ] {
        let output = air_stitch(&args);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", text_of(&output));
        snapshot(name, &text_of(&output));
        let again = air_stitch(&args);
        assert_eq!(output.stdout, again.stdout, "{name}: not deterministic");
    }
}

#[test]
fn an_output_index_out_of_range_is_a_usage_error() {
    let output = air_stitch(&["roles", "--output", "15", "testdata/dataflow/o_gemv_ffn.mlir"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --output 15: @o_gemv_ffn has 15 arguments (indices 0 to 14)\n"
    );
}

#[test]
fn a_module_without_launches_is_an_error() {
    let output = air_stitch(&["roles", "--color", "never", "testdata/kernels/rmsnorm_2048x2048.mlir"]);
    assert_eq!(output.status.code(), Some(1));
    snapshot("no_launch.text", &text_of(&output));
}

/// With no kind declared (the shipped module with its signature comments removed), nothing is
/// a static input and no snippet claims to be ready: every read-only buffer is listed as not
/// declared constant, the activations `attn_out` (1) and `x_residual` (3) among them.
#[test]
fn without_declared_kinds_the_snippet_is_not_ready_and_nothing_is_static() {
    let shipped = std::fs::read_to_string(repo_root().join("testdata/dataflow/o_gemv_ffn.mlir")).unwrap();
    let bare: String = shipped.lines().map(|l| format!("{}\n", l.split("  // ").next().unwrap())).collect();
    assert_ne!(bare, shipped, "the shipped module declares kinds");
    let dir = scratch("undeclared");
    let path = dir.join("o_gemv_ffn.mlir");
    std::fs::write(&path, &bare).unwrap();
    let run = |json: bool| {
        let mut args = vec!["roles", "--color", "never"];
        if json {
            args.extend(["--format", "json"]);
        }
        harness::air_stitch(&args).in_dir(&dir).arg("o_gemv_ffn.mlir").output()
    };
    let doc: Value = serde_json::from_slice(&run(true).stdout).unwrap();
    assert_eq!(doc["static_input_indices"], serde_json::json!([]));
    assert_eq!(doc["read_only_undeclared"], serde_json::json!([0, 1, 3, 6, 7, 12]));
    assert_eq!(doc["static_candidates"], serde_json::json!([0, 1, 3, 6, 7, 12]));
    assert_eq!(doc["load_and_run_ready"], false);
    let text = run(false);
    assert_eq!(text.status.code(), Some(0));
    snapshot("o_gemv_ffn_undeclared.text", &text_of(&text));
    let _ = std::fs::remove_dir_all(&dir);
}

//! Named-buffer plans (docs/merge.md#named-buffers): each `testdata/plans/<stem>_named.toml`
//! merges to exactly what its index twin `<stem>.toml` merges to, but for a `// name` comment
//! after each argument of the signature (both twins declare the same kinds: `// wo (weight)`
//! and `// (weight)`), and `roles` reads those names back.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;

fn merge(plan: &str) -> String {
    let output = harness::air_stitch(["merge", "--color", "never", "-o", "-", "--plan", plan]).in_repo().output();
    assert_eq!(output.status.code(), Some(0), "{plan}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// The signature's `  // name` comments, removed; the names, in order.
fn strip_names(text: &str) -> (String, Vec<String>) {
    let mut names = Vec::new();
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let is_arg = line.trim_start().starts_with("%arg") && !line.contains('=');
        match line.split_once("  // ") {
            Some((before, name)) if is_arg => {
                names.push(name.trim_end().to_string());
                out.push_str(before);
                out.push('\n');
            }
            _ => out.push_str(line),
        }
    }
    (out, names)
}

#[test]
fn named_twins_merge_to_their_index_twins_output_plus_name_comments() {
    let plans = air_testkit::sorted_files(&repo_root().join("testdata/plans"), "toml");
    let named: Vec<String> =
        plans.iter().filter_map(|p| p.file_stem()?.to_str()?.strip_suffix("_named").map(str::to_string)).collect();
    assert_eq!(named, ["o_ffn", "o_gemv_ffn", "rms_gemms_rope"]);
    for stem in &named {
        let index = merge(&format!("testdata/plans/{stem}.toml"));
        let with_names = merge(&format!("testdata/plans/{stem}_named.toml"));
        let (stripped, names) = strip_names(&with_names);
        // The index twin's comments are its declared kinds alone (`// (weight)`).
        let (index_stripped, index_kinds) = strip_names(&index);
        assert_eq!(stripped, index_stripped, "{stem}: the named twin differs beyond the name comments");
        let args = index.lines().filter(|l| l.trim_start().starts_with("%arg") && !l.contains('=')).count();
        assert_eq!(names.len(), args, "{stem}: every argument is named");
        let kinds: Vec<&str> = names.iter().filter_map(|n| n.split_once(' ').map(|(_, kind)| kind)).collect();
        assert_eq!(kinds, index_kinds, "{stem}: the twins declare the same kinds");
    }
}

#[test]
fn roles_and_graph_read_the_names_back_from_the_signature() {
    let merged = merge("testdata/plans/o_gemv_ffn_named.toml");
    let dir = air_testkit::ScratchDir::new("named");
    let path = dir.join("o_gemv_ffn.mlir");
    std::fs::write(&path, merged).unwrap();
    let run = |args: &[&str]| {
        let output = harness::air_stitch(args).arg(&path).output();
        String::from_utf8(output.stdout).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run(&["roles", "--format", "json"])).unwrap();
    let names: Vec<&str> = json["args"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(&names[..4], ["wo", "attn_out", "dead2", "x_residual"]);
    assert_eq!(names[14], "output");
    // The kinds come back from the same comments: the declared weights are the static inputs.
    let kinds: Vec<&str> = json["args"].as_array().unwrap().iter().filter_map(|a| a["kind"].as_str()).collect();
    assert_eq!(kinds, ["weight", "activation", "activation", "weight", "weight", "weight"]);
    assert_eq!(json["static_input_indices"], serde_json::json!([0, 6, 7, 12]));
    let dot = run(&["graph", "--dot"]);
    assert!(dot.contains("wdown"), "{dot}");
    let _ = std::fs::remove_dir_all(&dir);
}

//! What `group` leaves in its output directory (docs/group.md#re-running-into-one-directory):
//! a second run of a layer removes the first run's outputs it does not overwrite (those its
//! groups document lists, of group's naming, never anything else), refuses a directory holding
//! a file of its naming it did not list, leaves the earlier outputs intact when it fails, and
//! refuses an `-o` that is a file before planning.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;
use std::path::Path;
use std::process::Output;

/// A fresh directory `target/test-group-outputs/<tag>` (inside the repository, so relative
/// paths print the same on every machine), as a path relative to the repository root.
fn scratch(tag: &str) -> String {
    let dir = format!("target/test-group-outputs/{tag}");
    let _ = std::fs::remove_dir_all(repo_root().join(&dir));
    std::fs::create_dir_all(repo_root().join(&dir)).unwrap();
    dir
}

/// A layer `adds` of element-wise adds chained through s1, s2, ...: `kernels` names them, those
/// in `external` are hard stops, and `max_launches` caps a group.
fn adds_layer(kernels: &[&str], external: &[&str], max_launches: Option<usize>) -> String {
    let mut text = "[layer]\nname = \"adds\"\n".to_string();
    if let Some(max) = max_launches {
        text.push_str(&format!("max_launches = {max}\n"));
    }
    for buffer in ["x", "y"].into_iter().map(String::from).chain((1..=kernels.len()).map(|n| format!("s{n}"))) {
        text.push_str(&format!("\n[[buffer]]\nname = \"{buffer}\"\ntype = \"memref<2048xbf16>\"\n"));
    }
    for (n, kernel) in kernels.iter().enumerate() {
        let input = if n == 0 { "x".to_string() } else { format!("s{n}") };
        text.push_str(&format!(
            "\n[[kernel]]\nname = \"{kernel}\"\nfile = \"../../../testdata/kernels/add_2048.mlir\"\nargs = [\"{input}\", \"y\", \"s{}\"]\n",
            n + 1
        ));
        if external.contains(kernel) {
            text.push_str("external = true\n");
        }
    }
    text
}

/// `air-stitch group LAYER -o OUT` in the repository root.
fn group(layer: &str, out: &str) -> Output {
    harness::air_stitch(["group", layer, "-o", out, "--color", "never"]).in_repo().output()
}

/// The run as the user sees it, then the directory's files in order.
fn seen(layer: &str, out: &str, output: &Output) -> String {
    format!(
        "$ air-stitch group {layer} -o {out}\nexit: {}\n--- stdout\n{}--- stderr\n{}--- {out}\n{}\n",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
        listing(&repo_root().join(out)).join("\n")
    )
}

/// The file names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

fn snapshot(name: &str, text: &str) {
    harness::snapshot("group", name, text);
}

/// The modules a script globbing `adds_*.mlir` finds, and those the groups document lists.
fn globbed_and_listed(dir: &Path) -> (Vec<String>, Vec<String>) {
    let globbed: Vec<String> =
        listing(dir).into_iter().filter(|n| n.starts_with("adds_") && n.ends_with(".mlir")).collect();
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("adds.groups.json")).unwrap()).unwrap();
    let mut listed: Vec<String> =
        doc["groups"].as_array().unwrap().iter().filter_map(|g| g["merged"].as_str().map(String::from)).collect();
    listed.sort();
    (globbed, listed)
}

#[test]
fn a_second_run_with_another_layer_removes_the_first_runs_left_over_outputs_and_nothing_else() {
    let dir = scratch("rerun");
    let out = format!("{dir}/out");
    let first = format!("{dir}/first.toml");
    let second = format!("{dir}/second.toml");
    // Four groups of one kernel, then: `a`, `b` external (no files for group 2), `c d`.
    std::fs::write(repo_root().join(&first), adds_layer(&["a", "b", "c", "d"], &[], Some(1))).unwrap();
    std::fs::write(repo_root().join(&second), adds_layer(&["a", "b", "c", "d"], &["b"], None)).unwrap();
    std::fs::create_dir_all(repo_root().join(&out)).unwrap();
    // Files that are not group's: a note, another layer's module, a directory of its naming.
    std::fs::write(repo_root().join(&out).join("notes.txt"), "mine\n").unwrap();
    std::fs::write(repo_root().join(&out).join("other_2.mlir"), "// another layer's\n").unwrap();
    std::fs::create_dir_all(repo_root().join(&out).join("adds_9.mlir")).unwrap();
    let output = group(&first, &out);
    assert_eq!(output.status.code(), Some(0), "{}", seen(&first, &out, &output));
    let run1 = seen(&first, &out, &output);
    let output = group(&second, &out);
    assert_eq!(output.status.code(), Some(0), "{}", seen(&second, &out, &output));
    snapshot("rerun_removes_left_over_outputs", &format!("{run1}\n{}", seen(&second, &out, &output)));
    let (globbed, listed) = globbed_and_listed(&repo_root().join(&out));
    assert_eq!(globbed, ["adds_1.mlir", "adds_3.mlir", "adds_9.mlir"], "the directory adds_9.mlir is not a module");
    assert_eq!(listed, ["adds_1.mlir", "adds_3.mlir"]);
    for kept in ["notes.txt", "other_2.mlir"] {
        assert!(repo_root().join(&out).join(kept).is_file(), "{kept} is not group's");
    }
}

#[test]
fn a_file_of_groups_naming_that_the_earlier_document_does_not_list_is_refused_before_planning() {
    let dir = scratch("unlisted");
    let out = format!("{dir}/out");
    let layer = format!("{dir}/layer.toml");
    std::fs::write(repo_root().join(&layer), adds_layer(&["a", "b"], &[], None)).unwrap();
    std::fs::create_dir_all(repo_root().join(&out)).unwrap();
    std::fs::write(repo_root().join(&out).join("adds_7.mlir"), "// hand-written\n").unwrap();
    let output = group(&layer, &out);
    let text = seen(&layer, &out, &output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    snapshot("unlisted_file_of_group_naming", &text);
    assert_eq!(listing(&repo_root().join(&out)), ["adds_7.mlir"], "nothing written");
}

#[test]
fn only_listed_files_of_groups_own_naming_are_removed() {
    let dir = scratch("tampered");
    let out = format!("{dir}/out");
    let layer = format!("{dir}/layer.toml");
    std::fs::write(repo_root().join(&layer), adds_layer(&["a", "b"], &[], None)).unwrap();
    std::fs::create_dir_all(repo_root().join(&out)).unwrap();
    // An earlier document that lists files outside group's naming: they must survive.
    std::fs::write(repo_root().join(&out).join("notes.txt"), "mine\n").unwrap();
    let document = serde_json::json!({"schema": "air-stitch/groups/1", "layer": "adds", "groups": [
        {"kernels": ["a"], "external": false, "plan": "../layer.toml", "merged": "notes.txt", "roles": "/etc/hostname"},
    ]});
    std::fs::write(repo_root().join(&out).join("adds.groups.json"), document.to_string()).unwrap();
    let output = group(&layer, &out);
    assert_eq!(output.status.code(), Some(0), "{}", seen(&layer, &out, &output));
    assert!(repo_root().join(&layer).is_file());
    assert_eq!(std::fs::read_to_string(repo_root().join(&out).join("notes.txt")).unwrap(), "mine\n");
    let expected = ["adds.groups.json", "adds_1.mlir", "adds_1.roles.json", "adds_1.toml", "notes.txt"];
    assert_eq!(listing(&repo_root().join(&out)), expected);
}

#[test]
fn a_run_that_fails_leaves_the_earlier_outputs_as_they_were() {
    let dir = scratch("failed");
    let out = format!("{dir}/out");
    let layer = format!("{dir}/layer.toml");
    std::fs::write(repo_root().join(&layer), adds_layer(&["a", "b", "c"], &[], Some(1))).unwrap();
    assert_eq!(group(&layer, &out).status.code(), Some(0));
    let before = listing(&repo_root().join(&out));
    let document = std::fs::read(repo_root().join(&out).join("adds.groups.json")).unwrap();
    // The same layer with one kernel fewer and a type error: nothing is written or removed.
    let broken = adds_layer(&["a", "b"], &[], None)
        .replace("memref<2048xbf16>\"\n\n[[buffer]]\nname = \"y\"", "memref<4xbf16>\"\n\n[[buffer]]\nname = \"y\"");
    std::fs::write(repo_root().join(&layer), broken).unwrap();
    let output = group(&layer, &out);
    assert_eq!(output.status.code(), Some(1), "{}", seen(&layer, &out, &output));
    assert_eq!(listing(&repo_root().join(&out)), before);
    assert_eq!(std::fs::read(repo_root().join(&out).join("adds.groups.json")).unwrap(), document);
}

#[test]
fn an_output_that_is_a_file_is_refused_before_planning() {
    let dir = scratch("output-file");
    let layer = format!("{dir}/layer.toml");
    let file = format!("{dir}/groups");
    std::fs::write(repo_root().join(&layer), adds_layer(&["a", "b"], &[], None)).unwrap();
    std::fs::write(repo_root().join(&file), "not a directory\n").unwrap();
    let output = group(&layer, &file);
    let text = format!(
        "$ air-stitch group {layer} -o {file}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(2), "{text}");
    snapshot("output_is_a_file", &text);
    assert_eq!(std::fs::read_to_string(repo_root().join(&file)).unwrap(), "not a directory\n");
    assert_eq!(listing(&repo_root().join(&dir)), ["groups", "layer.toml"], "nothing written");
}

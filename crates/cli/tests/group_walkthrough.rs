//! docs/group.md's walkthrough ("A new model's layer: Qwen3-0.6B prefill"), run as the doc writes
//! it, so that doc, shipped files and output cannot drift apart: every `cargo run -q -p
//! air-kernelgen -- ...` line of the section is parsed by kernelgen's own command line and gives
//! the shipped kernel it names byte for byte; together they make every kernel file of the
//! shipped layer (`testdata/layers/qwen3_06b_prefill.toml`), which holds the TOML the section
//! shows; its `air-stitch group` command
//! prints the table the doc shows (the whole run, the groups document and each group's plan and
//! roles are snapshotted); and AIR's verifier accepts every kernel and group module.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_kernelgen::cli::Cli;
use air_testkit::repo_root;
use clap::Parser;
use std::collections::BTreeSet;
use std::path::Path;

const KERNELGEN: &str = "cargo run -q -p air-kernelgen -- ";
const LAYER: &str = "testdata/layers/qwen3_06b_prefill.toml";

/// The walkthrough: docs/group.md from its heading to the next `## ` heading or the end.
fn walkthrough() -> String {
    let doc = std::fs::read_to_string(repo_root().join("docs/group.md")).unwrap();
    let start = doc.find("\n## A new model's layer").expect("docs/group.md has the walkthrough");
    let rest = &doc[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 4);
    rest[..end].to_string()
}

/// The kernelgen command lines of the walkthrough, each as its arguments.
fn kernelgen_commands(section: &str) -> Vec<Vec<String>> {
    let commands: Vec<Vec<String>> = section
        .lines()
        .filter_map(|line| line.strip_prefix(KERNELGEN))
        .map(|args| args.split_whitespace().map(str::to_string).collect())
        .collect();
    assert!(commands.len() >= 10, "the walkthrough's kernelgen commands: {commands:?}");
    commands
}

/// The kernel files the layer names, relative to the repository root.
fn layer_kernel_files() -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo_root().join(LAYER)).unwrap();
    let layer: toml::Value = toml::from_str(&text).unwrap();
    layer["kernel"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|k| k.get("file").and_then(|f| f.as_str()))
        .map(|file| format!("testdata/{}", file.strip_prefix("../").unwrap()))
        .collect()
}

fn air_accepts(air_opt: Option<&Path>, name: &str, text: &str) {
    if let Some(air_opt) = air_opt {
        let verdict = air_testkit::run_air_opt(air_opt, text.as_bytes(), false);
        assert!(verdict.is_accepted(), "AIR rejects {name}: {verdict:?}");
    }
}

#[test]
fn every_kernelgen_command_of_the_walkthrough_gives_the_shipped_kernel() {
    let air_opt = air_testkit::air_opt();
    let mut written = BTreeSet::new();
    for args in kernelgen_commands(&walkthrough()) {
        let shown = args.join(" ");
        let cli = Cli::try_parse_from(std::iter::once("kernelgen".to_string()).chain(args.iter().cloned()))
            .unwrap_or_else(|e| panic!("`{shown}` does not parse: {e}"));
        let (kernel, output) = cli.command.kernel().unwrap_or_else(|| panic!("`{shown}` makes no kernel"));
        let generated = kernel.build().unwrap_or_else(|e| panic!("`{shown}`: {e}"));
        let path = output.to_string_lossy().into_owned();
        let shipped = std::fs::read_to_string(repo_root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(generated == shipped, "`{shown}` does not give the shipped {path}");
        air_accepts(air_opt.as_deref(), &path, &generated);
        assert!(written.insert(path.clone()), "{path} is written twice");
    }
    assert_eq!(written, layer_kernel_files(), "the walkthrough makes exactly the layer's kernels");
}

#[test]
fn the_layer_file_holds_the_toml_the_walkthrough_shows() {
    let section = walkthrough();
    let start = section.find("```toml\n").expect("the walkthrough shows the layer file") + 8;
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let layer = std::fs::read_to_string(repo_root().join(LAYER)).unwrap();
    for part in block.split("\n\n") {
        assert!(layer.contains(part.trim()), "{LAYER} does not hold what docs/group.md shows:\n{part}");
    }
}

/// The walkthrough's `air-stitch group` line and the text block that follows it.
fn group_command_and_output(section: &str) -> (Vec<String>, String) {
    let at = section.find("\nair-stitch group ").expect("the walkthrough runs air-stitch group") + 1;
    let line = section[at..].lines().next().unwrap();
    let args: Vec<String> = line.split_whitespace().skip(1).map(str::to_string).collect();
    let block = &section[at..];
    let body = &block[block.find("```text\n").expect("the output shown after the command") + 8..];
    (args, body[..body.find("```").unwrap()].to_string())
}

#[test]
fn the_walkthrough_layer_groups_as_the_doc_shows() {
    let (args, shown) = group_command_and_output(&walkthrough());
    let out_dir = args.iter().skip_while(|a| *a != "-o").nth(1).expect("group -o DIR").clone();
    let dir = repo_root().join(&out_dir);
    let _ = std::fs::remove_dir_all(&dir);
    let output = harness::air_stitch(&args).in_repo().output();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let transcript = format!(
        "$ air-stitch {}\nexit: {}\n--- stdout\n{stdout}--- stderr\n{}",
        args.join(" "),
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{transcript}");
    assert_eq!(stdout, shown, "docs/group.md shows another table than `air-stitch group` prints");
    snapshot("qwen3_06b_prefill.walkthrough", &transcript);
    let doc_text = std::fs::read_to_string(dir.join("qwen3_06b_prefill.groups.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&doc_text).unwrap();
    snapshot("qwen3_06b_prefill.walkthrough.groups", &serde_json::to_string_pretty(&doc).unwrap());
    let air_opt = air_testkit::air_opt();
    for entry in doc["groups"].as_array().unwrap().iter().filter(|g| g["external"] == false) {
        for key in ["plan", "roles"] {
            let file = entry[key].as_str().unwrap();
            snapshot(
                &format!("qwen3_06b_prefill.walkthrough.{file}"),
                &std::fs::read_to_string(dir.join(file)).unwrap(),
            );
        }
        let merged = entry["merged"].as_str().unwrap();
        air_accepts(air_opt.as_deref(), merged, &std::fs::read_to_string(dir.join(merged)).unwrap());
    }
}

fn snapshot(name: &str, text: &str) {
    harness::snapshot("group", name, text);
}

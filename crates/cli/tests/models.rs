//! The model sweep (issue 31, tools/models, docs/models.md): every model upstream ships an LLM
//! pipeline for, and Llama-3.1-8B and Qwen2.5-7B, at decode and prefill shapes. Each layer is
//! grouped as a user would (`group LAYER -o DIR`, the two-invocation replay inside), and its
//! calls are compared with upstream's own grouping of the same model: equal, or the difference
//! explained in tools/models/src/table.rs. The whole comparison is a snapshot
//! (snapshots/models/grouping.snap), the table docs/models.md quotes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::ScratchDir;
use serde_json::Value;
use std::fmt::Write as _;

#[test]
fn every_models_layers_group_replay_clean_and_match_upstream_or_say_why() {
    let sweep = air_models::sweep().unwrap_or_else(|e| panic!("{e}"));
    let dir = ScratchDir::new("model-sweep");
    std::fs::create_dir_all(dir.path().join("kernels")).unwrap();
    std::fs::create_dir_all(dir.path().join("layers")).unwrap();
    for (name, text) in &sweep.kernels {
        std::fs::write(dir.path().join("kernels").join(name), text).unwrap();
    }
    let mut report = String::new();
    let mut unexplained = Vec::new();
    for (model, phase, files) in &sweep.layers {
        let layer = format!("layers/{}.toml", files.name);
        std::fs::write(dir.path().join(&layer), &files.toml).unwrap();
        let output = harness::air_stitch(["group", &layer, "-o", &format!("out/{}", files.name), "--format", "json"])
            .in_dir(dir.path())
            .output();
        let doc: Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{}: no JSON ({e}): {}", files.name, String::from_utf8_lossy(&output.stderr)));
        let groups = doc["groups"].as_array().unwrap();
        let calls: Vec<Vec<String>> = groups
            .iter()
            .map(|g| g["kernels"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect())
            .collect();
        // The replay runs inside group: a stale read is an error (AS0861), never exit 0.
        let stale = doc["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "AS0861");
        assert!(!stale, "{}: the replay found a stale read:\n{}", files.name, doc["table"]);
        let upstream = model.upstream(*phase);
        let theirs: Vec<Vec<String>> =
            upstream.calls.iter().map(|(_, ks)| ks.iter().map(|k| k.to_string()).collect()).collect();
        let equal = calls == theirs;
        if !equal && upstream.differences.is_empty() && !upstream.calls.is_empty() {
            unexplained.push(files.name.clone());
        }
        let _ = writeln!(report, "## {} {}", model.key, phase.as_str());
        let _ = writeln!(report, "air-stitch: {} calls (exit {})", calls.len(), output.status.code().unwrap_or(-1));
        for (i, g) in groups.iter().enumerate() {
            let launches = g["launches"].as_u64().map_or("-".to_string(), |n| n.to_string());
            let cut = match &g["cut_reason"] {
                Value::Object(cut) => format!(
                    "{} before `{}`: {}",
                    cut["code"].as_str().unwrap(),
                    cut["kernel"].as_str().unwrap(),
                    cut["message"].as_str().unwrap()
                ),
                _ if g["external"] == true => "external".to_string(),
                _ => "-".to_string(),
            };
            let _ = writeln!(report, "  {} [{}] launches {launches}; cut: {cut}", i + 1, calls[i].join(" "));
        }
        for d in doc["diagnostics"].as_array().unwrap().iter().filter(|d| d["severity"] == "error") {
            let _ = writeln!(report, "  error {}: {}", d["code"].as_str().unwrap(), d["message"].as_str().unwrap());
        }
        if upstream.calls.is_empty() {
            let _ = writeln!(report, "upstream: {}", upstream.source);
        } else {
            let _ = writeln!(report, "upstream: {} calls ({})", upstream.calls.len(), upstream.source);
            for (name, kernels) in upstream.calls {
                let _ = writeln!(report, "  {name} [{}]", kernels.join(" "));
            }
            if !upstream.host.is_empty() {
                let _ = writeln!(report, "  on the host: {}", upstream.host.join(" "));
            }
            let verdict = if equal { "equal" } else { "differs" };
            let _ = writeln!(
                report,
                "{verdict}{}",
                if upstream.differences.is_empty() {
                    String::new()
                } else {
                    format!(": {}", squash(upstream.differences))
                }
            );
        }
        report.push('\n');
    }
    for (model, phase, why) in &sweep.not_built {
        let _ = writeln!(
            report,
            "## {} {}\nnot built: {why}\nupstream: {}\n",
            model.key,
            phase.as_str(),
            model.upstream(*phase).source
        );
    }
    harness::snapshot("models", "grouping", &report);
    assert!(
        unexplained.is_empty(),
        "grouped unlike upstream with no reason in tools/models/src/table.rs: {unexplained:?}"
    );
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

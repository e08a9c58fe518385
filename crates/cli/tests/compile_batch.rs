//! `air-stitch compile DIR --jobs N`: the prefill layer's groups (`group`'s output directory)
//! compiled as a batch with `testdata/compile/fake-aircc` as aircc (a test double: aircc cannot
//! be installed here), in parallel, hits first, one failure not stopping the others, and one
//! summary (`air-stitch/compile-batch/1`).
#![allow(clippy::unwrap_used)]

mod harness;

use std::path::{Path, PathBuf};
use std::process::Output;

struct Batch {
    dir: PathBuf,
}

impl Batch {
    fn new(name: &str) -> Batch {
        let dir = std::env::temp_dir().join(format!("air-stitch-batch-{}-{name}", std::process::id()));
        harness::compile_scratch(&dir);
        harness::prefill_groups(&dir);
        Batch { dir }
    }

    fn compile(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cli = harness::air_stitch(["compile", "groups", "--objects", "objects", "-o", "out", "--no-lint"])
            .args(args)
            .compile_env(&self.dir);
        for (key, value) in env {
            cli = cli.env(key, value);
        }
        cli.output()
    }

    fn runs(&self) -> usize {
        harness::aircc_runs(&self.dir)
    }

    fn summary(&self) -> serde_json::Value {
        harness::json_file(&self.dir.join("out/compile-batch.json"))
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

use harness::stderr;

fn statuses(summary: &serde_json::Value) -> Vec<(String, String)> {
    summary["modules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["name"].as_str().unwrap().to_string(), m["status"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn the_prefill_groups_compile_two_at_once_then_are_served() {
    let batch = Batch::new("jobs");
    // aircc behind a wrapper that records when each compile starts and ends: two at once overlap.
    let wrapper = batch.dir.join("timed-aircc");
    std::fs::write(
        &wrapper,
        "#!/bin/sh\n[ \"$1\" = --version ] && exec \"$(dirname \"$0\")/aircc\" \"$@\"\n\
         echo \"start $(date +%s%N)\" >> \"$TIMES\"\n\"$(dirname \"$0\")/aircc\" \"$@\"\nstatus=$?\n\
         echo \"end $(date +%s%N)\" >> \"$TIMES\"\nexit $status\n",
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let times = batch.dir.join("times");
    let env =
        [("FAKE_AIRCC_MODE", "sleep:1"), ("AIRCC", wrapper.to_str().unwrap()), ("TIMES", times.to_str().unwrap())];
    let output = batch.compile(&["--jobs", "2"], &env);
    assert_eq!((output.status.code(), batch.runs()), (Some(0), 2), "{}", stderr(&output));
    let stamps = std::fs::read_to_string(&times).unwrap();
    let at = |what: &str| -> Vec<u128> {
        stamps.lines().filter_map(|l| l.strip_prefix(what)).map(|t| t.trim().parse().unwrap()).collect()
    };
    let (starts, ends) = (at("start "), at("end "));
    assert_eq!((starts.len(), ends.len()), (2, 2), "{stamps}");
    assert!(starts.iter().max() < ends.iter().min(), "the two compiles ran at once: {stamps}");
    let summary = batch.summary();
    assert_eq!(summary["schema"], "air-stitch/compile-batch/1");
    assert_eq!(
        statuses(&summary),
        [
            ("llama32_1b_prefill_1".to_string(), "compiled".to_string()),
            ("llama32_1b_prefill_3".to_string(), "compiled".to_string())
        ]
    );
    assert_eq!(summary["counts"]["compiled"], 2);
    for name in ["llama32_1b_prefill_1", "llama32_1b_prefill_3"] {
        // The prefill groups are ELFs (the layer's backend), each with its compile.json.
        assert!(Path::new(&batch.dir.join(format!("out/{name}.elf"))).is_file(), "{name}.elf");
        let record = harness::json_file(&batch.dir.join(format!("out/{name}.compile.json")));
        assert_eq!(record["output_format"], "elf", "the group's plan gave its backend");
    }
    // Again: every module is a hit, served in the first pass, and no aircc runs.
    let again = batch.compile(&["--jobs", "2", "--format", "json"], &env);
    assert_eq!((again.status.code(), batch.runs()), (Some(0), 2), "{}", stderr(&again));
    let report: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(report["counts"]["cache_hits"], 2);
    assert!(report["modules"].as_array().unwrap().iter().all(|m| m["compiled_in_this_batch"] == false));
}

#[test]
fn a_failed_module_is_triaged_and_the_others_compile() {
    let batch = Batch::new("failure");
    let broken = batch.dir.join("groups/llama32_1b_prefill_1.mlir");
    let text = std::fs::read_to_string(&broken).unwrap();
    std::fs::write(&broken, format!("// fake-aircc: fail\n{text}")).unwrap();
    let log = air_testkit::repo_root().join("testdata/compile/logs/bd-exhaustion.log");
    let output = batch.compile(&["--jobs", "2"], &[("FAKE_AIRCC_LOG", log.to_str().unwrap())]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let summary = batch.summary();
    assert_eq!(
        statuses(&summary),
        [
            ("llama32_1b_prefill_1".to_string(), "failed".to_string()),
            ("llama32_1b_prefill_3".to_string(), "compiled".to_string())
        ]
    );
    let failed = &summary["modules"][0];
    assert_eq!(failed["triage"]["findings"][0]["class"], "bd-exhaustion", "{failed}");
    assert!(stderr(&output).contains("llama32_1b_prefill_1: failed"), "{}", stderr(&output));
}

#[test]
fn a_batch_refuses_what_names_one_module() {
    let batch = Batch::new("usage");
    let named = batch.compile(&["--name", "x"], &[]);
    assert_eq!(named.status.code(), Some(2));
    assert!(stderr(&named).contains("--name names one module's outputs"), "{}", stderr(&named));
    let planned = batch.compile(&["--plan", "groups/llama32_1b_prefill_1.toml"], &[]);
    assert_eq!(planned.status.code(), Some(2));
    assert!(stderr(&planned).contains("each group compiles with its own plan"), "{}", stderr(&planned));
    assert_eq!(batch.runs(), 0);
}

#[test]
fn a_listing_that_does_not_read_is_located() {
    let batch = Batch::new("listing");
    let listing = batch.dir.join("groups/llama32_1b_prefill.groups.json");
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(&listing, &text[..text.len() / 2]).unwrap();
    let output = batch.compile(&["--color", "never"], &[]);
    assert_eq!((output.status.code(), batch.runs()), (Some(2), 0));
    let said = stderr(&output);
    assert!(said.starts_with("error[AS0754]: this group listing is not JSON"), "{said}");
    assert!(said.contains("--> groups/llama32_1b_prefill.groups.json:"), "file:line:col: {said}");
    assert!(!said.contains("panicked"), "{said}");
}

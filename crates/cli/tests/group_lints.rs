//! Lint levels in `air-stitch group` (docs/group.md#lint-levels): a layer's `[lints]` (a plan's
//! schema, its problems AS0853 at their place) and `-A/-W/-D` on the command line, which
//! overrides it, applied to what group reports of its groups — check-bd's findings and the
//! hazards between the launches of each merged group. check-bd's notes stay check-bd's to show
//! unless a level raises them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod harness;

use air_testkit::repo_root;

/// A two-kernel layer: `first` then `second`, each a kernel of `testdata/kernels/` taking
/// (input, y, output); `wiring` gives each one's input and output; then `extra` (a `[lints]`
/// table, say).
fn layer(first: &str, second: &str, wiring: [(&str, &str); 2], extra: &str) -> String {
    let mut text = "[layer]\nname = \"two\"\n".to_string();
    for buffer in ["x", "y", "s1", "s2"] {
        text.push_str(&format!("\n[[buffer]]\nname = \"{buffer}\"\ntype = \"memref<2048xbf16>\"\n"));
    }
    for (n, (kernel, (input, output))) in [first, second].into_iter().zip(wiring).enumerate() {
        text.push_str(&format!(
            "\n[[kernel]]\nname = \"k{n}\"\nfile = \"../../../testdata/kernels/{kernel}\"\nargs = [\"{input}\", \"y\", \"{output}\"]\n"
        ));
    }
    text.push_str(extra);
    text
}

/// Writes the layer into `target/test-group-lints/<case>/layer.toml`, runs `group` on it with
/// `flags`, and returns the transcript and the exit status.
fn run(case: &str, layer_text: &str, flags: &[&str]) -> (String, i32) {
    let dir = format!("target/test-group-lints/{case}");
    let _ = std::fs::remove_dir_all(repo_root().join(&dir));
    std::fs::create_dir_all(repo_root().join(&dir)).unwrap();
    let layer = format!("{dir}/layer.toml");
    std::fs::write(repo_root().join(&layer), layer_text).unwrap();
    let out = format!("{dir}/out");
    let output = harness::air_stitch(["group", &layer, "-o", &out]).in_repo().args(flags).color_never().output();
    let code = output.status.code().unwrap_or(-1);
    let extra = if flags.is_empty() { String::new() } else { format!(" {}", flags.join(" ")) };
    let table = layer_text.split_once("\n[lints]").map(|(_, t)| format!("[lints]{t}")).unwrap_or_default();
    let transcript = format!(
        "{table}$ air-stitch group {layer} -o {out}{extra}\nexit: {code}\n--- stderr\n{}\n",
        String::from_utf8_lossy(&output.stderr)
    );
    (transcript, code)
}

fn snapshot(name: &str, text: &str) {
    harness::snapshot("group", name, text);
}

#[test]
fn a_layers_lints_and_the_flags_set_the_levels_of_a_groups_hazards() {
    // Both adds read x and write s1, and nothing reads s1 in between: a write-after-write
    // hazard (AS0801).
    let add = "add_2048.mlir";
    let hazard = |extra: &str| layer(add, add, [("x", "s1"), ("x", "s1")], extra);
    let runs: [(&str, String, &[&str], i32); 4] = [
        ("default", hazard(""), &[], 0),
        ("deny-warnings", hazard(""), &["-D", "warnings"], 1),
        ("layer-allows", hazard("\n[lints]\nwarnings = \"allow\"\n"), &[], 0),
        ("flag-overrides-layer", hazard("\n[lints]\nwarnings = \"allow\"\n"), &["-D", "warnings"], 1),
    ];
    let mut all = String::new();
    for (case, text, flags, want) in runs {
        let (transcript, code) = run(case, &text, flags);
        assert_eq!(code, want, "{transcript}");
        all.push_str(&transcript);
    }
    snapshot("lint_levels_of_hazards", &all);
}

#[test]
fn a_raised_utilisation_note_is_shown_and_a_launch_meeting_its_target_has_none() {
    // RMSNorm on one tile (under the one-row target of 8), then an add on a row of 8 (at it).
    let text = layer("rmsnorm_1d_2048.mlir", "add_2048.mlir", [("x", "s1"), ("s1", "s2")], "");
    let mut all = String::new();
    for flags in [&[][..], &["-W", "utilisation"]] {
        let (transcript, code) = run("utilisation", &text, flags);
        assert_eq!(code, 0, "{transcript}");
        all.push_str(&transcript);
    }
    snapshot("lint_levels_of_utilisation", &all);
}

#[test]
fn a_layers_lints_table_with_an_unknown_lint_or_level_is_located_and_nothing_is_written() {
    let lints = "\n[lints]\nutilization = \"allow\"\nwarnings = \"loud\"\n";
    let text = layer("add_2048.mlir", "add_2048.mlir", [("x", "s1"), ("s1", "s2")], lints);
    let (transcript, code) = run("unknown-lint", &text, &[]);
    assert_eq!(code, 1, "{transcript}");
    snapshot("layer_lints_unknown", &transcript);
    assert!(!repo_root().join("target/test-group-lints/unknown-lint/out").exists(), "nothing is written");
}

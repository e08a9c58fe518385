//! The real compiler's MLIR half (aircc's passes and aiecc's up to the NPU instruction stream,
//! the compiler kit; `air_testkit::lowering`) lowers everything the project ships, with the
//! backend options it is meant to be compiled with: every kernel of `testdata/kernels/` (with
//! the `[backend]` of each plan and layer that uses it, its slice's tiling included; default
//! options when none does), the merged module of every reference plan (`testdata/plans/`, with
//! the plan's `[backend]`), every group `group` writes for the shipped layers (each with its
//! plan's `[backend]`), and every check-bd fixture documented as working (`ok_*`, with its
//! `// check-bd:` flags). The Python examples print the reference plans' merges byte for byte
//! (`--check` in tools/test-python.sh), so their outputs are judged here too.
//!
//! Verdicts are cached by the hash of the module, its options and the kit; skipped without a
//! kit, except under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;
mod lowering_cases;

use air_testkit::lowering::{self, Case, Judged};
use air_testkit::{repo_root, ScratchDir};
use lowering_cases::{bin, fixture_cases, flags, kernel_cases, plan_of, reference_merge_cases, shown};

/// Asserts every verdict is `accepted`; lists every other at once.
fn all_accepted(judged: &[Judged]) {
    let failures: Vec<String> = judged
        .iter()
        .filter(|j| !j.accepted())
        .map(|j| {
            let classes: Vec<&str> = lowering_cases::classes(j).iter().map(|c| c.as_str()).collect();
            format!("{}: {} {classes:?}: {}", j.name, j.verdict, lowering_cases::first_message(j))
        })
        .collect();
    assert!(failures.is_empty(), "{} module(s) not accepted by the compiler:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_compiler_lowers_every_kernel_with_its_backend() {
    let Some(kit) = lowering::kit() else { return };
    let cases = kernel_cases();
    assert!(cases.len() >= 20, "expected every kernel of testdata/kernels");
    all_accepted(&kit.judge(bin(), &cases));
}

#[test]
fn the_compiler_lowers_every_reference_merge() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("compiler-accepts-plans");
    let cases = reference_merge_cases(&scratch);
    assert!(cases.len() >= 5, "expected the reference plans");
    all_accepted(&kit.judge(bin(), &cases));
}

#[test]
fn the_compiler_lowers_every_group_of_the_shipped_layers() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("compiler-accepts-groups");
    let mut cases = Vec::new();
    for layer in air_testkit::sorted_files(&repo_root().join("testdata/layers"), "toml") {
        let stem = layer.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch.join(&stem);
        let output = harness::air_stitch(["group"]).arg(&layer).arg("-o").arg(&dir).output();
        assert!(output.status.success(), "{stem}: group failed: {}", String::from_utf8_lossy(&output.stderr));
        for module in air_testkit::sorted_files(&dir, "mlir") {
            let plan = plan_of(&module.with_extension("toml"));
            let name = format!("{} group {}", shown(&layer), module.file_name().unwrap().to_string_lossy());
            cases.push(Case {
                name,
                module: std::fs::read(&module).unwrap(),
                options: flags(&plan.backend, None),
                ..Case::default()
            });
        }
    }
    assert!(cases.len() >= 4, "expected the groups of both shipped layers");
    all_accepted(&kit.judge(bin(), &cases));
}

#[test]
fn the_compiler_lowers_every_working_check_bd_fixture() {
    let Some(kit) = lowering::kit() else { return };
    let cases = fixture_cases(|stem| stem.starts_with("ok_"));
    assert!(cases.len() >= 10, "expected the working check-bd fixtures");
    all_accepted(&kit.judge(bin(), &cases));
}

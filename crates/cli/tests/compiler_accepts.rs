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

use air_diagnostics::FileId;
use air_passes::backend::{Backend, OutputFormat};
use air_resource::OmitPingPong;
use air_testkit::lowering::{self, Case, Judged};
use air_testkit::{repo_root, ScratchDir};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_air-stitch"))
}

/// `compile`'s flags for a backend (and a slice's own tiling, applied as the global option: a
/// kernel alone has one launch).
fn flags(backend: &Backend, tiles: Option<&[i64]>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(device) = backend.device {
        out.push(format!("--device={}", device.name()));
    }
    if backend.output_format == Some(OutputFormat::Elf) {
        out.push("--output-format=elf".to_string());
    }
    let sizes = tiles.map(<[i64]>::to_vec).or_else(|| backend.runtime_loop_tiling_sizes.clone());
    if let Some(sizes) = sizes {
        let list: Vec<String> = sizes.iter().map(i64::to_string).collect();
        out.push(format!("--air-runtime-loop-tiling-sizes={}", list.join(",")));
    }
    match backend.omit_ping_pong {
        Some(OmitPingPong::All) => out.push("--omit-ping-pong-transform".to_string()),
        Some(OmitPingPong::L1) => out.push("--omit-ping-pong-transform=L1".to_string()),
        Some(OmitPingPong::L2) => out.push("--omit-ping-pong-transform=L2".to_string()),
        Some(OmitPingPong::None) | None => {}
    }
    if backend.omit_while_true_loop == Some(true) {
        out.push("--omit-while-true-loop".to_string());
    }
    if backend.omit_auto_broadcast == Some(true) {
        out.push("--omit-auto-broadcast".to_string());
    }
    if let Some(bytes) = backend.stack_size {
        out.push(format!("--stack-size={bytes}"));
    }
    out
}

fn plan_of(path: &Path) -> air_passes::plan::MergePlan {
    let text = std::fs::read_to_string(path).unwrap();
    air_passes::plan::parse_plan(&text, FileId(0)).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

fn shown(path: &Path) -> String {
    path.strip_prefix(repo_root()).unwrap_or(path).display().to_string()
}

/// Asserts every verdict is `accepted`; lists every other at once.
fn all_accepted(judged: &[Judged]) {
    let failures: Vec<String> = judged
        .iter()
        .filter(|j| !j.accepted())
        .map(|j| format!("{}: {} {:?}: {}", j.name, j.verdict, j.classes(), j.first_message()))
        .collect();
    assert!(failures.is_empty(), "{} module(s) not accepted by the compiler:\n{}", failures.len(), failures.join("\n"));
}

/// Every kernel with each backend it is used with: (kernel file, flags) → who uses it.
fn kernel_cases() -> Vec<Case> {
    let root = repo_root();
    let mut uses: BTreeMap<(PathBuf, Vec<String>), String> = BTreeMap::new();
    for plan_path in air_testkit::sorted_files(&root.join("testdata/plans"), "toml") {
        let plan = plan_of(&plan_path);
        for slice in &plan.slices {
            let file = plan_path.parent().unwrap().join(&slice.file).canonicalize().unwrap();
            let options = flags(&plan.backend, slice.shim_dma_tile_sizes.as_deref());
            uses.entry((file, options)).or_insert_with(|| shown(&plan_path));
        }
    }
    for layer_path in air_testkit::sorted_files(&root.join("testdata/layers"), "toml") {
        let text = std::fs::read_to_string(&layer_path).unwrap();
        let layer = air_passes::group::parse_layer(&text, FileId(0)).unwrap();
        for kernel in layer.kernels.iter().filter(|k| !k.external) {
            let Some(file) = &kernel.file else { continue };
            let file = layer_path.parent().unwrap().join(file).canonicalize().unwrap();
            let backend = layer.backend.combine(&kernel.backend).unwrap();
            let options = flags(&backend, kernel.shim_dma_tile_sizes.as_deref());
            uses.entry((file, options)).or_insert_with(|| shown(&layer_path));
        }
    }
    let mut cases = Vec::new();
    for kernel in air_testkit::sorted_files(&root.join("testdata/kernels"), "mlir") {
        let module = std::fs::read(&kernel).unwrap();
        let canonical = kernel.canonicalize().unwrap();
        let mut used: Vec<(&Vec<String>, &String)> =
            uses.iter().filter(|((file, _), _)| *file == canonical).map(|((_, o), by)| (o, by)).collect();
        let default = (Vec::new(), "no plan".to_string());
        if used.is_empty() {
            used.push((&default.0, &default.1));
        }
        for (options, by) in used {
            let name = format!("{} [{}] ({by})", shown(&kernel), options.join(" "));
            cases.push(Case { name, module: module.clone(), options: options.clone() });
        }
    }
    cases
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
    let mut cases = Vec::new();
    for plan_path in air_testkit::sorted_files(&repo_root().join("testdata/plans"), "toml") {
        let stem = plan_path.file_stem().unwrap().to_string_lossy().into_owned();
        let out = scratch.join(format!("{stem}.mlir"));
        let status =
            Command::new(bin()).arg("merge").arg("--plan").arg(&plan_path).arg("-o").arg(&out).output().unwrap();
        assert!(status.status.success(), "{stem}: merge failed: {}", String::from_utf8_lossy(&status.stderr));
        let plan = plan_of(&plan_path);
        cases.push(Case {
            name: shown(&plan_path),
            module: std::fs::read(&out).unwrap(),
            options: flags(&plan.backend, None),
        });
    }
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
        let output = Command::new(bin()).arg("group").arg(&layer).arg("-o").arg(&dir).output().unwrap();
        assert!(output.status.success(), "{stem}: group failed: {}", String::from_utf8_lossy(&output.stderr));
        for module in air_testkit::sorted_files(&dir, "mlir") {
            let plan = plan_of(&module.with_extension("toml"));
            let name = format!("{} group {}", shown(&layer), module.file_name().unwrap().to_string_lossy());
            cases.push(Case { name, module: std::fs::read(&module).unwrap(), options: flags(&plan.backend, None) });
        }
    }
    assert!(cases.len() >= 4, "expected the groups of both shipped layers");
    all_accepted(&kit.judge(bin(), &cases));
}

#[test]
fn the_compiler_lowers_every_working_check_bd_fixture() {
    let Some(kit) = lowering::kit() else { return };
    let mut cases = Vec::new();
    for fixture in air_testkit::sorted_files(&repo_root().join("testdata/checkbd"), "mlir") {
        let stem = fixture.file_stem().unwrap().to_string_lossy().into_owned();
        if !stem.starts_with("ok_") {
            continue;
        }
        let text = std::fs::read_to_string(&fixture).unwrap();
        let options: Vec<String> = text
            .lines()
            .take_while(|l| l.starts_with("//"))
            .filter_map(|l| l.strip_prefix("// check-bd:"))
            .flat_map(|rest| rest.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect();
        cases.push(Case { name: shown(&fixture), module: text.into_bytes(), options });
    }
    assert!(cases.len() >= 10, "expected the working check-bd fixtures");
    all_accepted(&kit.judge(bin(), &cases));
}

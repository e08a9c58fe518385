//! The modules the project ships, as cases for the compiler kit's judge
//! (`air_testkit::lowering`), each with the backend options it is compiled with: every kernel
//! of `testdata/kernels/` with the `[backend]` of each plan and layer that uses it, the merged
//! module of every reference plan, the check-bd fixtures with their `// check-bd:` flags, and the
//! model sweep's kernels and groups (tools/models).
//! Shared by `compiler_accepts.rs` and `differential.rs` (each uses part of it).
#![allow(dead_code)]

use air_checkbd::OmitPingPong;
use air_diagnostics::FileId;
use air_merge::plan::backend::{Backend, OutputFormat};
use air_testkit::lowering::{Case, Judged};
use air_testkit::repo_root;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The compiler's errors in a judged case's log, classified by the triage under test (the cache
/// keeps the log, not an older triage's classes).
pub fn findings(judged: &Judged) -> Vec<air_compile::triage::Finding> {
    judged.log.as_deref().map(|log| air_compile::triage::triage(log, None).findings).unwrap_or_default()
}

/// The classes of [`findings`], first seen first.
pub fn classes(judged: &Judged) -> Vec<air_compile::triage::Class> {
    let mut classes = Vec::new();
    for finding in findings(judged) {
        if !classes.contains(&finding.class) {
            classes.push(finding.class);
        }
    }
    classes
}

/// The compiler's first message, for reports.
pub fn first_message(judged: &Judged) -> String {
    findings(judged).first().map_or_else(String::new, |f| f.message.clone())
}

/// The binary under test, for the compiler kit's judge (which runs it itself).
pub fn bin() -> &'static Path {
    Path::new(crate::harness::BIN)
}

/// A path as the cases name it: relative to the repository.
pub fn shown(path: &Path) -> String {
    path.strip_prefix(repo_root()).unwrap_or(path).display().to_string()
}

/// `compile`'s flags for a backend (and a slice's own tiling, applied as the global option: a
/// kernel alone has one launch).
pub fn flags(backend: &Backend, tiles: Option<&[i64]>) -> Vec<String> {
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

pub fn plan_of(path: &Path) -> air_merge::plan::MergePlan {
    let text = std::fs::read_to_string(path).unwrap();
    air_merge::plan::parse_plan(&text, FileId(0)).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

/// Every kernel with each backend it is used with: (kernel file, flags) → who uses it; a kernel
/// no plan or layer uses is lowered with the defaults.
pub fn kernel_cases() -> Vec<Case> {
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
        let layer = air_group::parse_layer(&text, FileId(0)).unwrap();
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
            cases.push(Case { name, module: module.clone(), options: options.clone(), ..Case::default() });
        }
    }
    cases
}

/// The merged module of every reference plan (`air-stitch merge --plan`), with the plan's
/// `[backend]`; the merges are written under `scratch`.
pub fn reference_merge_cases(scratch: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for plan_path in air_testkit::sorted_files(&repo_root().join("testdata/plans"), "toml") {
        let stem = plan_path.file_stem().unwrap().to_string_lossy().into_owned();
        let out = scratch.join(format!("{stem}.mlir"));
        let status = crate::harness::air_stitch(["merge", "--plan"]).arg(&plan_path).arg("-o").arg(&out).output();
        assert!(status.status.success(), "{stem}: merge failed: {}", String::from_utf8_lossy(&status.stderr));
        let plan = plan_of(&plan_path);
        cases.push(Case {
            name: shown(&plan_path),
            module: std::fs::read(&out).unwrap(),
            options: flags(&plan.backend, None),
            ..Case::default()
        });
    }
    cases
}

/// The flags of a check-bd fixture's `// check-bd:` header lines (check-bd's spellings, which
/// compile takes too).
pub fn fixture_options(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .filter_map(|l| l.strip_prefix("// check-bd:"))
        .flat_map(|rest| rest.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// A fixture's own limit for the judge: its `// lowering-timeout: SECONDSs` header line, for a
/// module the compiler does not finish (docs/sweep.md).
pub fn fixture_timeout(text: &str) -> Option<std::time::Duration> {
    let line = text.lines().take_while(|l| l.starts_with("//")).find_map(|l| l.strip_prefix("// lowering-timeout:"))?;
    let seconds = line.trim().strip_suffix('s').and_then(|n| n.parse().ok());
    Some(std::time::Duration::from_secs(seconds.unwrap_or_else(|| panic!("malformed lowering-timeout: {line}"))))
}

/// The check-bd fixtures that are AIR (not the invalid ones on purpose), each as a case with its
/// header flags and limit; `keep` chooses by file stem.
pub fn fixture_cases(keep: impl Fn(&str) -> bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for fixture in air_testkit::sorted_files(&repo_root().join("testdata/check-bd"), "mlir") {
        let stem = fixture.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&fixture).unwrap();
        if !keep(&stem) || air_testkit::marked_invalid_air(&fixture, &text) {
            continue;
        }
        let options = fixture_options(&text);
        let timeout = fixture_timeout(&text);
        cases.push(Case { name: shown(&fixture), module: text.into_bytes(), options, timeout });
    }
    cases
}

/// The model sweep (tools/models, docs/models.md): every kernel with each backend its layers
/// build it with, and every group `group` makes of every layer, with the group's backend. The
/// files are written under `scratch` as `models DIR` writes them.
pub fn model_sweep_cases(scratch: &Path) -> Vec<Case> {
    let sweep = air_models::sweep().unwrap_or_else(|e| panic!("{e}"));
    let root = scratch.join("models");
    for dir in ["kernels", "layers", "out"] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
    }
    for (name, text) in &sweep.kernels {
        std::fs::write(root.join("kernels").join(name), text).unwrap();
    }
    let mut kernels: BTreeMap<(String, Vec<String>), String> = BTreeMap::new();
    let mut cases = Vec::new();
    for (_, _, files) in &sweep.layers {
        let layer_path = root.join("layers").join(format!("{}.toml", files.name));
        std::fs::write(&layer_path, &files.toml).unwrap();
        let layer = air_group::parse_layer(&files.toml, FileId(0)).unwrap_or_else(|e| panic!("{}: {e:?}", files.name));
        for kernel in layer.kernels.iter().filter(|k| !k.external) {
            let Some(file) = &kernel.file else { continue };
            let file = Path::new(file).file_name().unwrap().to_string_lossy().into_owned();
            let backend = layer.backend.combine(&kernel.backend).unwrap();
            let options = flags(&backend, kernel.shim_dma_tile_sizes.as_deref());
            kernels.entry((file, options)).or_insert_with(|| files.name.clone());
        }
        let out = root.join("out").join(&files.name);
        // A layer whose kernel fails alone (qwen25_7b prefill) exits 1 and still writes its groups.
        let _ = crate::harness::air_stitch(["group"]).arg(&layer_path).arg("-o").arg(&out).output();
        for module in air_testkit::sorted_files(&out, "mlir") {
            let plan = plan_of(&module.with_extension("toml"));
            cases.push(Case {
                name: format!("models/{} group {}", files.name, module.file_name().unwrap().to_string_lossy()),
                module: std::fs::read(&module).unwrap(),
                options: flags(&plan.backend, None),
                ..Case::default()
            });
        }
    }
    for ((file, options), by) in kernels {
        cases.push(Case {
            name: format!("models/kernels/{file} [{}] ({by})", options.join(" ")),
            module: sweep.kernels[&file].clone().into_bytes(),
            options,
            ..Case::default()
        });
    }
    cases
}

/// Whether a corpus file is one module the full pipeline could take: not split on `// -----`,
/// and with a launch, segment or herd op outside comments (issue 32's selection; a `// CHECK:`
/// line or a transform op such as `transform.air.herd_vectorize` does not count).
pub fn is_single_air_module(split: bool, text: &str) -> bool {
    static OP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:^|[\s=("])air\.(?:launch|segment|herd)(?:[\s"@(]|$)"#).unwrap()
    });
    !split && text.lines().any(|line| OP.is_match(line.split("//").next().unwrap_or("")))
}

/// Every single-module AIR file of the upstream corpus (`dir`), lowered with the defaults (npu2,
/// as the kit's `run-lowering.sh`): upstream's own test inputs, which nobody here wrote.
pub fn corpus_cases(dir: &Path) -> Vec<Case> {
    air_testkit::corpus_files(dir)
        .into_iter()
        .filter_map(|file| {
            let module = std::fs::read(&file.path).unwrap_or_else(|e| panic!("{}: {e}", file.path.display()));
            let keep = is_single_air_module(file.split, &String::from_utf8_lossy(&module));
            keep.then(|| Case { name: format!("corpus/{}", file.relpath), module, ..Case::default() })
        })
        .collect()
}

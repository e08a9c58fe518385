//! `group --lower` decides with the compiler (the compiler kit, `$AIR_LOWERING_KIT`): a group
//! check-bd rejects and the compiler lowers is kept, with check-bd's error reported as its bug
//! (AS0864); a group check-bd accepts and the compiler rejects is cut there (AS0865). Both use
//! disagreements of today's check-bd with the pinned compiler (testdata/sweep/known-disagreements.toml
//! and issue 31): when check-bd is fixed, each test says so, and needs another disagreement. The
//! mechanism itself is tested without a compiler in air-group (a scripted judge).
//!
//! The kernels are written by kernelgen into a scratch directory here, not shipped: a shipped
//! kernel is judged by the differential test, where a disagreement must be listed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_kernelgen::cli::Cli;
use air_testkit::ScratchDir;
use clap::Parser;
use std::path::Path;

/// Writes the kernel `kernelgen ARGS` makes into `dir/NAME`.
fn kernelgen(dir: &Path, name: &str, args: &str) {
    let argv = std::iter::once("kernelgen").chain(args.split_whitespace()).chain(["-o", name]);
    let cli = Cli::try_parse_from(argv).unwrap();
    let (kernel, _) = cli.command.kernel().unwrap();
    std::fs::write(dir.join(name), kernel.build().unwrap()).unwrap();
}

/// A layer of buffers `(name, type, kind)` and kernels `(name, file, args)`, each kernel tiled
/// [2, 2] per launch, built as an ELF.
fn layer(name: &str, buffers: &[(&str, &str, &str)], kernels: &[(&str, &str, [&str; 3])]) -> String {
    let mut text = format!("[layer]\nname = \"{name}\"\nbackend = {{ output_format = \"elf\" }}\n\n");
    for (buffer, ty, kind) in buffers {
        text.push_str(&format!("[[buffer]]\nname = \"{buffer}\"\ntype = \"{ty}\"\n"));
        if !kind.is_empty() {
            text.push_str(&format!("kind = \"{kind}\"\n"));
        }
    }
    for (kernel, file, args) in kernels {
        let args = args.map(|a| format!("\"{a}\"")).join(", ");
        text.push_str(&format!(
            "\n[[kernel]]\nname = \"{kernel}\"\nfile = \"{file}\"\nargs = [{args}]\nshim_dma_tile_sizes = [2, 2]\n"
        ));
    }
    text
}

/// `group layer.toml -o OUT [--lower=KIT]` in `dir`: exit status, stdout, stderr.
fn group(dir: &Path, out: &str, kit: Option<&Path>) -> (i32, String, String) {
    let mut args = vec!["group".to_string(), "layer.toml".to_string(), "-o".to_string(), out.to_string()];
    if let Some(kit) = kit {
        args.push(format!("--lower={}", kit.display()));
    }
    let output = harness::air_stitch(args).color_never().in_dir(dir).output();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn kernels_of(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with(char::is_numeric))
        .map(|l| l.split("  ").filter(|c| !c.trim().is_empty()).nth(1).unwrap_or("").trim().to_string())
        .collect()
}

#[test]
fn a_group_check_bd_wrongly_rejects_is_kept_and_reported() {
    let Some(kit) = air_testkit::lowering::kit() else { return };
    let dir = ScratchDir::new("group-lower-keep");
    // Qwen2.5-1.5B's prefill down projection (K = the FFN width 8960) and the final add. check-bd
    // says the GEMM's outer stride is over the shim's range (AS0436); the pinned compiler emits a
    // BD per launch iteration instead (its 8 x 3 launch grid does not divide by the tiling) and
    // lowers it.
    kernelgen(dir.path(), "down.mlir", "gemm --m 2048 --k 8960 --n 1536");
    kernelgen(dir.path(), "add.mlir", "add --2d 2048 --n 3145728 --out-1d");
    let text = layer(
        "down",
        &[
            ("swiglu", "memref<2048x8960xbf16>", "activation"),
            ("w_down", "memref<8960x1536xbf16>", "weight"),
            ("down", "memref<2048x1536xbf16>", ""),
            ("res1", "memref<2048x1536xbf16>", "activation"),
            ("output", "memref<3145728xbf16>", ""),
        ],
        &[("dg", "down.mlir", ["swiglu", "w_down", "down"]), ("fa", "add.mlir", ["down", "res1", "output"])],
    );
    std::fs::write(dir.path().join("layer.toml"), text).unwrap();
    let (code, stdout, stderr) = group(dir.path(), "alone", None);
    assert!(
        stderr.contains("error[AS0436]"),
        "check-bd no longer rejects the down GEMM: this test needs another check-bd false error\n{stderr}"
    );
    assert_eq!((code, kernels_of(&stdout)), (1, vec!["dg".to_string(), "fa".to_string()]), "{stdout}");
    let (code, stdout, stderr) = group(dir.path(), "lowered", Some(&kit.bin));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(kernels_of(&stdout), ["dg, fa"], "{stdout}");
    let warning = stderr.split("\n\n").find(|d| d.starts_with("warning[AS0864]")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(warning.contains("which check-bd rejects with AS0436: check-bd is wrong here"), "{warning}");
    assert!(warning.contains("= note: check-bd: AS0436:"), "{warning}");
    assert!(warning.contains("--> lowered/down_1.mlir:"), "{warning}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("lowered/down.groups.json")).unwrap()).unwrap();
    assert_eq!(doc["groups"][0]["lowering"]["verdict"], "accepted");
}

#[test]
fn a_group_the_compiler_rejects_is_cut_there() {
    let Some(kit) = air_testkit::lowering::kit() else { return };
    let dir = ScratchDir::new("group-lower-cut");
    // A GEMM, then one whose B panel steps 512 x 8192 elements per K iteration (tiled 2, 2):
    // check-bd is clean, the compiler rejects it after air-split-l2-memref ('aie.dma_bd' op Stride
    // 2 exceeds the [1:1048576] range: sweep/gemm-stride-n8192-tk512-t2x2).
    kernelgen(dir.path(), "a.mlir", "gemm --m 256 --k 2048 --n 2048");
    kernelgen(dir.path(), "b.mlir", "gemm --m 256 --k 2048 --n 8192 --tile-k-l2 512");
    let text = layer(
        "cut",
        &[
            ("x", "memref<256x2048xbf16>", "activation"),
            ("w1", "memref<2048x2048xbf16>", "weight"),
            ("h", "memref<256x2048xbf16>", ""),
            ("w2", "memref<2048x8192xbf16>", "weight"),
            ("y", "memref<256x8192xbf16>", ""),
        ],
        &[("a", "a.mlir", ["x", "w1", "h"]), ("b", "b.mlir", ["h", "w2", "y"])],
    );
    std::fs::write(dir.path().join("layer.toml"), text).unwrap();
    let (code, stdout, stderr) = group(dir.path(), "alone", None);
    assert_eq!(
        (code, kernels_of(&stdout)),
        (0, vec!["a, b".to_string()]),
        "check-bd now rejects b: this test needs another miss\n{stdout}{stderr}"
    );
    let (code, stdout, stderr) = group(dir.path(), "lowered", Some(&kit.bin));
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert_eq!(kernels_of(&stdout), ["a", "b"], "{stdout}");
    assert!(stdout.contains("before `b`: with `b` the compiler rejects it:"), "{stdout}");
    assert!(stderr.contains("note[AS0865]: group 1 ends before kernel `b`"), "{stderr}");
    assert!(stderr.contains("Stride 2 exceeds the [1:1048576] range"), "{stderr}");
    // b fails even alone: an error at its kernel.
    let alone = stderr.split("\n\n").find(|d| d.starts_with("error[AS0865]")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(alone.contains("--> layer.toml:"), "{alone}");
}

#[test]
fn the_kit_of_air_lowering_kit_is_found_without_a_directory() {
    let Some(kit) = air_testkit::lowering::kit() else { return };
    let dir = ScratchDir::new("group-lower-env");
    let text = std::fs::read_to_string(air_testkit::repo_root().join("testdata/group/cut-max-launches/layer.toml"))
        .unwrap()
        .replace("../../kernels/", &format!("{}/", air_testkit::repo_root().join("testdata/kernels").display()));
    std::fs::write(dir.path().join("layer.toml"), text).unwrap();
    let output = harness::air_stitch(["group", "layer.toml", "-o", "out", "--lower"])
        .color_never()
        .in_dir(dir.path())
        .env("AIR_LOWERING_KIT", &kit.bin)
        .env_remove("AIRCC")
        .env("PATH", "/nonexistent")
        .output();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(" words)"), "{stdout}");
}

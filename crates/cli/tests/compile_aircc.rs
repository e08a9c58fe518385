//! Every command line `air-stitch compile` builds for aircc is one the real aircc takes: the
//! compiler kit's aircc (`air_testkit::lowering`) runs each with `--output-format=none` (as the
//! kit does: nothing is asked of aiecc, and an `aiecc` that does nothing stands first on its
//! PATH), on a small kernel (a 1x1 herd, so it places on every device), with every option alone and all together. An option or value aircc
//! refuses (LLVM's `Unknown command line argument`, `for the --x option: ...`) fails the test.
//! Skipped without a kit, except under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_compile::aircc::{CompileOptions, Device, OmitPingPong, OutputFormat, Outputs, PlacedIrVerifiers};
use air_testkit::{lowering, repo_root, ScratchDir};
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

/// Every option compile can pass, each set to a value aircc takes.
fn every_option() -> Vec<(&'static str, CompileOptions)> {
    let base = CompileOptions::default;
    vec![
        ("defaults", base()),
        ("npu1", CompileOptions { device: Device::Npu1, ..base() }),
        ("npu2_4col", CompileOptions { device: Device::Npu2_4col, ..base() }),
        ("elf", CompileOptions { output_format: OutputFormat::Elf, ..base() }),
        ("kernel name", CompileOptions { xclbin_kernel_name: Some("MLIR_AIE".into()), ..base() }),
        ("instance name", CompileOptions { xclbin_instance_name: Some("add".into()), ..base() }),
        ("kernel id", CompileOptions { xclbin_kernel_id: Some("0x901".into()), ..base() }),
        ("tiling", CompileOptions { runtime_loop_tiling_sizes: vec![2, 2], ..base() }),
        ("tiling off", CompileOptions { runtime_loop_tiling_sizes: vec![0], ..base() }),
        ("omit all", CompileOptions { omit_ping_pong: Some(OmitPingPong::All), ..base() }),
        ("omit L1", CompileOptions { omit_ping_pong: Some(OmitPingPong::L1), ..base() }),
        ("omit L2", CompileOptions { omit_ping_pong: Some(OmitPingPong::L2), ..base() }),
        ("while", CompileOptions { omit_while_true_loop: true, ..base() }),
        ("broadcast", CompileOptions { omit_auto_broadcast: true, ..base() }),
        ("multiplexing", CompileOptions { channel_multiplexing: vec!["L1".into(), "L2".into()], ..base() }),
        ("loop fusion", CompileOptions { loop_fusion: true, ..base() }),
        ("stack", CompileOptions { stack_size: Some(2048), ..base() }),
        ("peano", CompileOptions { peano: Some("/opt/peano".into()), ..base() }),
        ("chess", CompileOptions { xchesscc: Some(true), xbridge: Some(true), ..base() }),
        ("no chess", CompileOptions { xchesscc: Some(false), xbridge: Some(false), ..base() }),
        ("debug ir", CompileOptions { debug_ir: true, ..base() }),
        ("verifiers", CompileOptions { placed_ir_verifiers: Some(PlacedIrVerifiers::Warn), ..base() }),
        ("verbose", CompileOptions { verbose: true, ..base() }),
        (
            "everything",
            CompileOptions {
                xclbin_kernel_name: Some("MLIR_AIE".into()),
                xclbin_instance_name: Some("add".into()),
                xclbin_kernel_id: Some("0x901".into()),
                runtime_loop_tiling_sizes: vec![2, 2],
                omit_ping_pong: Some(OmitPingPong::L2),
                omit_while_true_loop: true,
                omit_auto_broadcast: true,
                channel_multiplexing: vec!["L1".into()],
                loop_fusion: true,
                stack_size: Some(2048),
                peano: Some("/opt/peano".into()),
                xchesscc: Some(false),
                xbridge: Some(false),
                placed_ir_verifiers: Some(PlacedIrVerifiers::Error),
                ..base()
            },
        ),
    ]
}

#[test]
fn aircc_takes_every_command_line_compile_builds() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("compile-aircc");
    let shim = scratch.join("shim");
    std::fs::create_dir_all(&shim).unwrap();
    std::fs::write(shim.join("aiecc"), "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(shim.join("aiecc"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let module = repo_root().join("testdata/kernels/rmsnorm_1d_2048.mlir");
    let mut failures = Vec::new();
    for (label, options) in every_option() {
        assert_eq!(options.validate(), Ok(()), "{label}");
        let dir = scratch.join(label.replace(' ', "_"));
        std::fs::create_dir_all(&dir).unwrap();
        let outputs = Outputs {
            input: module.display().to_string(),
            xclbin: dir.join("k.xclbin").display().to_string(),
            insts: dir.join("k.insts.bin").display().to_string(),
            elf: dir.join("k.elf").display().to_string(),
            tmpdir: dir.join("air_project").display().to_string(),
        };
        let argv: Vec<String> = options
            .argv(&outputs)
            .into_iter()
            .map(|a| if a.starts_with("--output-format=") { "--output-format=none".to_string() } else { a })
            .collect();
        let path = std::env::join_paths([shim.clone(), kit.bin.clone()]).unwrap();
        let output =
            Command::new(kit.bin.join("aircc")).args(&argv).current_dir(&dir).env("PATH", path).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let refused =
            ["Unknown command line argument", "for the --", "may only occur zero or one times", "Too many positional"];
        if !output.status.success() || refused.iter().any(|r| stderr.contains(r)) {
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            failures.push(format!(
                "{label}: aircc {} (exit {:?}): {}",
                argv.join(" "),
                output.status.code(),
                tail.join(" | ")
            ));
        }
    }
    assert!(failures.is_empty(), "aircc refused command lines compile builds:\n{}", failures.join("\n"));
}

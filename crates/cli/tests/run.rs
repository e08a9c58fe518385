//! `air-stitch run` up to the device boundary, on the stand-ins of `testdata/run/` (this machine
//! has no NPU): the argument parsing, the bindings and artifact checks made before any device,
//! and the no-device path — exit status 2 with what is missing, never an abort, with and
//! without `XILINX_XRT`. Whole outputs, snapshotted under `snapshots/run/`; the no-device
//! transcripts differ by build (`default`: AS0930; `xrt`: AS0932 from Debian's XRT 2.13).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;

const XCLBIN: &str = "--xclbin add_one.xclbin --insts add_one.insts.bin";

fn transcript(args: &str, xilinx_xrt: Option<&str>) -> (Option<i32>, String) {
    let command = harness::air_stitch(["run"])
        .args(args.split_whitespace())
        .color_never()
        .in_dir(repo_root().join("testdata/run"))
        .env_remove("AIR_STITCH_NPU_LOCK")
        .env_remove("COLUMNS");
    let command = match xilinx_xrt {
        Some(value) => command.env("XILINX_XRT", value),
        None => command.env_remove("XILINX_XRT"),
    };
    let output = command.output();
    let env = xilinx_xrt.map_or(String::new(), |v| format!("XILINX_XRT={v} "));
    let text = format!(
        "$ {env}air-stitch run {args}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), text)
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("run", name, &text);
}

/// Cases that stop before the device, the same in every build: (name, arguments, exit status).
fn before_the_device() -> Vec<(&'static str, String, i32)> {
    vec![
        ("usage_no_artifact", "--arg 0=in.npy".to_string(), 2),
        ("usage_xclbin_without_insts", "--xclbin add_one.xclbin --arg 0=in.npy".to_string(), 2),
        ("usage_bad_arg", format!("{XCLBIN} --arg zero=in.npy"), 2),
        ("usage_bad_out_dtype", format!("{XCLBIN} --out 0=o.npy:4x8:f7"), 2),
        ("usage_zero_iterations", format!("{XCLBIN} --arg 0=in.npy --iterations 0"), 2),
        ("elf_without_kernel_name", "--elf add_one.elf --arg 0=in.npy".to_string(), 2),
        ("binding_gap", format!("{XCLBIN} --arg 0=in.npy --out 2=o.npy:4:f32"), 2),
        ("binding_unknown_size", format!("{XCLBIN} --arg 0=in.npy --out 1=o.npy"), 2),
        ("binding_layout_disagrees_json", format!("{XCLBIN} --arg 0=in.npy --out 0=o.npy:4x4:f32 --format json"), 2),
        ("binding_twice", format!("{XCLBIN} --arg 0=in.npy --arg 0=in.npy"), 2),
        ("artifact_not_an_xclbin", "--xclbin in.npy --insts add_one.insts.bin --arg 0=in.npy".to_string(), 2),
        ("insts_not_words", "--xclbin add_one.xclbin --insts add_one.elf --arg 0=in.npy".to_string(), 2),
        ("elf_not_an_elf", "--elf add_one.xclbin --kernel-name f --arg 0=in.npy".to_string(), 2),
        ("missing_input", format!("{XCLBIN} --arg 0=nothere.npy"), 2),
        ("output_overwrites_input", format!("{XCLBIN} --arg 0=in.npy --out 0=in.npy"), 2),
        ("two_outputs_one_file", format!("{XCLBIN} --arg 0=in.npy --out 0=o.npy:4:f32 --out 1=./o.npy:4:f32"), 2),
    ]
}

#[test]
fn arguments_bindings_and_artifacts_are_checked_before_the_device() {
    for (name, args, exit) in before_the_device() {
        let (code, text) = transcript(&args, None);
        assert_eq!(code, Some(exit), "{text}");
        snapshot(name, same_in_every_build(&text));
    }
}

/// The transcript with the JSON `xrt` field (what the build links) elided, so that one
/// snapshot holds for the default and the `xrt` build.
fn same_in_every_build(text: &str) -> String {
    let lines = text.lines().map(|l| if l.starts_with("  \"xrt\": ") { "  \"xrt\": \"(the build's)\"" } else { l });
    lines.map(|l| format!("{l}\n")).collect()
}

/// The build's name in the no-device snapshots.
fn build() -> &'static str {
    if cfg!(feature = "xrt") {
        "xrt"
    } else {
        "default"
    }
}

#[test]
fn without_a_device_it_says_what_is_missing_and_exits_2() {
    let lib = std::env::temp_dir().join(format!("air-stitch-run-xrt-{}", std::process::id()));
    std::fs::create_dir_all(&lib).unwrap();
    let _ = std::fs::remove_file(lib.join("lib"));
    std::os::unix::fs::symlink("/usr/lib/x86_64-linux-gnu", lib.join("lib")).unwrap();
    let cases = [
        ("text", format!("{XCLBIN} --arg 0=in.npy --out 1=o.npy:4x8:f32 --iterations 3"), None),
        (
            "json",
            "--elf add_one.elf --kernel-name add_one --arg 0=in.npy --out 0=o.npy --format json".to_string(),
            None,
        ),
        ("xilinx_xrt_set", format!("{XCLBIN} --arg 0=in.npy"), Some("XRTDIR")),
    ];
    for (name, args, env) in cases {
        let value = env.map(|_| lib.to_str().unwrap().to_string());
        let (code, text) = transcript(&args, value.as_deref());
        assert_eq!(code, Some(2), "{text}");
        let text = text.replace(lib.to_str().unwrap(), "$XRTDIR");
        snapshot(&format!("no_device_{}_{name}", build()), text);
    }
    assert!(!repo_root().join("testdata/run/o.npy").exists(), "a run without a device wrote an output");
    let _ = std::fs::remove_dir_all(&lib);
}

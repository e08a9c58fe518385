//! The command lines of one lowering: aircc's, and the `aiecc` shim aircc finds first on PATH.

use crate::aircc::{CompileOptions, OutputFormat};

/// Where one lowering writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerPaths {
    /// The module (aircc's positional argument).
    pub input: String,
    /// aircc's `--tmpdir`: it writes `placed.`, `aie.` and `npu.<input>` there.
    pub tmpdir: String,
    /// aiecc's `--npu-insts-name`: `DIR/insts_{0}.bin`, `{0}` becoming `<device>_<sequence>`.
    pub insts: String,
    /// `--elf-name` for the ELF form (never written: the shim asks for no ELF).
    pub elf: String,
}

/// The arguments of aircc's aiecc call the shim leaves out: the artifacts that need peano,
/// aie-rt, bootgen or aiebu (an xclbin, a PDI, a transaction stream, a full ELF and the PDI
/// expansion of its `load_pdi` ops), and the xclbin's metadata.
pub const SHIM_DROPPED: &[&str] = &[
    "--get-full-elf",
    "--expand-load-pdis",
    "--full-elf-name=",
    "--get-xclbin",
    "--xclbin-name=",
    "--get-pdi",
    "--pdi-name=",
    "--get-txn",
    "--txn-name=",
    "--get-npu-insts",
    "--npu-insts-name=",
    "--xclbin-kernel-name=",
    "--xclbin-instance-name=",
    "--xclbin-kernel-id=",
    "--xclbin-input=",
];

/// aircc's argv (after the program) for lowering `paths.input` with `options`: the user's
/// options, with `--output-format=none` for an xclbin (aircc then requests nothing of aiecc,
/// and the shim asks for the instruction stream) and `--output-format=elf` kept for an ELF, so
/// `airrt-to-npu` lowers the module as the ELF compile would.
pub fn aircc_argv(options: &CompileOptions, paths: &LowerPaths) -> Vec<String> {
    let mut argv: Vec<String> = options
        .option_args()
        .into_iter()
        .map(|arg| if arg == "--output-format=xclbin" { "--output-format=none".to_string() } else { arg })
        .collect();
    if options.output_format == OutputFormat::Elf {
        argv.push(format!("--elf-name={}", paths.elf));
    }
    argv.push(format!("--tmpdir={}", paths.tmpdir));
    argv.extend(options.extra.iter().cloned());
    argv.push(paths.input.clone());
    argv
}

/// A POSIX shell script named `aiecc`: it records its arguments in `argv_log` (one per line),
/// drops [`SHIM_DROPPED`], and runs `aiecc` with the rest and a request for the instruction
/// stream only.
pub fn shim_script(aiecc: &str, insts: &str, argv_log: &str) -> String {
    let dropped = SHIM_DROPPED
        .iter()
        .map(|flag| match flag.strip_suffix('=') {
            Some(stem) => format!("{stem}=*"),
            None => (*flag).to_string(),
        })
        .collect::<Vec<_>>()
        .join("|");
    format!(
        "#!/bin/sh\n\
         # air-stitch's aiecc shim: aircc's arguments, its artifact requests replaced by the NPU\n\
         # instruction stream (no core compilation, no packaging).\n\
         : > {log}\n\
         for arg in \"$@\"; do printf '%s\\n' \"$arg\" >> {log}; done\n\
         n=$#\n\
         while [ \"$n\" -gt 0 ]; do\n\
         \x20 arg=$1; shift; n=$((n - 1))\n\
         \x20 case $arg in\n\
         \x20   {dropped}) ;;\n\
         \x20   *) set -- \"$@\" \"$arg\" ;;\n\
         \x20 esac\n\
         done\n\
         exec {aiecc} --no-progress \"$@\" --get-npu-insts --npu-insts-name={insts}\n",
        log = quote(argv_log),
        aiecc = quote(aiecc),
        insts = quote(insts),
    )
}

/// `text` as one shell word.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::aircc::OmitPingPong;

    fn paths() -> LowerPaths {
        LowerPaths {
            input: "/w/fused.mlir".into(),
            tmpdir: "/w/tmp".into(),
            insts: "/w/insts/insts_{0}.bin".into(),
            elf: "/w/unused.elf".into(),
        }
    }

    #[test]
    fn an_xclbin_compile_lowers_with_output_format_none() {
        let options = CompileOptions {
            runtime_loop_tiling_sizes: vec![2, 2],
            omit_ping_pong: Some(OmitPingPong::All),
            extra: vec!["--num-cols=4".into()],
            ..CompileOptions::default()
        };
        assert_eq!(
            aircc_argv(&options, &paths()).join(" "),
            "--device=npu2 --output-format=none --air-runtime-loop-tiling-sizes=2 \
             --air-runtime-loop-tiling-sizes=2 --omit-ping-pong-transform --tmpdir=/w/tmp --num-cols=4 /w/fused.mlir"
        );
    }

    #[test]
    fn an_elf_compile_keeps_its_form() {
        let options = CompileOptions { output_format: OutputFormat::Elf, ..CompileOptions::default() };
        assert_eq!(
            aircc_argv(&options, &paths()).join(" "),
            "--device=npu2 --output-format=elf --elf-name=/w/unused.elf --tmpdir=/w/tmp /w/fused.mlir"
        );
    }

    #[test]
    fn the_shim_quotes_its_paths_and_drops_the_artifacts() {
        let script = shim_script("/opt/it's/aiecc", "/w/insts_{0}.bin", "/w/aiecc.argv");
        assert!(script.starts_with("#!/bin/sh\n"));
        assert!(script.contains(r"exec '/opt/it'\''s/aiecc' --no-progress"));
        assert!(script.contains("--get-npu-insts --npu-insts-name='/w/insts_{0}.bin'"));
        assert!(script.contains("--get-full-elf|--expand-load-pdis|--full-elf-name=*|--get-xclbin|"));
    }
}

//! The command line of `air-stitch compile`: air-stitch's own flags, and aircc's options under
//! aircc's own spellings (air `tools/aircc/aircc.cpp`).

use crate::air_opt::AirOptArgs;
use crate::backend_args::{tiling_size, BackendFlags, DeviceArg, FormatArg, OmitArg};
use crate::common::{FormatOpts, GlobalOpts};
use crate::compile::settings::CacheArgs;
use air_compile::aircc::{CompileOptions, PlacedIrVerifiers};
use std::path::PathBuf;

/// Compile an AIR module with aircc into an xclbin and its instruction stream (or an ELF).
///
/// Lints the module first (check-bd with the same device and flags, and AIR's verifier when one
/// is found): errors stop the compile unless --no-lint. Stages every `link_with` object beside
/// the module in a private directory, runs aircc there in its own process group with a timeout,
/// streams its output to OUT_DIR/NAME.compile.log, and writes NAME.xclbin + NAME.insts.bin (or
/// NAME.elf) and NAME.compile.json atomically into OUT_DIR. Artifacts are cached by a sha256 key
/// over every input to them (module, options, objects, toolchain), locally and in a team's shared
/// store (--cache-url); a hit is served without running aircc. Several modules, or a directory
/// `group` wrote, compile as a batch, --jobs at once, with one summary (docs/compile.md).
///
/// Exit status: 0 compiled or served from the cache, 1 the compile failed (aircc's error, the
/// timeout, or lint errors), 2 usage or I/O errors, or aircc or an object is missing.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch compile testdata/kernels/silu_mul_8192.mlir --objects testdata/compile/objects -o build
  air-stitch compile testdata/kernels/gemm_2048x2048x2048.mlir --objects testdata/compile/objects \\
      --air-runtime-loop-tiling-sizes 2,2 --no-cache --format json
  air-stitch compile testdata/kernels/silu_mul_8192.mlir testdata/kernels/gemm_2048x2048x2048.mlir \\
      --objects testdata/compile/objects -o build --jobs 2")]
pub struct Opts {
    /// The module to compile (usually `merge`'s output); several modules, or a directory `group`
    /// wrote (each group's module with its plan), compile as a batch (--jobs at once).
    #[arg(required = true, num_args = 1.., value_name = "FILE|DIR")]
    pub(super) files: Vec<PathBuf>,
    /// Compiles of a batch run at once (default: the number of cores).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) jobs: Option<u16>,
    /// (Internal, for a batch) serve the module from the cache if it is there, else compile
    /// nothing and say so.
    #[arg(long, hide = true)]
    pub(super) if_cached: bool,
    /// Output directory.
    #[arg(short, long, default_value = "build", value_name = "OUT_DIR")]
    pub(super) output: PathBuf,
    /// Name of the outputs (NAME.xclbin, ...); default: the input's stem.
    #[arg(long)]
    pub(super) name: Option<String>,
    /// aircc to run: else $AIRCC, else `aircc` on PATH.
    #[arg(long, value_name = "PATH")]
    pub(super) aircc: Option<PathBuf>,
    /// A directory of `link_with` objects (repeatable; default: the input's directory).
    #[arg(long = "objects", value_name = "DIR")]
    pub(super) objects: Vec<PathBuf>,
    /// The merge plan the module was merged by: its `[backend]` options (how the module is meant
    /// to be compiled) apply unless a flag below gives the option.
    #[arg(long, value_name = "PLAN")]
    pub(super) plan: Option<PathBuf>,
    /// merge's --externs-report, to quote the build recipe of a renamed object that is missing.
    #[arg(long, value_name = "FILE")]
    pub(super) externs_report: Option<PathBuf>,
    /// Kill aircc (its whole process group) after this long: 90s, 20m, 1h30m.
    #[arg(long, default_value = "20m", value_name = "DURATION")]
    pub(super) timeout: String,
    /// Lower only: run the MLIR half of the compiler (aircc's passes, aiecc up to the NPU
    /// instruction stream; no core compilation, no peano) with these options, and report its
    /// verdict, its errors on the module's launches and the instruction words per sequence in
    /// NAME.compile.json. Nothing is compiled or cached; lint errors do not stop it.
    #[arg(long)]
    pub(super) lower_only: bool,
    /// Do not lint before compiling.
    #[arg(long)]
    pub(super) no_lint: bool,
    #[command(flatten)]
    pub(super) cache: CacheArgs,
    /// Neither read nor write the cache (local or shared).
    #[arg(long, conflicts_with_all = ["cache_dir", "cache_url", "cache_read_only"])]
    pub(super) no_cache: bool,
    /// A team's name for its toolchain, which stands for the tools' bytes and versions in the
    /// cache key (also $AIR_STITCH_TOOLCHAIN_ID): for installs whose tools differ by machine
    /// but build alike (docs/compile.md, "A team's cache").
    #[arg(long, value_name = "ID")]
    pub(super) toolchain_id: Option<String>,
    /// Keep aircc's private directory (its --tmpdir) after a successful compile too.
    #[arg(long)]
    pub(super) keep_tmpdir: bool,
    #[command(flatten)]
    pub(super) air_opt: AirOptArgs,
    #[command(flatten)]
    pub(super) format: FormatOpts,
    #[command(flatten)]
    pub(super) global: GlobalOpts,
    #[command(flatten)]
    pub(super) aircc_options: AirccOptions,
    /// Arguments after `--`, passed to aircc as they are.
    #[arg(last = true, value_name = "EXTRA_AIRCC_ARGS")]
    pub(super) extra: Vec<String>,
}

/// aircc's options, spelled as aircc spells them.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "aircc options")]
pub struct AirccOptions {
    /// Target device (default npu2, or the plan's).
    #[arg(long, value_enum)]
    device: Option<DeviceArg>,
    /// Artifact: xclbin (+ insts.bin; the default) or a full ELF (not for npu1).
    #[arg(long, value_enum)]
    output_format: Option<FormatArg>,
    /// The kernel's name in the xclbin.
    #[arg(long, value_name = "NAME")]
    xclbin_kernel_name: Option<String>,
    /// The instance name in the xclbin's metadata (for an ELF: the function's name).
    #[arg(long, value_name = "NAME")]
    xclbin_instance_name: Option<String>,
    /// The kernel id in the xclbin (`0x901`).
    #[arg(long, value_name = "ID")]
    xclbin_kernel_id: Option<String>,
    /// Launch-loop tile sizes as check-bd takes them (`2,2`); passed as one option per value.
    #[arg(long, value_delimiter = ',', value_name = "N,N", value_parser = tiling_size)]
    air_runtime_loop_tiling_sizes: Vec<u32>,
    /// Skip ping-pong buffering: alone for every level, or `=L1` / `=L2`.
    #[arg(
        long,
        visible_alias = "omit-pingpong",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "all",
        value_name = "LEVEL"
    )]
    omit_ping_pong_transform: Option<OmitArg>,
    /// Do not wrap each core's body in a while(true) loop.
    #[arg(long)]
    omit_while_true_loop: bool,
    /// Skip the broadcast detection and specialisation of DMAs.
    #[arg(long)]
    omit_auto_broadcast: bool,
    /// Memory spaces for channel time-multiplexing (`L1,L2`; one aircc option per value).
    #[arg(long, value_delimiter = ',', value_name = "SPACE")]
    air_channel_multiplexing: Vec<String>,
    /// Add the air-loop-fusion pass.
    #[arg(long)]
    air_loop_fusion: bool,
    /// Core stack in bytes (aircc's default: 1024).
    #[arg(long, value_name = "BYTES")]
    stack_size: Option<u64>,
    /// Peano's install directory (else aircc reads $PEANO_INSTALL_DIR).
    #[arg(long, value_name = "DIR")]
    peano: Option<String>,
    /// Compile cores with xchesscc (Chess).
    #[arg(long, conflicts_with = "no_xchesscc")]
    xchesscc: bool,
    /// Compile cores with Peano.
    #[arg(long)]
    no_xchesscc: bool,
    /// Link with xbridge (Chess).
    #[arg(long, conflicts_with = "no_xbridge")]
    xbridge: bool,
    /// Link with Peano.
    #[arg(long)]
    no_xbridge: bool,
    /// Keep the IR after each pass in the tmpdir's debug_ir/ (see --keep-tmpdir).
    #[arg(long)]
    debug_ir: bool,
    /// AIR's verifiers on the placed IR (aircc's default: error).
    #[arg(long, value_enum, value_name = "MODE")]
    placed_ir_verifiers: Option<VerifiersArg>,
    /// aircc's --verbose.
    #[arg(short = 'v')]
    verbose: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum VerifiersArg {
    Off,
    Warn,
    Error,
}

fn choice(yes: bool, no: bool) -> Option<bool> {
    match (yes, no) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

impl Opts {
    /// The module of a single compile.
    pub(super) fn file(&self) -> &PathBuf {
        &self.files[0]
    }

    /// Whether the inputs make a batch: several, or a directory.
    pub(super) fn is_batch(&self) -> bool {
        self.files.len() > 1 || self.files.iter().any(|f| f.is_dir())
    }

    /// The options of this compile: the flags over the plan's `[backend]` (`plan`, from --plan).
    pub(super) fn compile_options(&self, plan: &air_merge::plan::backend::Backend) -> anyhow::Result<CompileOptions> {
        let a = &self.aircc_options;
        let flags = BackendFlags {
            device: a.device,
            output_format: a.output_format,
            runtime_loop_tiling_sizes: a.air_runtime_loop_tiling_sizes.clone(),
            omit_ping_pong: a.omit_ping_pong_transform,
            omit_while_true_loop: a.omit_while_true_loop,
            omit_auto_broadcast: a.omit_auto_broadcast,
            stack_size: a.stack_size,
        };
        let base = flags.resolve(plan)?;
        Ok(CompileOptions {
            xclbin_kernel_name: a.xclbin_kernel_name.clone(),
            xclbin_instance_name: a.xclbin_instance_name.clone(),
            xclbin_kernel_id: a.xclbin_kernel_id.clone(),
            channel_multiplexing: a.air_channel_multiplexing.clone(),
            loop_fusion: a.air_loop_fusion,
            peano: a.peano.clone(),
            xchesscc: choice(a.xchesscc, a.no_xchesscc),
            xbridge: choice(a.xbridge, a.no_xbridge),
            debug_ir: a.debug_ir,
            placed_ir_verifiers: a.placed_ir_verifiers.map(|m| match m {
                VerifiersArg::Off => PlacedIrVerifiers::Off,
                VerifiersArg::Warn => PlacedIrVerifiers::Warn,
                VerifiersArg::Error => PlacedIrVerifiers::Error,
            }),
            verbose: a.verbose,
            extra: self.extra.clone(),
            ..base
        })
    }
}

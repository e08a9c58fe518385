//! The command line: one subcommand per kernel (its options are the kernel spec) and
//! `testdata`. Parsing only; `main.rs` does the writing.

use crate::kernels::{
    add::Add,
    gemm::Gemm,
    gemv::Gemv,
    matvec_2tile_add::Matvec2TileAdd,
    matvec_swiglu_rms::MatvecSwigluRms,
    rmsnorm::RmsNorm,
    rope::Rope,
    row_add::{BiasAdd, PaddedAdd},
    silu_mul::SiluMul,
};
use crate::Kernel;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Generate AIR sub-kernels (MLIR text) in the style of the mlir-air LLM builders.
#[derive(Parser, Debug)]
#[command(
    name = "kernelgen",
    version,
    after_help = "Examples:\n  kernelgen gemm --m 2048 --k 2048 --n 512 -o gemm_k.mlir\n  kernelgen rmsnorm --m 4096 --n 2048 -o -\n  kernelgen testdata testdata/kernels"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Weighted RMSNorm as a bare 8 x 1 herd (weighted_rms_norm.py).
    Rmsnorm(Gen<RmsNorm>),
    /// Tiled GEMM: launch -> segment -> three 8 x 4 herds, L2 staging, mm<suffix>.o externs (--form dma|channels).
    Gemm(Gen<Gemm>),
    /// RoPE with a LUT: launch -> segment -> 8 x 1 herd calling @rope (rope.o), 2-D arguments collapsed in the launch (--bare: in the body, bare herd).
    Rope(Gen<Rope>),
    /// Element-wise add: bare 8 x 1 herd (1-D), or launch + segment with 2-D arguments (--2d).
    Add(Gen<Add>),
    /// Bias add `out[r, c] = in[r, c] + bias[c]`: launch -> segment -> 8 x 1 herd, the bias a `[cols]` vector (Qwen2.5's Q/K/V biases).
    BiasAdd(Gen<BiasAdd>),
    /// Residual add of an N-padded input, `out = in[:, :cols] + res`: launch -> segment -> 8 x 1 herd, a row per DMA (--out-1d: the layer's last add).
    PaddedAdd(Gen<PaddedAdd>),
    /// SiLU-and-mul: launch -> segment -> 8 x 1 herd calling @silu_and_mul_bf16 (silu_and_mul.o).
    SiluMul(Gen<SiluMul>),
    /// GEMV: launch -> segment -> 8 x 1 herd calling @matvec_vectorized_bf16_bf16 (mv.o).
    Gemv(Gen<Gemv>),
    /// D = A.B + R over two herds and a cascade (o_gemv_ffn stages 1 and 3).
    #[command(name = "matvec-2tile-add")]
    Matvec2TileAdd(Gen<Matvec2TileAdd>),
    /// GEMV with fused RMSNorm and SwiGLU over a 4-deep cascade (o_gemv_ffn stage 2).
    MatvecSwigluRms(Gen<MatvecSwigluRms>),
    /// Write the committed fixture kernels (testdata/kernels/) into DIR.
    Testdata(TestdataOpts),
}

/// A kernel's options plus where to write it.
#[derive(clap::Args, Debug)]
pub struct Gen<K: clap::Args> {
    #[command(flatten)]
    pub kernel: K,
    /// Output file (`-` for standard output).
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct TestdataOpts {
    /// Directory to write the fixtures into (created if missing).
    pub dir: PathBuf,
    /// Compare with the files in DIR instead of writing; fail if any differs or is missing.
    #[arg(long)]
    pub check: bool,
}

impl Command {
    /// The kernel to generate and where to write it; `None` for `testdata`.
    pub fn kernel(&self) -> Option<(&dyn Kernel, &PathBuf)> {
        match self {
            Command::Rmsnorm(gen) => Some((&gen.kernel, &gen.output)),
            Command::Gemm(gen) => Some((&gen.kernel, &gen.output)),
            Command::Rope(gen) => Some((&gen.kernel, &gen.output)),
            Command::Add(gen) => Some((&gen.kernel, &gen.output)),
            Command::BiasAdd(gen) => Some((&gen.kernel, &gen.output)),
            Command::PaddedAdd(gen) => Some((&gen.kernel, &gen.output)),
            Command::SiluMul(gen) => Some((&gen.kernel, &gen.output)),
            Command::Gemv(gen) => Some((&gen.kernel, &gen.output)),
            Command::Matvec2TileAdd(gen) => Some((&gen.kernel, &gen.output)),
            Command::MatvecSwigluRms(gen) => Some((&gen.kernel, &gen.output)),
            Command::Testdata(_) => None,
        }
    }
}

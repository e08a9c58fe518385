//! The kernels committed under testdata/kernels/: the llama-3.2-1B shapes the reference merges
//! (testdata/plans/) and layers need, and those of the Qwen3-0.6B prefill layer of docs/group.md's
//! walkthrough (testdata/layers/qwen3_06b_prefill.toml), and those of the Qwen2.5-1.5B decode layer
//! (testdata/layers/qwen25_1_5b_decode.toml). `kernelgen testdata DIR` writes exactly
//! these files, and a test checks the committed copies are byte-identical to what this list
//! generates.

use crate::kernels::add::Add;
use crate::kernels::gemm::{Gemm, GemmForm, GemmMethod};
use crate::kernels::gemv::Gemv;
use crate::kernels::matvec_2tile_add::Matvec2TileAdd;
use crate::kernels::matvec_swiglu_rms::MatvecSwigluRms;
use crate::kernels::rmsnorm::RmsNorm;
use crate::kernels::rope::Rope;
use crate::kernels::silu_mul::SiluMul;
use crate::{GenError, Kernel};

/// One committed kernel file.
pub struct Fixture {
    /// File name under testdata/kernels/.
    pub file: &'static str,
    /// Which merges use it, and as what.
    pub used_by: &'static str,
    pub kernel: Box<dyn Kernel>,
}

impl Fixture {
    /// The file's contents.
    pub fn generate(&self) -> Result<String, GenError> {
        self.kernel.build()
    }
}

/// The drain GEMM at llama tiles: 32 x 256 x 32 x 128 on an 8 x 4 herd, externs `_m32`, DMA form.
fn gemm(m: u64, k: u64, n: u64) -> Box<dyn Kernel> {
    Box::new(Gemm {
        m,
        k,
        n,
        tile_m: 32,
        tile_k_l2: 256,
        tile_k_l1: 32,
        tile_n: 128,
        herd_m: 8,
        herd_n: 4,
        suffix: "_m32".to_string(),
        launches: 1,
        form: GemmForm::Dma,
        method: GemmMethod::Drain,
        cast_tile_n: 2048,
    })
}

fn add(n: u64, tile_n: Option<u64>, rows: Option<u64>, out_1d: bool) -> Box<dyn Kernel> {
    Box::new(Add { n, tile_n, herd_x: 8, vector_size: 16, rows, out_1d, bare: false, launches: 1 })
}

fn gemv(m: u64, k: u64, tile_m: u64, m_input: u64) -> Box<dyn Kernel> {
    Box::new(Gemv { m, k, tile_m, m_input, herd_m: 8, link_with: "mv.o".to_string(), launches: 1 })
}

fn matvec_2tile_add(m: u64, k: u64) -> Box<dyn Kernel> {
    Box::new(Matvec2TileAdd { m, k, tile_m: 8, k_chunk: 512, cores: 8, launches: 1 })
}

/// Every committed kernel, in file-name order.
pub fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            file: "add_1536.mlir",
            used_by: "qwen25_1_5b_decode qb, ra, fa (Q bias and residual adds at hidden 1536, 1-D, tile 192)",
            kernel: add(1536, Some(192), None, false),
        },
        Fixture {
            file: "add_256.mlir",
            used_by: "qwen25_1_5b_decode kb, vb (K and V bias adds: 2 KV heads of 128, 1-D, tile 32)",
            kernel: add(256, Some(32), None, false),
        },
        Fixture {
            file: "add_2048.mlir",
            used_by: "1-D bare-herd add (original o_gemv_ffn a1/a2)",
            kernel: add(2048, Some(256), None, false),
        },
        Fixture {
            file: "add_2d_2048x1024.mlir",
            used_by: "qwen3_06b_prefill ra (residual add at hidden 1024, 2-D -> 2-D)",
            kernel: add(2048 * 1024, None, Some(2048), false),
        },
        Fixture {
            file: "add_2d_2048x1024_out_1d.mlir",
            used_by: "qwen3_06b_prefill fa (final add at hidden 1024, 2-D -> 1-D)",
            kernel: add(2048 * 1024, None, Some(2048), true),
        },
        Fixture {
            file: "add_2d_2048x1536_out_1d.mlir",
            used_by: "group launch-order fixture fa (Qwen2.5-1.5B prefill's final add at hidden 1536, 2-D -> 1-D)",
            kernel: add(2048 * 1536, None, Some(2048), true),
        },
        Fixture {
            file: "add_2d_2048x2048.mlir",
            used_by: "o_ffn ra (residual add, 2-D -> 2-D)",
            kernel: add(4194304, None, Some(2048), false),
        },
        Fixture {
            file: "add_2d_2048x2048_out_1d.mlir",
            used_by: "o_ffn fa (final add, 2-D -> 1-D)",
            kernel: add(4194304, None, Some(2048), true),
        },
        Fixture { file: "gemm_2048x1024x1024.mlir", used_by: "qwen3_06b_prefill k, v", kernel: gemm(2048, 1024, 1024) },
        Fixture { file: "gemm_2048x1024x2048.mlir", used_by: "qwen3_06b_prefill q", kernel: gemm(2048, 1024, 2048) },
        Fixture {
            file: "gemm_2048x1024x3072.mlir",
            used_by: "qwen3_06b_prefill gg, ug",
            kernel: gemm(2048, 1024, 3072),
        },
        Fixture {
            file: "gemm_2048x1536x1536.mlir",
            used_by: "group launch-order fixture og (Qwen2.5-1.5B prefill's O projection)",
            kernel: gemm(2048, 1536, 1536),
        },
        Fixture { file: "gemm_2048x2048x1024.mlir", used_by: "qwen3_06b_prefill og", kernel: gemm(2048, 2048, 1024) },
        Fixture {
            file: "gemm_2048x2048x2048.mlir",
            used_by: "rms_gemms_rope q, o_ffn og",
            kernel: gemm(2048, 2048, 2048),
        },
        Fixture { file: "gemm_2048x2048x512.mlir", used_by: "rms_gemms_rope k, v", kernel: gemm(2048, 2048, 512) },
        Fixture { file: "gemm_2048x2048x8192.mlir", used_by: "o_ffn gg, ug", kernel: gemm(2048, 2048, 8192) },
        Fixture { file: "gemm_2048x3072x1024.mlir", used_by: "qwen3_06b_prefill dg", kernel: gemm(2048, 3072, 1024) },
        Fixture {
            file: "gemm_2048x8960x1536.mlir",
            used_by:
                "group launch-order fixture dg (Qwen2.5-1.5B prefill's down projection: K = 8960, not 1024-aligned)",
            kernel: gemm(2048, 8960, 1536),
        },
        Fixture { file: "gemm_2048x8192x2048.mlir", used_by: "o_ffn dg", kernel: gemm(2048, 8192, 2048) },
        Fixture {
            file: "gemv_1536x1536.mlir",
            used_by: "qwen25_1_5b_decode q, o (Q and O GEMVs, M=1536, K=1536)",
            kernel: gemv(1536, 1536, 8, 4),
        },
        Fixture {
            file: "gemv_1536x8960.mlir",
            used_by: "qwen25_1_5b_decode dg (down GEMV, M=1536, K=8960: tile_m=2, m_input=2 fit L1 with ping-pong)",
            kernel: gemv(1536, 8960, 2, 2),
        },
        Fixture {
            file: "gemv_2048x2048.mlir",
            used_by: "decode layer q (rms_gemv_rope Q GEMV, M=2048, K=2048)",
            kernel: gemv(2048, 2048, 8, 4),
        },
        Fixture {
            file: "gemv_256x1536.mlir",
            used_by: "qwen25_1_5b_decode k, v (2 KV heads of 128: M=256, K=1536)",
            kernel: gemv(256, 1536, 8, 4),
        },
        Fixture {
            file: "gemv_512x2048.mlir",
            used_by: "decode layer k, v (rms_gemv_rope K/V GEMVs, M=512, K=2048)",
            kernel: gemv(512, 2048, 8, 4),
        },
        Fixture {
            file: "gemv_k2048.mlir",
            used_by: "gemv_2k gg, ug (M=8192, K=2048, tile_m=8, m_input=4)",
            kernel: gemv(8192, 2048, 8, 4),
        },
        Fixture {
            file: "gemv_k8192.mlir",
            used_by: "gemv_2k dg (M=2048, K=8192, tile_m=2, m_input=1)",
            kernel: gemv(2048, 8192, 2, 1),
        },
        Fixture {
            file: "gemv_8960x1536.mlir",
            used_by: "qwen25_1_5b_decode gg, ug (gate and up GEMVs, M=8960, K=1536)",
            kernel: gemv(8960, 1536, 8, 4),
        },
        Fixture {
            file: "matvec_2tile_add_2048x2048.mlir",
            used_by: "o_gemv_ffn s1",
            kernel: matvec_2tile_add(2048, 2048),
        },
        Fixture {
            file: "matvec_2tile_add_2048x8192.mlir",
            used_by: "o_gemv_ffn s3",
            kernel: matvec_2tile_add(2048, 8192),
        },
        Fixture {
            file: "matvec_swiglu_rms_16384x2048.mlir",
            used_by: "o_gemv_ffn s2",
            kernel: Box::new(MatvecSwigluRms {
                m: 16384,
                k: 2048,
                tile_m: 32,
                m_input: 4,
                herd_cols: 8,
                n_cascade: 4,
                launches: 1,
            }),
        },
        Fixture {
            file: "rmsnorm_16384x128.mlir",
            used_by: "qwen3_06b_prefill kn (Qwen3's k_norm: 2048 tokens x 8 KV heads, rows of head_dim 128)",
            kernel: Box::new(RmsNorm { m: 16384, n: 128, herd_x: 8, vector_size: 16, decode: false }),
        },
        Fixture {
            file: "rmsnorm_1d_1536.mlir",
            used_by: "qwen25_1_5b_decode r, rm (M=1, 1-D arguments)",
            kernel: Box::new(RmsNorm { m: 1, n: 1536, herd_x: 1, vector_size: 16, decode: true }),
        },
        Fixture {
            file: "rmsnorm_1d_2048.mlir",
            used_by: "decode layer r (rms_gemv_rope RMSNorm, M=1, 1-D arguments)",
            kernel: Box::new(RmsNorm { m: 1, n: 2048, herd_x: 1, vector_size: 16, decode: true }),
        },
        Fixture {
            file: "rmsnorm_2048x1024.mlir",
            used_by: "qwen3_06b_prefill r, rm",
            kernel: Box::new(RmsNorm { m: 2048, n: 1024, herd_x: 8, vector_size: 16, decode: false }),
        },
        Fixture {
            file: "rmsnorm_2048x2048.mlir",
            used_by: "rms_gemms_rope r, o_ffn rm",
            kernel: Box::new(RmsNorm { m: 2048, n: 2048, herd_x: 8, vector_size: 16, decode: false }),
        },
        Fixture {
            file: "rmsnorm_32768x128.mlir",
            used_by: "qwen3_06b_prefill qn (Qwen3's q_norm: 2048 tokens x 16 query heads, rows of head_dim 128)",
            kernel: Box::new(RmsNorm { m: 32768, n: 128, herd_x: 8, vector_size: 16, decode: false }),
        },
        Fixture {
            file: "rope_16384x128.mlir",
            used_by: "qwen3_06b_prefill rk (8 KV heads of 128 per token)",
            kernel: Box::new(Rope { rows: 16384, cols: 128, embed_dim: 128, herd_x: 8, decode: false, bare: false }),
        },
        Fixture {
            file: "rope_1d_1536.mlir",
            used_by: "qwen25_1_5b_decode rq (12 heads of 128, 1-D)",
            kernel: Box::new(Rope { rows: 1, cols: 1536, embed_dim: 128, herd_x: 1, decode: true, bare: false }),
        },
        Fixture {
            file: "rope_1d_2048.mlir",
            used_by: "decode layer rq (rms_gemv_rope RoPE Q: 32 heads of 64, 1-D)",
            kernel: Box::new(Rope { rows: 1, cols: 2048, embed_dim: 64, herd_x: 1, decode: true, bare: false }),
        },
        Fixture {
            file: "rope_1d_256.mlir",
            used_by: "qwen25_1_5b_decode rk (2 KV heads of 128, 1-D)",
            kernel: Box::new(Rope { rows: 1, cols: 256, embed_dim: 128, herd_x: 1, decode: true, bare: false }),
        },
        Fixture {
            file: "rope_1d_512.mlir",
            used_by: "decode layer rk (rms_gemv_rope RoPE K: 8 heads of 64, 1-D)",
            kernel: Box::new(Rope { rows: 1, cols: 512, embed_dim: 64, herd_x: 1, decode: true, bare: false }),
        },
        Fixture {
            file: "rope_2048x2048.mlir",
            used_by: "rms_gemms_rope rq",
            kernel: Box::new(Rope { rows: 2048, cols: 2048, embed_dim: 64, herd_x: 8, decode: false, bare: false }),
        },
        Fixture {
            file: "rope_2048x512.mlir",
            used_by: "rms_gemms_rope rk",
            kernel: Box::new(Rope { rows: 2048, cols: 512, embed_dim: 64, herd_x: 8, decode: false, bare: false }),
        },
        Fixture {
            file: "rope_32768x128.mlir",
            used_by: "qwen3_06b_prefill rq (16 query heads of 128 per token)",
            kernel: Box::new(Rope { rows: 32768, cols: 128, embed_dim: 128, herd_x: 8, decode: false, bare: false }),
        },
        Fixture {
            file: "silu_mul_2d_2048x3072.mlir",
            used_by: "qwen3_06b_prefill sw (intermediate 3072, tile 3072)",
            kernel: Box::new(SiluMul {
                n: 2048 * 3072,
                tile_n: 3072,
                herd_x: 8,
                rows: Some(2048),
                launches: 1,
                chunks: 1,
            }),
        },
        Fixture {
            file: "silu_mul_2d_2048x8192.mlir",
            used_by: "o_ffn sw",
            kernel: Box::new(SiluMul {
                n: 2048 * 8192,
                tile_n: 4096,
                herd_x: 8,
                rows: Some(2048),
                launches: 1,
                chunks: 1,
            }),
        },
        Fixture {
            file: "silu_mul_8960.mlir",
            used_by: "qwen25_1_5b_decode sw (intermediate 8960, tile 1120)",
            kernel: Box::new(SiluMul { n: 8960, tile_n: 1120, herd_x: 8, rows: None, launches: 1, chunks: 1 }),
        },
        Fixture {
            file: "silu_mul_8192.mlir",
            used_by: "1-D SiLU-and-mul (original o_gemv_ffn sw)",
            kernel: Box::new(SiluMul { n: 8192, tile_n: 1024, herd_x: 8, rows: None, launches: 1, chunks: 1 }),
        },
    ]
}

//! The per-kernel tolerances of mlir-air's kernel registry
//! (`programming_examples/kernel_registry/details/NAME_bf16.md`, §Tolerances & reference).

/// One kernel's element-wise tolerance: `|out − ref| ≤ atol + rtol·|ref|`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerances {
    pub name: &'static str,
    pub rtol: f64,
    pub atol: f64,
    /// The registry page it comes from.
    pub source: &'static str,
}

/// Without `--tolerances` or `--rtol`/`--atol`: PyTorch's and vLLM's bf16 default, which the
/// registry cites as "the general bf16 activation tolerance" (details/GELU_bf16.md).
pub const DEFAULT_RTOL: f64 = 1.6e-2;
pub const DEFAULT_ATOL: f64 = 1e-3;

pub const TOLERANCES: &[Tolerances] = &[
    Tolerances { name: "gemm-f32", rtol: 1.6e-2, atol: 1.5e-3, source: "details/GEMM_bf16_in_fp32_out.md" },
    Tolerances {
        name: "gemm-bf16-high",
        rtol: 1.6e-2,
        atol: 1.5e-3,
        source: "details/GEMM_bf16_in_bf16_out.md (--high-precision true)",
    },
    Tolerances {
        name: "gemm-bf16-low",
        rtol: 1.6e-2,
        atol: 4e-3,
        source: "details/GEMM_bf16_in_bf16_out.md (--high-precision false)",
    },
    Tolerances { name: "gemv", rtol: 1.6e-2, atol: 1e-3, source: "details/GEMV_bf16.md" },
    Tolerances { name: "rmsnorm", rtol: 1.6e-2, atol: 5e-2, source: "details/RMSNorm_bf16.md" },
    Tolerances { name: "layernorm", rtol: 1.6e-2, atol: 6e-2, source: "details/LayerNorm_bf16.md" },
    Tolerances { name: "flash-attention", rtol: 1.6e-2, atol: 1e-1, source: "details/FlashAttention_bf16.md" },
    Tolerances { name: "eltwise-add", rtol: 1.6e-2, atol: 5e-2, source: "details/EltwiseAdd_bf16.md" },
    Tolerances { name: "silu-mul", rtol: 1.6e-2, atol: 8e-2, source: "details/SiLU_Mul_bf16.md" },
    Tolerances { name: "rope", rtol: 1.6e-2, atol: 5e-2, source: "details/RoPE_bf16.md" },
    Tolerances { name: "gelu", rtol: 1.6e-2, atol: 5e-2, source: "details/GELU_bf16.md" },
];

/// The registry kernel named `name`.
pub fn tolerances(name: &str) -> Option<&'static Tolerances> {
    TOLERANCES.iter().find(|t| t.name == name)
}

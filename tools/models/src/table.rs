//! The models: each one's shapes (its public config, as upstream's `<model>_weights.py` reads
//! it) and upstream's own grouping of its decode and prefill layers (the builders of
//! `programming_examples/llms/<model>/`, mlir-air e972f29), in this sweep's kernel names.
//!
//! Kernel names (both phases): `r` RMSNorm, `q`/`k`/`v` the projections, `qb`/`kb`/`vb` the
//! Qwen2.5 biases, `qn`/`kn` the Qwen3 QK-norms, `rq`/`rk` RoPE, `attention`, `og` (prefill) or
//! `o` (decode) the O projection, `ra` residual add, `rm` FFN RMSNorm, `gg`/`ug` gate and up,
//! `sw` SwiGLU, `dg` down, `fa` the final add.

/// One model of the sweep.
#[derive(Clone, Debug)]
pub struct Model {
    /// The sweep's name (upstream's directory name where it has one).
    pub key: &'static str,
    /// The Hugging Face model whose config.json gives the shapes.
    pub hf_id: &'static str,
    /// Where upstream reads that config (file:line), or why the shapes are the public config's.
    pub config_source: &'static str,
    pub hidden: u64,
    pub heads: u64,
    pub kv_heads: u64,
    pub head_dim: u64,
    pub ffn: u64,
    /// Q, K and V carry biases (Qwen2.5).
    pub qkv_bias: bool,
    /// Q and K are RMS-normalised per head before RoPE (Qwen3).
    pub qk_norm: bool,
    pub prefill: Upstream,
    pub decode: Upstream,
}

/// Upstream's grouping of one phase of a layer.
#[derive(Clone, Debug)]
pub struct Upstream {
    /// The pipeline file (and lines) the calls come from.
    pub source: &'static str,
    /// The layer's calls in order: the call's name upstream and the kernels it runs. Attention
    /// is a call of its own whether the NPU (FlashAttention) or the host runs it.
    pub calls: &'static [(&'static str, &'static [&'static str])],
    /// Kernels upstream runs on the host between calls (numpy glue), not NPU calls.
    pub host: &'static [&'static str],
    /// Why this sweep's grouping differs from upstream's, where it does, and whether upstream's
    /// reason applies to this sweep's kernels.
    pub differences: &'static str,
}

impl Model {
    pub fn q_dim(&self) -> u64 {
        self.heads * self.head_dim
    }
    pub fn kv_dim(&self) -> u64 {
        self.kv_heads * self.head_dim
    }
}

const LLAMA_PREFILL: &[(&str, &[&str])] = &[
    ("rms_gemms_rope", &["r", "q", "k", "v", "rq", "rk"]),
    ("flash_attn", &["attention"]),
    ("o_ffn", &["og", "ra", "rm", "gg", "ug", "sw", "dg", "fa"]),
];
const LLAMA_DECODE: &[(&str, &[&str])] = &[
    ("rms_gemv_rope", &["r", "q", "k", "v", "rq", "rk"]),
    ("decode_attention_cpu", &["attention"]),
    ("o_gemv_ffn", &["o", "ra", "rm", "gg", "ug", "sw", "dg", "fa"]),
];
const QWEN25_DECODE: &[(&str, &[&str])] = &[
    ("rms_qkv_bias_rope_gemv", &["r", "q", "k", "v", "qb", "kb", "vb", "rq", "rk"]),
    ("decode_attention_cpu", &["attention"]),
    ("o_gemv", &["o"]),
    ("gate_gemv", &["gg"]),
    ("up_gemv", &["ug"]),
    ("down_gemv", &["dg"]),
];
const QWEN3_PREFILL: &[(&str, &[&str])] = &[
    ("rms_qkv_qknorm_rope", &["r", "q", "k", "v", "qn", "kn", "rq", "rk"]),
    ("flash_attn", &["attention"]),
    ("o_ffn_qwen", &["og", "ra", "rm", "gg", "ug", "sw", "dg", "fa"]),
];
const QWEN3_DECODE: &[(&str, &[&str])] = &[
    ("rms_qkv_qknorm_rope_gemv", &["r", "q", "k", "v", "qn", "kn", "rq", "rk"]),
    ("decode_attention_cpu", &["attention"]),
    ("o_gemv_ffn", &["o", "ra", "rm", "gg", "ug", "sw", "dg", "fa"]),
];
const QKV_BIAS_ROPE: (&str, &[&str]) = ("rms_qkv_bias_rope", &["r", "q", "k", "v", "qb", "kb", "vb", "rq", "rk"]);
/// The host glue of the decoders that run O, gate, up and down as GEMV calls of their own.
const DECODE_GLUE: &[&str] = &["ra", "rm", "sw", "fa"];

const SPLIT_DECODE: &str = "upstream runs O, gate, up and down as GEMV calls of their own with the residual adds, \
    the FFN RMSNorm and SwiGLU on the host, because its fused o_gemv_ffn cascade cannot be built at this shape \
    (see the pipeline file); that reason is the cascade kernel's and does not apply to this sweep's plain GEMVs, \
    which merge with the glue kernels in one call";
const LLAMA_DECODE_CASCADE: &str = "upstream's o_gemv_ffn is 3 cascade launches (matvec_2tile_add, \
    matvec_swiglu_rms, matvec_2tile_add) computing the same 8 kernels; this sweep uses plain GEMVs and \
    element-wise kernels, one launch each: the same call, more launches";

pub fn models() -> Vec<Model> {
    vec![
        Model {
            key: "llama32_1b",
            hf_id: "meta-llama/Llama-3.2-1B",
            config_source: "llama32_1b/llama32_1b_weights.py:39-46",
            hidden: 2048,
            heads: 32,
            kv_heads: 8,
            head_dim: 64,
            ffn: 8192,
            qkv_bias: false,
            qk_norm: false,
            prefill: Upstream {
                source: "llama32_1b/llama32_1b_prefill.py:291-485",
                calls: LLAMA_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "llama32_1b/llama32_1b_decode.py:139-294",
                calls: LLAMA_DECODE,
                host: &[],
                differences: LLAMA_DECODE_CASCADE,
            },
        },
        Model {
            key: "llama32_3b",
            hf_id: "meta-llama/Llama-3.2-3B",
            config_source: "llama32_3b/llama32_3b_weights.py:39-46",
            hidden: 3072,
            heads: 24,
            kv_heads: 8,
            head_dim: 128,
            ffn: 8192,
            qkv_bias: false,
            qk_norm: false,
            prefill: Upstream {
                source: "llama32_3b/llama32_3b_prefill.py:170-320",
                calls: LLAMA_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "llama32_3b/llama32_3b_decode.py:318-402 (o_gemv_ffn rejected at emb 3072: :9-15)",
                calls: &[
                    ("rms_gemv_rope", &["r", "q", "k", "v", "rq", "rk"]),
                    ("decode_attention_cpu", &["attention"]),
                    ("o_gemv", &["o"]),
                    ("gate_gemv", &["gg"]),
                    ("up_gemv", &["ug"]),
                    ("down_gemv", &["dg"]),
                ],
                host: DECODE_GLUE,
                differences: SPLIT_DECODE,
            },
        },
        Model {
            key: "qwen25_0_5b",
            hf_id: "Qwen/Qwen2.5-0.5B",
            config_source: "qwen25_0_5b/qwen25_0_5b_weights.py:31-41",
            hidden: 896,
            heads: 14,
            kv_heads: 2,
            head_dim: 64,
            ffn: 4864,
            qkv_bias: true,
            qk_norm: false,
            prefill: Upstream {
                source: "qwen25_0_5b/qwen25_0_5b_prefill.py:1179-1340 (down launch 0: :192-200)",
                calls: &[
                    QKV_BIAS_ROPE,
                    ("flash_attn", &["attention"]),
                    ("o_ffn_head", &["og", "ra", "rm", "gg", "ug", "sw"]),
                    ("down_add", &["dg", "fa"]),
                ],
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "qwen25_0_5b/qwen25_0_5b_decode.py:356-488 (cascade needs K % 512: :18-27)",
                calls: QWEN25_DECODE,
                host: DECODE_GLUE,
                differences: SPLIT_DECODE,
            },
        },
        Model {
            key: "qwen25_1_5b",
            hf_id: "Qwen/Qwen2.5-1.5B",
            config_source: "qwen25_1_5b/qwen25_1_5b_weights.py:31-41",
            hidden: 1536,
            heads: 12,
            kv_heads: 2,
            head_dim: 128,
            ffn: 8960,
            qkv_bias: true,
            qk_norm: false,
            prefill: Upstream {
                source: "qwen25_1_5b/qwen25_1_5b_prefill.py:1040-1218 (L2 split: :317-320; down launch 0: :184-187)",
                calls: &[
                    QKV_BIAS_ROPE,
                    ("flash_attn", &["attention"]),
                    ("o_res_norm", &["og", "ra", "rm"]),
                    ("gate_up", &["gg", "ug"]),
                    ("swiglu", &["sw"]),
                    ("down_add", &["dg", "fa"]),
                ],
                host: &[],
                differences: "upstream's o_res_norm / gate_up split is an L2 overflow of its fused-cast O scratch \
                    next to the direct-codegen gate/up GEMMs' f32 L2 staging (1x4x64x128xf32 per column, :317-320), \
                    and its swiglu is alone for its tile_n band (:426-430). The O GEMM is fused-cast here too \
                    (the registry's method and tiles); direct codegen stands in as drain GEMMs (its GEMM body comes \
                    from a transform script aircc does not run), which stage bf16, not f32, in L2: that half of \
                    the overflow is not built, and the compiler kit lowers the merged call. The down-launch-0 \
                    hazard applies as upstream states it (AS0866 cuts before dg)",
            },
            decode: Upstream {
                source: "qwen25_1_5b/qwen25_1_5b_decode.py:344-472 (cascade needs K % 512: :18-27)",
                calls: QWEN25_DECODE,
                host: DECODE_GLUE,
                differences: SPLIT_DECODE,
            },
        },
        Model {
            key: "qwen25_3b",
            hf_id: "Qwen/Qwen2.5-3B",
            config_source: "qwen25_3b/qwen25_3b_weights.py:31-41",
            hidden: 2048,
            heads: 16,
            kv_heads: 2,
            head_dim: 128,
            ffn: 11008,
            qkv_bias: true,
            qk_norm: false,
            prefill: Upstream {
                source: "qwen25_3b/qwen25_3b_prefill.py:1125-1320 (gate/up L2: :383-387; swiglu: :419-420; down launch 0: :177-179)",
                calls: &[
                    QKV_BIAS_ROPE,
                    ("flash_attn", &["attention"]),
                    ("o_res_norm", &["og", "ra", "rm"]),
                    ("gate", &["gg"]),
                    ("up", &["ug"]),
                    ("swiglu", &["sw"]),
                    ("down_add", &["dg", "fa"]),
                ],
                host: &[],
                differences: "upstream's gate, up and swiglu are alone because each direct-codegen GEMM stages its \
                    full f32 output in L2 (:383-387) and \"even Up+SwiGLU overflow\" (:419-420); direct codegen \
                    stands in as drain GEMMs here (bf16 L2 staging; its body comes from a transform script aircc \
                    does not run), O is fused-cast as upstream's, and the compiler kit lowers the merged call. The \
                    down-launch-0 hazard applies (AS0866)",
            },
            decode: Upstream {
                source: "qwen25_3b/qwen25_3b_decode.py:392-524",
                calls: QWEN25_DECODE,
                host: DECODE_GLUE,
                differences: "upstream runs O, gate, up and down as GEMV calls of their own with the glue on the host (its \
                    cascade cannot be built at this shape); this sweep's plain GEMVs merge with the glue, except the \
                    down GEMV: at K = 11008 it is built without ping-pong (its L1 buffers doubled would not fit), and \
                    AS0862 keeps that option from spreading, so dg and fa are calls of their own (upstream: \
                    down_gemv alone with omit_pingpong, the final add on the host)",
            },
        },
        Model {
            key: "qwen3_0_6b",
            hf_id: "Qwen/Qwen3-0.6B",
            config_source: "qwen3_0_6b/qwen3_0_6b_weights.py:33-42",
            hidden: 1024,
            heads: 16,
            kv_heads: 8,
            head_dim: 128,
            ffn: 3072,
            qkv_bias: false,
            qk_norm: true,
            prefill: Upstream {
                source: "qwen3_0_6b/qwen3_0_6b_prefill.py:668-777",
                calls: QWEN3_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "qwen3_0_6b/qwen3_0_6b_decode.py:322-440",
                calls: QWEN3_DECODE,
                host: &[],
                differences: LLAMA_DECODE_CASCADE,
            },
        },
        Model {
            key: "qwen3_1_7b",
            hf_id: "Qwen/Qwen3-1.7B",
            config_source: "qwen3_1_7b/qwen3_1_7b_weights.py:33-42",
            hidden: 2048,
            heads: 16,
            kv_heads: 8,
            head_dim: 128,
            ffn: 6144,
            qkv_bias: false,
            qk_norm: true,
            prefill: Upstream {
                source: "qwen3_1_7b/qwen3_1_7b_prefill.py:561-773",
                calls: QWEN3_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "qwen3_1_7b/qwen3_1_7b_decode.py:353-419",
                calls: QWEN3_DECODE,
                host: &[],
                differences: LLAMA_DECODE_CASCADE,
            },
        },
        Model {
            key: "qwen3_4b",
            hf_id: "Qwen/Qwen3-4B",
            config_source: "qwen3_4b/qwen3_4b_weights.py:34-43",
            hidden: 2560,
            heads: 32,
            kv_heads: 8,
            head_dim: 128,
            ffn: 9728,
            qkv_bias: false,
            qk_norm: true,
            prefill: Upstream {
                source: "qwen3_4b/qwen3_4b_prefill.py:1092-1300 (o_ffn exhausts L1/BDs: :41-42; down launch 0: :49)",
                calls: &[
                    ("rms_qkv_qknorm_rope", &["r", "q", "k", "v", "qn", "kn", "rq", "rk"]),
                    ("flash_attn", &["attention"]),
                    ("o_res_norm", &["og", "ra", "rm"]),
                    ("gate", &["gg"]),
                    ("up", &["ug"]),
                    ("swiglu", &["sw"]),
                    ("down_add", &["dg", "fa"]),
                ],
                host: &[],
                differences: "upstream states the merged o_ffn \"exhausts the merged ELF L1/BD budget\" at hidden \
                    9728 (:41-42) with its fused-cast GEMMs (2 launches and an f32 scratch each, gate/up at \
                    tile_k_l2 64). Built here with the same methods and tiles (the registry's), the merged o_ffn \
                    passes the pinned compiler through L1 buffer and BD assignment (the compiler kit: 12 launches, \
                    one call); what the kit cannot run is core compilation (peano), so a failure there is not \
                    seen and the cut is not made. The down-launch-0 hazard does not apply: K = 9728 is a multiple \
                    of 512",
            },
            decode: Upstream {
                source: "qwen3_4b/qwen3_4b_decode.py:391-500 (cascade needs 5 core rows: the model directory's architecture notes, lines 74-77)",
                calls: &[
                    ("rms_qkv_qknorm_rope_gemv", &["r", "q", "k", "v", "qn", "kn", "rq", "rk"]),
                    ("decode_attention_cpu", &["attention"]),
                    ("o_gemv", &["o"]),
                    ("gate_gemv", &["gg"]),
                    ("up_gemv", &["ug"]),
                    ("down_gemv", &["dg"]),
                ],
                host: DECODE_GLUE,
                differences: SPLIT_DECODE,
            },
        },
        Model {
            key: "smollm2_1_7b",
            hf_id: "HuggingFaceTB/SmolLM2-1.7B",
            config_source: "smollm2_1_7b/smollm2_1_7b_weights.py:39-46",
            hidden: 2048,
            heads: 32,
            kv_heads: 32,
            head_dim: 64,
            ffn: 8192,
            qkv_bias: false,
            qk_norm: false,
            prefill: Upstream {
                source: "smollm2_1_7b/smollm2_1_7b_inference.py:44-54 (llama32_1b's builders)",
                calls: LLAMA_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "smollm2_1_7b/smollm2_1_7b_inference.py:44-54 (llama32_1b's decode builders)",
                calls: LLAMA_DECODE,
                host: &[],
                differences: LLAMA_DECODE_CASCADE,
            },
        },
        Model {
            key: "llama31_8b",
            hf_id: "meta-llama/Llama-3.1-8B",
            config_source: "llama31_8b_q4nx/README.md:31-35 (bf16 shapes of the public config)",
            hidden: 4096,
            heads: 32,
            kv_heads: 8,
            head_dim: 128,
            ffn: 14336,
            qkv_bias: false,
            qk_norm: false,
            prefill: Upstream {
                source: "llama31_8b_q4nx/llama31_8b_q4nx_prefill.py:6-13 (host-dequantised bf16 through llama32_3b's builders)",
                calls: LLAMA_PREFILL,
                host: &[],
                differences: "",
            },
            decode: Upstream {
                source: "none in bf16: upstream's decode is a fused Q4NX kernel (llama31_8b_q4nx/README.md:65-66)",
                calls: &[],
                host: &[],
                differences: "",
            },
        },
        Model {
            key: "qwen25_7b",
            hf_id: "Qwen/Qwen2.5-7B",
            config_source: "qwen25_7b_q4nx/README.md:57-63 (bf16 shapes of the public config)",
            hidden: 3584,
            heads: 28,
            kv_heads: 4,
            head_dim: 128,
            ffn: 18944,
            qkv_bias: true,
            qk_norm: false,
            prefill: Upstream {
                source: "qwen25_7b_q4nx/qwen25_7b_q4nx_prefill.py:97,126-135 (qwen25_3b's builders)",
                calls: &[
                    QKV_BIAS_ROPE,
                    ("flash_attn", &["attention"]),
                    ("o_res_norm", &["og", "ra", "rm"]),
                    ("gate", &["gg"]),
                    ("up", &["ug"]),
                    ("swiglu", &["sw"]),
                    ("down_add", &["dg", "fa"]),
                ],
                host: &[],
                differences: "the SwiGLU at FFN 18944 is split into 2 row chunks, one launch each, as upstream's swiglu_plan \
                    splits it (\"SwiGLU has to be split\", qwen25_7b_q4nx/README.md:175-180); in one call with the rest of \
                    the FFN rather than dispatched once per chunk (unchunked it needs 24 shim BDs of 16: AS0410, and \
                    the compiler agrees). Upstream's gate/up/swiglu splits are qwen25_3b's builders', \
                    made for direct-codegen GEMMs staging f32 in L2; the registry's method at this shape is \
                    fused-cast (tile_k_l2 64), built here, and the compiler kit lowers the merged call. Upstream keeps down_add (dg at launch 0) because it \
                    reuses qwen25_3b's builders; K = 18944 is a multiple of 512 (not of 1024), outside the bound \
                    upstream measured the NaN at (qwen25_1_5b_prefill.py:184-187: \"NON-512-aligned\"), so AS0866 \
                    does not cut there",
            },
            decode: Upstream {
                source: "none in bf16: upstream's decode is a fused Q4NX kernel (qwen25_7b_q4nx/README.md)",
                calls: &[],
                host: &[],
                differences: "",
            },
        },
    ]
}

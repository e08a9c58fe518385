//! A model's decode and prefill layers from kernelgen's kernels, at the model's shapes.
//!
//! Stand-ins (kernelgen has one kernel per job; upstream's builders have several methods):
//! - every prefill GEMM takes the method and tiles of upstream's kernel registry
//!   ([`crate::registry`]): fused-cast and drain as upstream builds them; a direct-codegen shape
//!   (Qwen2.5's gate/up, the registry's `low` tier only) is a drain GEMM at tile_m 32 with the
//!   registry's other tiles (direct codegen's GEMM body comes from a transform script that aircc
//!   does not run); a shape the registry lacks takes [`gemm`]'s rule;
//! - the Qwen2.5 prefill biases are upstream's bias herd (`bias-add`, the bias a `[N]` vector);
//!   where the registry's tile_n is 32 (Qwen2.5-0.5B), N is padded as upstream pads it
//!   ([`padded_n`]) and the adds after it read the real columns (`bias-add --in-cols`,
//!   `padded-add`);
//! - decode runs every kernel on the NPU, glue included (upstream's split decoders keep the
//!   residual adds, FFN RMSNorm and SwiGLU on the host), as plain GEMVs (upstream's small
//!   decoders use a 3-launch cascade for O and the FFN).

use crate::layer::{memref, Layer, LayerFiles};
use crate::registry::Method;
use crate::table::Model;
use air_kernelgen::kernels::add::Add;
use air_kernelgen::kernels::gemm::{Gemm, GemmForm, GemmMethod};
use air_kernelgen::kernels::gemv::Gemv;
use air_kernelgen::kernels::rmsnorm::RmsNorm;
use air_kernelgen::kernels::rope::Rope;
use air_kernelgen::kernels::row_add::{BiasAdd, PaddedAdd};
use air_kernelgen::kernels::silu_mul::SiluMul;
use air_kernelgen::{GenError, Kernel};

/// Upstream's prefill length (`seq_len = 2048` in every `build_session`).
pub const SEQ: u64 = 2048;

/// Tiles of a drain GEMM: tile_m 32 on 8 herd rows (M = 2048); the widest (tile_n, herd_n) of
/// (128, 4), (64, 4), (64, 2) that divides N (upstream pads N = 896 and 128 to 1024 instead);
/// the largest tile_k_l2 of 256, 128, 64 dividing K whose B-tile step `tile_k_l2 * N` bf16
/// elements stays within the shim BD's 2^20 four-byte granules (check-bd AS0415; upstream's
/// registry moves its gate/up GEMMs to tile_k_l2 128 or 64 for the same limit,
/// GEMM_bf16_in_bf16_out.json "DMA stride ... exceeds the [1:1048576] aie.dma_bd range").
pub fn gemm(m: u64, k: u64, n: u64) -> Gemm {
    let tile_k_l2 = [256, 128, 64].into_iter().find(|t| k.is_multiple_of(*t) && t * n / 2 <= 1 << 20).unwrap_or(64);
    let (tile_n, herd_n) =
        [(128, 4), (64, 4), (64, 2)].into_iter().find(|(t, h)| n.is_multiple_of(t * h)).unwrap_or((64, 2));
    Gemm {
        m,
        k,
        n,
        tile_m: 32,
        tile_k_l2,
        tile_k_l1: 32,
        tile_n,
        herd_m: 8,
        herd_n,
        suffix: "_m32".to_string(),
        launches: 1,
        form: GemmForm::Dma,
        method: GemmMethod::Drain,
        cast_tile_n: 2048,
    }
}

/// A prefill GEMM as upstream's registry builds it (`None`: a shape it lacks, by [`gemm`]'s
/// rule), and whether it is fused-cast (4 arguments: A, B, the f32 C scratch, the output).
pub fn prefill_gemm(m: u64, k: u64, n: u64) -> (Gemm, bool) {
    let Some((method, [tile_m, tile_k_l2, tile_k_l1, tile_n])) = crate::registry::lookup(k, n) else {
        return (gemm(m, k, n), false);
    };
    let (tile_m, suffix, method) = match method {
        Method::FusedCast => (tile_m, "_m64", GemmMethod::FusedCast),
        Method::Drain | Method::Direct => (32, "_m32", GemmMethod::Drain),
    };
    let kernel =
        Gemm { tile_m, tile_k_l2, tile_k_l1, tile_n, herd_n: 4, suffix: suffix.to_string(), method, ..gemm(m, k, n) };
    (kernel, method == GemmMethod::FusedCast)
}

/// The width upstream pads a GEMM's N to, if it pads it: where the registry's tile_n is 32,
/// which upstream measured numerically broken (mean_rel_L1 ~0.2) and pads past to take tile_n
/// 128 on 4 herd columns (`_padded_qkv_dims`, `_padded_n_for_down`,
/// llms/qwen25_0_5b/qwen25_0_5b_prefill.py:144-155, 580-587): N rounded up to a multiple of 1024
/// ("1024-aligned").
pub fn padded_n(k: u64, n: u64) -> Option<u64> {
    let (_, [_, _, _, tile_n]) = crate::registry::lookup(k, n)?;
    (tile_n == 32).then(|| n.div_ceil(1024) * 1024)
}

/// L1 of a core: 64 KiB less a 1 KiB stack (mlir-aie AIEAssignBuffers.cpp, check-bd AS0404).
const L1_FREE: u64 = 65536 - 1024;

/// A GEMV's tiles and whether it must be built without ping-pong. tile_m: the largest of
/// 8, 4, 2, 1 whose herd of A rows stays under mlir-air's L2 share (`tile_m * K < 32768`;
/// upstream qwen3_4b_decode.py:108-112 takes tile_m 4 at exactly 32768). m_input: the largest
/// divisor of tile_m up to 4 whose L1 buffers (m_input rows of A, the vector, the outputs) fit,
/// doubled when ping-pong has a loop of more than one iteration to double them over; failing
/// that, ping-pong off (upstream's standalone down GEMVs: backend_presets.py:52-59).
pub fn gemv(m: u64, k: u64) -> Result<(Gemv, bool), GenError> {
    let tile_m = [8, 4, 2, 1].into_iter().find(|t| t * k < 32768 && m.is_multiple_of(t * 8)).unwrap_or(1);
    let l1 = |m_input: u64| 2 * (m_input * k + k + tile_m);
    let inputs = || (1..=tile_m.min(4)).rev().filter(|i| tile_m.is_multiple_of(*i));
    let with_ping_pong = inputs().find(|i| if tile_m / i > 1 { 2 * l1(*i) } else { l1(*i) } <= L1_FREE);
    let (m_input, omit) = match with_ping_pong {
        Some(i) => (i, false),
        None => match inputs().find(|i| l1(*i) <= L1_FREE) {
            Some(i) => (i, true),
            None => {
                return Err(GenError::new(format!(
                    "no GEMV of kernelgen fits L1 at K = {k}: one row of A and the vector need {} B of {L1_FREE} \
                     (a K-split GEMV would; kernelgen has none)",
                    l1(1)
                )))
            }
        },
    };
    Ok((Gemv { m, k, tile_m, m_input, herd_m: 8, link_with: "mv.o".to_string(), launches: 1 }, omit))
}

/// The largest `t <= cap`, a multiple of 16, with `n` a multiple of `8 t` (8 herd columns).
fn tile(n: u64, cap: u64) -> u64 {
    (1..=cap / 16).rev().map(|i| i * 16).find(|t| n.is_multiple_of(t * 8)).unwrap_or(16)
}

/// The prefill SwiGLU over `rows` x `f`, split into as few row chunks (one launch each) as fit
/// the shim's buffer descriptors. Upstream halves the rows while a launch would need more than
/// 688 transfer iterations, the largest count it had seen place (`swiglu_plan`,
/// llms/qwen25_3b/qwen25_3b_prefill.py: 2 chunks for Qwen2.5-7B, 1 for every other model).
/// 688 is an observation, not the limit (the compiler places 896, llama31_8b's): the test here is
/// check-bd's shim-BD rule (AS0410), which the differential test holds to the compiler.
fn swiglu_prefill(rows: u64, f: u64) -> Result<SiluMul, GenError> {
    let tile_n = tile(rows * f, 5120);
    let mut chunks = 1;
    loop {
        let silu = SiluMul { n: rows * f, tile_n, herd_x: 8, rows: Some(rows), launches: 1, chunks };
        let text = silu.build()?;
        let parse = air_syntax::parse(&text);
        let report = air_checkbd::check(&parse, air_diagnostics::FileId(0), &air_checkbd::CheckOptions::default());
        let fits = !report.diagnostics.iter().any(|d| d.code == air_checkbd::rules::SHIM_BDS_PER_TILE.code);
        if fits || !(rows / chunks).is_multiple_of(2) {
            return Ok(silu);
        }
        chunks *= 2;
    }
}

/// The largest divisor of `n` up to 8 (a herd row).
fn herd_for(n: u64) -> u64 {
    (1..=8).rev().find(|h| n.is_multiple_of(*h)).unwrap_or(1)
}

fn add_2d(rows: u64, cols: u64, out_1d: bool) -> Add {
    Add { n: rows * cols, tile_n: None, herd_x: 8, vector_size: 16, rows: Some(rows), out_1d, bare: false, launches: 1 }
}

fn add_1d(n: u64) -> Add {
    Add {
        n,
        tile_n: Some(tile(n, 256)),
        herd_x: 8,
        vector_size: 16,
        rows: None,
        out_1d: false,
        bare: false,
        launches: 1,
    }
}

fn rmsnorm(m: u64, n: u64) -> RmsNorm {
    RmsNorm { m, n, herd_x: herd_for(m), vector_size: 16, decode: false }
}

fn dims(shape: &[u64]) -> String {
    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
}

/// The comment at the top of a layer file: the model, its shapes and where they come from.
fn header(model: &Model, phase: &str, upstream: &str) -> String {
    format!(
        "One {id} transformer block at {phase}, written by tools/models (docs/models.md).\n\
         Shapes: {id} ({config}): hidden {h}, {heads} heads and {kv} KV heads of {hd}, FFN {f}{bias}{norm}.\n\
         Upstream's grouping: {upstream}. Kernels from kernelgen; stand-ins in tools/models/src/recipes.rs.",
        id = model.hf_id,
        config = model.config_source,
        h = model.hidden,
        heads = model.heads,
        kv = model.kv_heads,
        hd = model.head_dim,
        f = model.ffn,
        bias = if model.qkv_bias { ", Q/K/V biases" } else { "" },
        norm = if model.qk_norm { ", QK-norm" } else { "" },
    )
}

const WEIGHTS: &[&str] = &[
    "norm_w",
    "wq",
    "wk",
    "wv",
    "bq",
    "bk",
    "bv",
    "q_norm_w",
    "k_norm_w",
    "wo",
    "ffn_norm_w",
    "w_gate",
    "w_up",
    "w_down",
];

/// The prefill layer (2048 tokens).
pub fn prefill(model: &Model) -> Result<LayerFiles, GenError> {
    let (s, h, hd) = (SEQ, model.hidden, model.head_dim);
    let (qd, kvd) = (model.q_dim(), model.kv_dim());
    let header = header(model, &format!("prefill shapes ({s} tokens)"), model.prefill.source);
    let mut l = Layer::new(format!("{}_prefill", model.key), header, "{ output_format = \"elf\" }");
    l.kinds("weight", WEIGHTS);
    // RoPE tables are fixed for a prompt length: static, as upstream's static indices hold them.
    l.kinds("weight", &["lut_q", "lut_k"]);
    l.kinds("activation", &["x_in"]);
    l.kernel("r", format!("rmsnorm_{}.mlir", dims(&[s, h])), &rmsnorm(s, h), &["x_in", "norm_w", "normed"])?;
    // Q, K and V padded to one width (upstream: so their GEMMs share externs), only where the
    // bias add that follows reads the real columns back out.
    let qkv_pad = [qd, kvd].iter().any(|&n| padded_n(h, n).is_some()).then(|| qd.max(kvd).div_ceil(1024) * 1024);
    let qkv_pad = qkv_pad.filter(|_| model.qkv_bias);
    let raw = |out: &str| if qkv_pad.is_some() { format!("{out}_pad") } else { out.to_string() };
    for (name, weight, out, n) in [("q", "wq", "q", qd), ("k", "wk", "k", kvd), ("v", "wv", "v", kvd)] {
        gemm_kernel(&mut l, name, [s, h, n], qkv_pad, ["normed", weight, &raw(out)])?;
    }
    let (mut q, mut k, mut v) = ("q", "k", "v");
    if model.qkv_bias {
        for (name, x, bias, out, n) in
            [("qb", q, "bq", "q_b", qd), ("kb", k, "bk", "k_b", kvd), ("vb", v, "bv", "v_b", kvd)]
        {
            let bias_add = BiasAdd { rows: s, cols: n, in_cols: qkv_pad, herd_x: 8 };
            let from = qkv_pad.map(|w| format!("_from{w}")).unwrap_or_default();
            l.kernel(name, format!("bias_add_{}{from}.mlir", dims(&[s, n])), &bias_add, &[&raw(x), bias, out])?;
        }
        (q, k, v) = ("q_b", "k_b", "v_b");
    }
    if model.qk_norm {
        for (name, x, heads, w) in [("qn", q, model.heads, "q_norm_w"), ("kn", k, model.kv_heads, "k_norm_w")] {
            let view = format!("heads_{x}");
            l.view(&view, x, &[s * heads, hd])?;
            let out = format!("{x}_normed");
            l.kernel(
                name,
                format!("rmsnorm_{}.mlir", dims(&[s * heads, hd])),
                &rmsnorm(s * heads, hd),
                &[&view, w, &out],
            )?;
        }
        for (name, x, lut, out, heads) in [
            ("rq", "q_normed", "lut_q", "q_roped", model.heads),
            ("rk", "k_normed", "lut_k", "k_roped", model.kv_heads),
        ] {
            let rope = Rope { rows: s * heads, cols: hd, embed_dim: hd, herd_x: 8, decode: false, bare: false };
            l.kernel(name, format!("rope_{}_hd{hd}.mlir", dims(&[s * heads, hd])), &rope, &[x, lut, out])?;
        }
    } else {
        for (name, x, lut, out, n) in [("rq", q, "lut_q", "q_roped", qd), ("rk", k, "lut_k", "k_roped", kvd)] {
            let rope = Rope { rows: s, cols: n, embed_dim: hd, herd_x: 8, decode: false, bare: false };
            l.kernel(name, format!("rope_{}_hd{hd}.mlir", dims(&[s, n])), &rope, &[x, lut, out])?;
        }
    }
    l.buffer("attn_out", memref(&[s, qd]))?;
    l.external(
        "attention",
        &["q_roped", "k_roped", v],
        &["attn_out"],
        "FlashAttention: its own XRT call upstream (\"FlashAttention channels block multi-launch merging\", llama32_1b/docs/explain.md:362-368)",
    );
    ffn_prefill(&mut l, model)?;
    Ok(l.finish())
}

fn ffn_prefill(l: &mut Layer, model: &Model) -> Result<(), GenError> {
    let (s, h, f) = (SEQ, model.hidden, model.ffn);
    let o_pad = padded_n(model.q_dim(), h);
    gemm_kernel(l, "og", [s, model.q_dim(), h], o_pad, ["attn_out", "wo", "proj"])?;
    residual_add(l, "ra", [s, h], o_pad, false, ["proj", "x_in", "res1"])?;
    l.kernel("rm", format!("rmsnorm_{}.mlir", dims(&[s, h])), &rmsnorm(s, h), &["res1", "ffn_norm_w", "normed2"])?;
    for (name, w, out) in [("gg", "w_gate", "gate"), ("ug", "w_up", "up")] {
        gemm_kernel(l, name, [s, h, f], None, ["normed2", w, out])?;
    }
    let silu = swiglu_prefill(s, f)?;
    l.kernel("sw", format!("silu_mul_2d_{}.mlir", dims(&[s, f])), &silu, &["gate", "up", "swiglu"])?;
    let down_pad = padded_n(f, h);
    gemm_kernel(l, "dg", [s, f, h], down_pad, ["swiglu", "w_down", "down"])?;
    residual_add(l, "fa", [s, h], down_pad, true, ["down", "res1", "output"])?;
    Ok(())
}

/// A prefill GEMM `out = a . w` ([`prefill_gemm`]), its host transfers tiled [2, 2]; a
/// fused-cast one writes its f32 C scratch `<out>_f32` (one per GEMM, as upstream's builders
/// allocate them) before `out`. With `pad`, N is that width and tile_n 128 ([`padded_n`]).
fn gemm_kernel(
    l: &mut Layer,
    name: &str,
    [m, k, n]: [u64; 3],
    pad: Option<u64>,
    [a, w, out]: [&str; 3],
) -> Result<(), GenError> {
    let (mut kernel, fused_cast) = prefill_gemm(m, k, n);
    if let Some(width) = pad {
        (kernel.n, kernel.tile_n) = (width, 128);
    }
    let shape = dims(&[m, k, kernel.n]);
    if fused_cast {
        let scratch = format!("{out}_f32");
        l.kernel(name, format!("gemm_fc_{shape}.mlir"), &kernel, &[a, w, &scratch, out])?;
    } else {
        l.kernel(name, format!("gemm_{shape}.mlir"), &kernel, &[a, w, out])?;
    }
    l.shim_tiles();
    Ok(())
}

/// `out = x + res` over `rows x cols`, 2-D out, or 1-D (`out_1d`: the layer's last add); with
/// `pad`, `x` is that wide (a padded GEMM output) and only its first `cols` are read.
fn residual_add(
    l: &mut Layer,
    name: &str,
    [rows, cols]: [u64; 2],
    pad: Option<u64>,
    out_1d: bool,
    args: [&str; 3],
) -> Result<(), GenError> {
    let suffix = if out_1d { "_out_1d" } else { "" };
    match pad {
        Some(in_cols) => {
            let add = PaddedAdd { rows, cols, in_cols, out_1d };
            l.kernel(name, format!("padded_add_{}_from{in_cols}{suffix}.mlir", dims(&[rows, cols])), &add, &args)
        }
        None => {
            l.kernel(name, format!("add_2d_{}{suffix}.mlir", dims(&[rows, cols])), &add_2d(rows, cols, out_1d), &args)
        }
    }
}

/// The decode layer (one token).
pub fn decode(model: &Model) -> Result<LayerFiles, GenError> {
    let (h, f, hd) = (model.hidden, model.ffn, model.head_dim);
    let (qd, kvd) = (model.q_dim(), model.kv_dim());
    let header = header(model, "decode shapes (one token)", model.decode.source);
    let backend = "{ output_format = \"elf\", air_runtime_loop_tiling_sizes = [16, 16] }";
    let mut l = Layer::new(format!("{}_decode", model.key), header, backend);
    l.kinds("weight", WEIGHTS);
    // The RoPE rows of the token's position change every call (qwen25_0_5b_decode.py:315-316).
    l.kinds("activation", &["x_in", "lut_q", "lut_k"]);
    let norm = RmsNorm { m: 1, n: h, herd_x: 1, vector_size: 16, decode: true };
    l.kernel("r", format!("rmsnorm_1d_{h}.mlir"), &norm, &["x_in", "norm_w", "normed"])?;
    for (name, weight, out, m) in [("q", "wq", "q", qd), ("k", "wk", "k", kvd), ("v", "wv", "v", kvd)] {
        gemv_kernel(&mut l, name, m, h, &[weight, "normed", out])?;
    }
    let (mut q, mut k, mut v) = ("q", "k", "v");
    if model.qkv_bias {
        for (name, x, bias, out, n) in
            [("qb", q, "bq", "q_b", qd), ("kb", k, "bk", "k_b", kvd), ("vb", v, "bv", "v_b", kvd)]
        {
            l.kernel(name, format!("add_{n}.mlir"), &add_1d(n), &[x, bias, out])?;
        }
        (q, k, v) = ("q_b", "k_b", "v_b");
    }
    if model.qk_norm {
        for (name, x, heads, w) in [("qn", q, model.heads, "q_norm_w"), ("kn", k, model.kv_heads, "k_norm_w")] {
            let view = format!("heads_{x}");
            l.view(&view, x, &[heads, hd])?;
            let out = format!("{x}_normed");
            l.kernel(name, format!("rmsnorm_{}.mlir", dims(&[heads, hd])), &rmsnorm(heads, hd), &[&view, w, &out])?;
            let flat = format!("{out}_flat");
            l.view(&flat, &out, &[heads * hd])?;
        }
        (q, k) = ("q_normed_flat", "k_normed_flat");
    }
    for (name, x, lut, out, n) in [("rq", q, "lut_q", "q_roped", qd), ("rk", k, "lut_k", "k_roped", kvd)] {
        let rope = Rope { rows: 1, cols: n, embed_dim: hd, herd_x: 1, decode: true, bare: false };
        l.kernel(name, format!("rope_1d_{n}_hd{hd}.mlir"), &rope, &[x, lut, out])?;
    }
    l.buffer("attn_out", memref(&[qd]))?;
    l.external(
        "attention",
        &["q_roped", "k_roped", v],
        &["attn_out"],
        "Decode attention against the KV cache: on the host upstream, its own call",
    );
    gemv_kernel(&mut l, "o", h, qd, &["wo", "attn_out", "o"])?;
    l.kernel("ra", format!("add_{h}.mlir"), &add_1d(h), &["o", "x_in", "res1"])?;
    l.kernel("rm", format!("rmsnorm_1d_{h}.mlir"), &norm, &["res1", "ffn_norm_w", "normed2"])?;
    gemv_kernel(&mut l, "gg", f, h, &["w_gate", "normed2", "gate"])?;
    gemv_kernel(&mut l, "ug", f, h, &["w_up", "normed2", "up"])?;
    let silu = SiluMul { n: f, tile_n: tile(f, 1024), herd_x: 8, rows: None, launches: 1, chunks: 1 };
    l.kernel("sw", format!("silu_mul_{f}.mlir"), &silu, &["gate", "up", "swiglu"])?;
    gemv_kernel(&mut l, "dg", h, f, &["w_down", "swiglu", "down"])?;
    l.kernel("fa", format!("add_{h}.mlir"), &add_1d(h), &["down", "res1", "output"])?;
    Ok(l.finish())
}

fn gemv_kernel(l: &mut Layer, name: &str, m: u64, k: u64, args: &[&str]) -> Result<(), GenError> {
    let (spec, omit) = gemv(m, k)?;
    let file = format!("gemv_{m}x{k}_t{}_{}.mlir", spec.tile_m, spec.m_input);
    l.kernel(name, file, &spec, args)?;
    if omit {
        l.backend(
            "{ omit_ping_pong_transform = \"all\" }",
            "ping-pong would double this GEMV's L1 buffers past 64 KiB: built without it, as upstream's down GEMVs (shared/infra/backend_presets.py:52-59)",
        );
    }
    Ok(())
}

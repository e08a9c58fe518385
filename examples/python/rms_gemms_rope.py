"""RMSNorm + Q/K/V GEMMs + RoPE on Q and K in one 6-launch module, built from the shipped
kernels (testdata/kernels) the way mlir-air's ``rms_gemms_rope_multi.py`` calls ``stitch_elf``:
the same 13-argument signature, ``alloc_gemm_scratch`` for the GEMMs' scratch arguments, the
same ``arg_map`` and ``extern_syms`` shapes. The only change from upstream is the import, and
``stitch_text`` (the merged text, no mlir-air needed) where upstream calls ``stitch_elf``.

    python examples/python/rms_gemms_rope.py -o rms_gemms_rope.mlir [--check]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Dict, Optional, Set

from air_stitch import FuncArg, KernelSlice, alloc_gemm_scratch, check_bd, roles, stitch_text

KERNELS = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "kernels"


def _kernel(name: str) -> str:
    return (KERNELS / f"{name}.mlir").read_text(encoding="utf-8")


# The runtime loop tiling upstream compiles these GEMMs with (llama32_1b_prefill.py: "The
# external GEMM herds need BD-ID-recycling tiling [2,2]"), on their launches only: an
# air-stitch extension of KernelSlice, so no global aircc flag is needed (docs/merge.md).
GEMM_TILING = [2, 2]


def build_rms_gemms_rope(seq_len: int = 2048, emb_dim: int = 2048, kv_dim: int = 512) -> str:
    """The merged module's text (upstream's build_rms_gemms_rope_module at llama-3.2-1B's
    prefill shapes)."""
    q_total, k_total = seq_len * emb_dim, seq_len * kv_dim
    # The shipped GEMMs are drain GEMMs (bf16 out, no f32 scratch) with `_m32` symbols.
    q_spec = {"needs_f32_scratch": False, "sym_suffix": "_m32"}
    k_spec = v_spec = q_spec
    scratch_args, scratch_for = alloc_gemm_scratch(
        [(q_spec, seq_len, emb_dim), (k_spec, seq_len, kv_dim), (v_spec, seq_len, kv_dim)],
        base_arg_count=13,
    )

    def _gemm_arg_map(in_idx: int, w_idx: int, out_idx: int, sc: Optional[int]) -> Dict[int, int]:
        if sc is not None:  # fused-cast: {0:in, 1:w, 2:Cf32-scratch, 3:bf16-out}
            return {0: in_idx, 1: w_idx, 2: sc, 3: out_idx}
        return {0: in_idx, 1: w_idx, 2: out_idx}

    def _gemm_externs(spec: Dict[str, object]) -> Set[str]:
        sfx = str(spec["sym_suffix"])
        return {"@op_has_no_registered_library_name" + sfx, "@zero_f32_mn" + sfx, "@f32_to_bf16_mn" + sfx}

    base_args = [
        FuncArg("%arg0", f"memref<{seq_len}x{emb_dim}xbf16>", kind="activation"),
        FuncArg("%arg1", f"memref<{emb_dim}xbf16>", kind="weight"),
        FuncArg("%arg2", f"memref<{seq_len}x{emb_dim}xbf16>"),
        FuncArg("%arg3", f"memref<{emb_dim}x{emb_dim}xbf16>", kind="weight"),
        FuncArg("%arg4", f"memref<{seq_len}x{emb_dim}xbf16>"),
        FuncArg("%arg5", f"memref<{emb_dim}x{kv_dim}xbf16>", kind="weight"),
        FuncArg("%arg6", f"memref<{seq_len}x{kv_dim}xbf16>"),
        FuncArg("%arg7", f"memref<{emb_dim}x{kv_dim}xbf16>", kind="weight"),
        FuncArg("%arg8", f"memref<{seq_len}x{kv_dim}xbf16>"),
        FuncArg("%arg9", f"memref<{q_total}xbf16>", kind="weight"),
        FuncArg("%arg10", f"memref<{k_total}xbf16>", kind="weight"),
        FuncArg("%arg11", f"memref<{seq_len}x{emb_dim}xbf16>"),
        FuncArg("%arg12", f"memref<{seq_len}x{kv_dim}xbf16>"),
    ]
    slices = [
        # Upstream lists @zero_vectorized_bf16 and @matmul_bf16 too; this RMSNorm and these
        # GEMMs do not declare them, so air-stitch warns (AirStitchWarning) and goes on.
        KernelSlice(_kernel("rmsnorm_2048x2048"), "r", {0: 0, 1: 1, 2: 2}, extern_syms={"@zero_vectorized_bf16"}),
        KernelSlice(
            _kernel("gemm_2048x2048x2048"),
            "q",
            _gemm_arg_map(2, 3, 4, scratch_for[0]),
            extern_syms={"@matmul_bf16"} | _gemm_externs(q_spec),
            shim_dma_tile_sizes=GEMM_TILING,
        ),
        KernelSlice(
            _kernel("gemm_2048x2048x512"),
            "k",
            _gemm_arg_map(2, 5, 6, scratch_for[1]),
            extern_syms={"@matmul_bf16"} | _gemm_externs(k_spec),
            shim_dma_tile_sizes=GEMM_TILING,
        ),
        KernelSlice(
            _kernel("gemm_2048x2048x512"),
            "v",
            _gemm_arg_map(2, 7, 8, scratch_for[2]),
            extern_syms={"@matmul_bf16"} | _gemm_externs(v_spec),
            shim_dma_tile_sizes=GEMM_TILING,
        ),
        KernelSlice(_kernel("rope_2048x2048"), "rq", {0: 4, 1: 9, 2: 11}, extern_syms={"@rope"}),
        KernelSlice(_kernel("rope_2048x512"), "rk", {0: 6, 1: 10, 2: 12}, extern_syms={"@rope"}),
    ]
    return stitch_text("rms_gemms_rope", base_args, slices, scratch_args=scratch_args)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-o", "--output", type=pathlib.Path, help="write the merged module here")
    parser.add_argument("--check", action="store_true", help="also run check-bd and roles on it")
    args = parser.parse_args(argv)
    text = build_rms_gemms_rope()
    print(f"rms_gemms_rope: {text.count('air.launch')} launches, {len(text.splitlines())} lines")
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    if args.check:
        # The GEMM launches carry their tiling (untiled, launch #2 needs 32 shim BDs): no flag.
        report = check_bd(text, "npu2", name="rms_gemms_rope.mlir")
        print(report["summary"]["line"])
        print("load_and_run:", roles(text, "rms_gemms_rope.mlir")["load_and_run"])
        return 1 if report["summary"]["errors"] else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

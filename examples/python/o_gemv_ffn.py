"""The decode FFN block in one 3-launch module behind a 15-argument ABI, built from the shipped
kernels (testdata/kernels) the way mlir-air's ``o_gemv_ffn_multi.py`` calls ``stitch_elf``: a
prelude that views row 0 of the packed buffer ``%arg6``, ``arg_aliases`` routing two launches
onto it, and seven dead-ABI arguments in ``allow_unreferenced_args``. The only change from
upstream is the import, and ``stitch_text`` where upstream calls ``stitch_elf``.

    python examples/python/o_gemv_ffn.py -o o_gemv_ffn.mlir [--check]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Optional

from air_stitch import FuncArg, KernelSlice, check_bd, roles, stitch_text

KERNELS = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "kernels"

# Symbols defined in mv_bf16.o, shared by stages 1 and 3 (upstream's _EXTERNS).
_EXTERNS = {"@zero_vectorized_bf16", "@matvec_vectorized_bf16", "@partial_plus_r_bf16"}


def _kernel(name: str) -> str:
    return (KERNELS / f"{name}.mlir").read_text(encoding="utf-8")


def build_o_gemv_ffn(emb_dim: int = 2048, hidden_dim: int = 8192) -> str:
    """The merged module's text (upstream's build_o_gemv_ffn_module)."""
    stage1 = _kernel("matvec_2tile_add_2048x2048")
    stage2 = _kernel("matvec_swiglu_rms_16384x2048")
    stage3 = _kernel("matvec_2tile_add_2048x8192")
    base_args = [
        FuncArg("%arg0", f"memref<{emb_dim}x{emb_dim}xbf16>", kind="weight"),
        FuncArg("%arg1", f"memref<{emb_dim}xbf16>", kind="activation"),
        FuncArg("%arg2", f"memref<{emb_dim}xbf16>"),
        FuncArg("%arg3", f"memref<{emb_dim}xbf16>", kind="activation"),
        FuncArg("%arg4", f"memref<{emb_dim}xbf16>"),
        FuncArg("%arg5", f"memref<{emb_dim}xbf16>"),
        FuncArg("%arg6", f"memref<2x{emb_dim}xbf16>", kind="weight"),
        FuncArg("%arg7", f"memref<{2 * hidden_dim}x{emb_dim}xbf16>", kind="weight"),
        FuncArg("%arg8", f"memref<{hidden_dim}xbf16>"),
        FuncArg("%arg9", f"memref<{hidden_dim}x{emb_dim}xbf16>"),
        FuncArg("%arg10", f"memref<{hidden_dim}xbf16>"),
        FuncArg("%arg11", f"memref<{hidden_dim}xbf16>"),
        FuncArg("%arg12", f"memref<{emb_dim}x{hidden_dim}xbf16>", kind="weight"),
        FuncArg("%arg13", f"memref<{emb_dim}xbf16>"),
        FuncArg("%arg14", f"memref<{emb_dim}xbf16>"),
    ]
    prelude = (
        f"    %arg6_row0_strided = memref.subview %arg6[0, 0] [1, {emb_dim}] [1, 1]\n"
        f"        : memref<2x{emb_dim}xbf16> to memref<{emb_dim}xbf16, strided<[1]>>\n"
        f"    %arg6_row0 = memref.cast %arg6_row0_strided\n"
        f"        : memref<{emb_dim}xbf16, strided<[1]>> to memref<{emb_dim}xbf16>"
    )
    slices = [
        KernelSlice(stage1, "s1", {0: 0, 1: 1, 2: 3}, arg_aliases={3: "%arg6_row0"}, extern_syms=_EXTERNS),
        # Stage 2 declares none of _EXTERNS: air-stitch warns for each (AirStitchWarning).
        KernelSlice(stage2, "s2", {0: 7, 1: 6, 2: 11}, extern_syms=_EXTERNS),
        KernelSlice(stage3, "s3", {0: 12, 1: 11, 3: 14}, arg_aliases={2: "%arg6_row0"}, extern_syms=_EXTERNS),
    ]
    # Arguments 2, 4, 5, 8, 9, 10 and 13 are dead-ABI placeholders (the int4 variant's ABI).
    return stitch_text(
        "o_gemv_ffn",
        base_args,
        slices,
        prelude=prelude,
        allow_unreferenced_args={2, 4, 5, 8, 9, 10, 13},
    )


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-o", "--output", type=pathlib.Path, help="write the merged module here")
    parser.add_argument("--check", action="store_true", help="also run check-bd and roles on it")
    args = parser.parse_args(argv)
    text = build_o_gemv_ffn()
    print(f"o_gemv_ffn: {text.count('air.launch')} launches, {len(text.splitlines())} lines")
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    if args.check:
        report = check_bd(text, "npu2", name="o_gemv_ffn.mlir")
        print(report["summary"]["line"])
        print("load_and_run:", roles(text, "o_gemv_ffn.mlir")["load_and_run"])
        return 1 if report["summary"]["errors"] else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

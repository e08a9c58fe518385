"""air_stitch: stitch MLIR-AIR kernels into one multi-launch module, on air-stitch's lossless
syntax tree, with every check made up front and an equivalence proof on every merge.

A drop-in for mlir-air's ``shared.infra.stitching``: a builder changes only its import,

    from air_stitch import stitch_elf, KernelSlice, FuncArg, alloc_gemm_scratch

``stitch_text`` takes the same arguments and returns the merged text (no mlir-air needed).
``merge``, ``check_bd``, ``verify``, ``roles`` and ``compare`` are the CLI's subcommands on
data: texts and numpy arrays in, the CLI's JSON documents out as dicts. See docs/python.md.
"""

from ._data import check_bd, compare, roles, verify
from ._errors import AirStitchWarning, Diagnostic, DiagnosticError, Label, MergeError
from ._native import __version__
from ._stitch import FuncArg, KernelSlice, alloc_gemm_scratch, merge, stitch_elf, stitch_text

__all__ = [
    "AirStitchWarning",
    "Diagnostic",
    "DiagnosticError",
    "FuncArg",
    "KernelSlice",
    "Label",
    "MergeError",
    "__version__",
    "alloc_gemm_scratch",
    "check_bd",
    "compare",
    "merge",
    "roles",
    "stitch_elf",
    "stitch_text",
    "verify",
]

"""check-bd, verify, roles and compare from Python: the CLI's JSON documents as dicts."""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native
from ._errors import Diagnostic, DiagnosticError, _raise_failure

_DEFAULTS: Dict[str, Any] = json.loads(_native.compare_defaults())


def _omit_level(value: Union[None, bool, str]) -> str:
    if value is None or value is False:
        return "none"
    if value is True or value == "all":
        return "all"
    if value in ("L1", "L2"):
        return str(value)
    raise ValueError(f"omit_ping_pong_transform={value!r}: True (every level), 'L1', 'L2' or 'all'")


def _tiling_sizes(value: Union[str, Iterable[int]]) -> List[int]:
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(",")] if value.strip() else []
        if any(not p.isdigit() for p in parts):
            raise ValueError(f"air_runtime_loop_tiling_sizes={value!r}: tile sizes are positive integers")
        sizes = [int(p) for p in parts]
    else:
        sizes = [int(v) for v in value]
    if any(s < 0 for s in sizes) or (len(sizes) > 1 and 0 in sizes):
        raise ValueError(
            f"air_runtime_loop_tiling_sizes={value!r}: tile sizes are positive integers "
            "(a single 0 alone turns tiling off, as for aircc)"
        )
    return sizes


def check_bd(
    text: str,
    device: str = "npu2",
    *,
    name: str = "<string>",
    omit_ping_pong_transform: Union[None, bool, str] = None,
    omit_pingpong: Union[None, bool, str] = None,
    air_runtime_loop_tiling_sizes: Union[str, Iterable[int]] = (),
    stack_size: int = 1024,
) -> Dict[str, Any]:
    """check-bd on a module's text: the ``air-stitch/check-bd/1`` report as a dict.

    The dict equals what ``air-stitch check-bd --format json`` prints for a file named
    ``name`` with the same options (docs/check-bd.md). The backend flags are the CLI's in
    snake case: ``omit_ping_pong_transform`` (``True`` for every level, or ``"L1"``/``"L2"``;
    ``omit_pingpong`` is its alias), ``air_runtime_loop_tiling_sizes`` (``[2, 2]`` or
    ``"2,2"``) and ``stack_size`` in bytes. Findings are in ``report["diagnostics"]``; the
    report's ``summary["errors"]`` says whether the module would fail.
    """
    level = _omit_level(omit_ping_pong_transform if omit_ping_pong_transform is not None else omit_pingpong)
    sizes = _tiling_sizes(air_runtime_loop_tiling_sizes)
    report: Dict[str, Any] = json.loads(_native.check_bd(text, name, device, level, sizes, int(stack_size)))
    return report


def verify(text: str, name: str = "<string>") -> List[Diagnostic]:
    """AIR's verifier rules (air-stitch's structural checks) on a module's text.

    Returns the diagnostics (empty when the module verifies), each as ``air-stitch verify
    --format json`` writes it. air-opt and MLIR's own verifier are the CLI's judges: run
    ``air-stitch verify`` for them.
    """
    found: List[Diagnostic] = json.loads(_native.verify(text, name))
    return found


def roles(
    text: str, name: str = "<string>", *, outputs: Iterable[int] = (), func: Optional[str] = None
) -> Dict[str, Any]:
    """The buffer roles of a fused module: the ``air-stitch/roles/2`` document as a dict.

    As ``air-stitch roles --format json`` prints it (docs/roles.md): per argument its
    accesses, roles and declared ``kind``, the hazards (``diagnostics``), the
    ``load_and_run`` snippet. Only buffers declared weights (a plan's or a layer's
    ``kind = "weight"``, read from the signature comments ``// wo (weight)`` merge writes)
    are in ``static_input_indices``; ``load_and_run_ready`` is false while a read-only
    buffer (``read_only_undeclared``) has no declared kind.
    ``outputs`` are argument indices the host reads back; ``func`` picks the function.
    A module without launches raises ``DiagnosticError``.
    """
    result = json.loads(_native.roles(text, name, [int(o) for o in outputs], func))
    if not result["ok"]:
        if "usage" in result:
            raise ValueError(result["usage"])
        _raise_failure(result)
    document: Dict[str, Any] = result["document"]
    return document


_NUMPY_NAMES = {"bool": "bool", "bfloat16": "bf16"}


def _side(x: Any, dtype: Optional[str]) -> Tuple[Any, str, List[int], bool]:
    """One array for the native half: a ``uint8`` view of its bytes (no copy when it is
    C-contiguous), its element type, shape and byte order."""
    import numpy as np

    a = np.asarray(x)
    if dtype is not None and dtype.lower() in ("bf16", "bfloat16"):
        if a.dtype.itemsize != 2:
            raise ValueError(f"dtype bf16 reads 2-byte data; the array holds {a.dtype}")
        kind = "bf16"
    elif a.dtype.name in _NUMPY_NAMES:
        kind = _NUMPY_NAMES[a.dtype.name]
    else:
        kind = a.dtype.name
        if dtype is not None and dtype != kind:
            raise ValueError(f"the array holds {a.dtype}, dtype says {dtype}")
    if not a.flags.c_contiguous:
        a = np.ascontiguousarray(a)
    order = a.dtype.byteorder
    little = order == "<" or order == "|" or (order == "=" and sys.byteorder == "little")
    raw = a.reshape(-1).view(np.uint8)
    return raw, kind, [int(d) for d in a.shape], little


def compare(
    out: Any,
    ref: Any,
    *,
    rtol: Optional[float] = None,
    atol: Optional[float] = None,
    tolerances: Optional[str] = None,
    gate: str = "both",
    cosine_min: float = 0.99,
    per_row: bool = False,
    dtype: Optional[str] = None,
    dtype_out: Optional[str] = None,
    dtype_ref: Optional[str] = None,
    names: Sequence[str] = ("out", "ref"),
) -> Dict[str, Any]:
    """Compare an output array with its reference as mlir-air does (docs/compare.md).

    ``out`` and ``ref`` are numpy arrays or anything with the buffer protocol, read without a
    copy when C-contiguous. bf16 data: an ``ml_dtypes.bfloat16`` array, or 2-byte data
    (``uint16``) with ``dtype="bf16"``. Returns the ``air-stitch/compare/1`` document as a
    dict (``pass``, ``cosine``, ``max_abs``, ``max_rel``, ``mean_rel_L1``, the first
    mismatches, ...), equal to ``air-stitch compare --format json``'s for files named
    ``names``. ``tolerances`` names a kernel of the registry (``"rmsnorm"``); ``gate`` is
    ``"elementwise"``, ``"cosine"`` or ``"both"``. Arrays that cannot be compared (shapes
    that differ) raise ``DiagnosticError``.
    """
    if tolerances is not None:
        if rtol is not None or atol is not None:
            raise ValueError("tolerances names rtol and atol: give one or the other")
        known: Dict[str, List[float]] = _DEFAULTS["tolerances"]
        if tolerances not in known:
            raise ValueError(f"unknown tolerances {tolerances!r}: one of {', '.join(sorted(known))}")
        rtol, atol = known[tolerances]
    o = _side(out, dtype_out or dtype)
    r = _side(ref, dtype_ref or dtype)
    label = f"{names[0]} vs {names[1]}"
    result = json.loads(
        _native.compare(
            o,
            r,
            float(_DEFAULTS["rtol"] if rtol is None else rtol),
            float(_DEFAULTS["atol"] if atol is None else atol),
            gate,
            float(cosine_min),
            bool(per_row),
            label,
        )
    )
    if not result["ok"]:
        _raise_failure(result, DiagnosticError)
    document: Dict[str, Any] = result["document"]
    return document

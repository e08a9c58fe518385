"""stitch_elf / stitch_text with mlir-air's signatures, on air-stitch's merge."""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from . import _native
from ._errors import AirStitchWarning, MergeError, _raise_failure

PathLike = Union[str, "os.PathLike[str]"]


@dataclass
class FuncArg:
    """One argument of the combined function's signature, emitted as ``{name}: {type}``.

    ``name`` is ``"%argN"`` at position N (base_args, then scratch_args); ``type`` is the
    memref type, e.g. ``"memref<2048x2048xbf16>"``. ``kind`` (air-stitch's, optional) is a
    plan's ``kind``: ``"weight"`` (the same on every call), ``"activation"`` (new every call)
    or ``"scratch"``; only weights become ``roles()``'s ``static_input_indices``
    (docs/roles.md#declared-kinds).
    """

    name: str
    type: str
    kind: Optional[str] = None


@dataclass
class KernelSlice:
    """One sub-kernel to splice into the combined function (upstream's fields, plus ``name``).

    ir: the sub-kernel module text (or an ``air.ir.Module``: ``str()`` of it is used).
    prefix: the slice's unique prefix for SSA values, maps and symbols (``"q"``).
    arg_map: slice argument index -> combined argument index.
    arg_aliases: slice argument index -> an SSA value defined in the prelude (``"%arg6_row0"``).
    extern_syms: externs not to prefix. air-stitch finds externs itself; the listed ones become
        its keep-list (a conflict on one is an error) and a listed symbol that is not an extern
        of this slice gives an ``AirStitchWarning``.
    private_from: accepted for upstream's sake; air-stitch always shares the slices' identical
        extern declarations and renames conflicting ones, so it changes nothing.
    name: what diagnostics and the merged module's ``// slice`` comment call the slice
        (default: the prefix), e.g. the kernel's file name.
    shim_dma_tile_sizes: an air-stitch extension: the ``air.shim_dma_tile_sizes`` every
        ``air.launch`` of this slice carries (``[2, 2]``, ``[0]`` to skip tiling, ``[N]``), so a
        merged module's GEMMs get the runtime loop tiling they need without a global aircc flag
        (docs/merge.md). ``None``: the slice's launches keep what they have.
    """

    ir: Any
    prefix: str
    arg_map: Dict[int, int]
    arg_aliases: Dict[int, str] = field(default_factory=dict)
    extern_syms: Set[str] = field(default_factory=set)
    private_from: bool = True
    name: Optional[str] = None
    shim_dma_tile_sizes: Optional[Sequence[int]] = None


def alloc_gemm_scratch(
    specs_in_order: Iterable[Tuple[Mapping[str, Any], int, int]], base_arg_count: int
) -> Tuple[List[FuncArg], List[Optional[int]]]:
    """Registry-driven f32 C-scratch arguments for fused-cast GEMMs, as upstream's.

    ``specs_in_order``: ``(spec, out_rows, out_cols)`` per GEMM slice, in slice order; a spec
    with ``needs_f32_scratch`` gets one tail argument ``memref<{rows}x{cols}xf32>`` numbered
    from ``base_arg_count``. Returns ``(scratch_args, scratch_for)``: the arguments to pass as
    ``scratch_args``, and per GEMM its argument index (``None`` for a drain GEMM).
    """
    scratch_args: List[FuncArg] = []
    scratch_for: List[Optional[int]] = []
    nxt = base_arg_count
    for spec, out_rows, out_cols in specs_in_order:
        if spec["needs_f32_scratch"]:
            scratch_args.append(FuncArg(f"%arg{nxt}", f"memref<{out_rows}x{out_cols}xf32>"))
            scratch_for.append(nxt)
            nxt += 1
        else:
            scratch_for.append(None)
    return scratch_args, scratch_for


def _index(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return value


def _slice_in(
    sl: Any,
) -> Tuple[str, str, Optional[str], Dict[int, int], Dict[int, str], List[str], Optional[List[int]]]:
    """A slice (ours or upstream's: anything with those attributes) for the native half."""
    ir = sl.ir if isinstance(sl.ir, str) else str(sl.ir)
    prefix = str(sl.prefix)
    where = f"slice '{prefix}'"
    arg_map = {_index(k, f"{where} arg_map key"): _index(v, f"{where} arg_map value") for k, v in sl.arg_map.items()}
    aliases = {_index(k, f"{where} arg_aliases key"): str(v) for k, v in getattr(sl, "arg_aliases", {}).items()}
    keep = sorted(str(s) for s in getattr(sl, "extern_syms", set()))
    name = getattr(sl, "name", None)
    sizes = getattr(sl, "shim_dma_tile_sizes", None)
    tile_sizes = None if sizes is None else [_index(v, f"{where} shim_dma_tile_sizes value") for v in sizes]
    return ir, prefix, None if name is None else str(name), arg_map, aliases, keep, tile_sizes


def stitch_text(
    func_name: str,
    base_args: Iterable[Any],
    slices: Iterable[Any],
    *,
    scratch_args: Iterable[Any] = (),
    prelude: str = "",
    extra_externs: Iterable[str] = frozenset(),
    allow_unreferenced_args: Iterable[int] = (),
    debug_dump_path: Optional[PathLike] = None,
) -> str:
    """Merge the slices into one multi-launch module and return its text (needs no mlir-air).

    The arguments are ``stitch_elf``'s. Every check of air-stitch's merge runs first and the
    merged module is proved equivalent to its slices; any problem raises ``MergeError`` (a
    ``ValueError``) with the rendered diagnostics as its message and the structured list in
    ``.diagnostics``. ``debug_dump_path`` is accepted for ``stitch_elf``'s sake: the text this
    returns is already checked, so nothing is written here.
    """
    del debug_dump_path  # stitch_elf's: only a parse by mlir-air can fail after the merge
    args = [
        (str(a.name), str(a.type), None if getattr(a, "kind", None) is None else str(a.kind))
        for a in list(base_args) + list(scratch_args)
    ]
    allow = [_index(i, "allow_unreferenced_args entry") for i in allow_unreferenced_args]
    native = [_slice_in(sl) for sl in slices]
    extra = sorted(str(s) for s in extra_externs)
    result = json.loads(_native.stitch(func_name.lstrip("@"), args, native, prelude, extra, allow))
    for warning in result.get("warnings", []):
        warnings.warn(warning, AirStitchWarning, stacklevel=2)
    if not result["ok"]:
        _raise_failure(result, MergeError)
    text: str = result["text"]
    return text


_NO_AIR_IR = (
    "stitch_elf returns an air.ir.Module, but mlir-air's Python bindings (air.ir) cannot be "
    "imported here: install mlir-air, or call air_stitch.stitch_text(...) with the same "
    "arguments to get the merged module's text"
)


def stitch_elf(
    func_name: str,
    base_args: Iterable[Any],
    slices: Iterable[Any],
    *,
    scratch_args: Iterable[Any] = (),
    prelude: str = "",
    extra_externs: Iterable[str] = frozenset(),
    allow_unreferenced_args: Iterable[int] = (),
    debug_dump_path: Optional[PathLike] = None,
) -> Any:
    """Merge the slices and return ``air.ir.Module.parse(text)`` in a fresh ``Context``.

    A drop-in for mlir-air's ``shared.infra.stitching.stitch_elf``: same arguments, same
    result. The merge is ``stitch_text``'s (``MergeError`` on any problem). If mlir-air cannot
    parse the merged text, it is written to ``debug_dump_path`` (when given) before the error
    is raised again. Without mlir-air's ``air.ir`` this raises ``ImportError``: use
    ``stitch_text``.
    """
    try:
        from air.ir import Context, Module  # type: ignore[import-not-found]
    except ImportError as err:
        raise ImportError(_NO_AIR_IR, name="air.ir") from err
    text = stitch_text(
        func_name,
        base_args,
        slices,
        scratch_args=scratch_args,
        prelude=prelude,
        extra_externs=extra_externs,
        allow_unreferenced_args=allow_unreferenced_args,
    )
    with Context() as ctx:
        try:
            return Module.parse(text, ctx)
        except Exception:
            if debug_dump_path:
                with open(debug_dump_path, "w", encoding="utf-8") as f:
                    f.write(text)
                print(f"  PARSE ERROR: dumped to {os.fspath(debug_dump_path)}")
            raise


def merge(plan_path: PathLike) -> str:
    """Merge by a plan file (docs/merge.md), as ``air-stitch merge --plan``: the merged text.

    Slice files are read relative to the plan. Problems raise ``MergeError``; an unreadable
    file raises ``OSError``.
    """
    shown = os.fspath(plan_path)
    with open(plan_path, encoding="utf-8") as f:
        plan_text = f.read()
    listed = json.loads(_native.plan_files(plan_text, shown))
    if not listed["ok"]:
        _raise_failure(listed, MergeError)
    base = os.path.dirname(shown)
    slices: List[Tuple[str, str]] = []
    for file in listed["files"]:
        path = os.path.join(base, file)
        with open(path, encoding="utf-8") as f:
            slices.append((path, f.read()))
    result = json.loads(_native.merge_plan(plan_text, shown, slices))
    for warning in result.get("warnings", []):
        warnings.warn(warning, AirStitchWarning, stacklevel=2)
    if not result["ok"]:
        _raise_failure(result, MergeError)
    text: str = result["text"]
    return text

"""stitch_text / stitch_elf / merge: the reference merges against the CLI, upstream's
ValueError cases and air-stitch's own checks as MergeError, upstream-shaped objects, the
extern warnings, and stitch_elf's air.ir path on a test double of air.ir (stand_in/)."""

from __future__ import annotations

import dataclasses
import os
import re
import sys
import tomllib
import warnings
from typing import Any, Dict, List, Set

import pytest

import air_stitch
from air_stitch import AirStitchWarning, FuncArg, KernelSlice, MergeError, merge, stitch_elf, stitch_text
from conftest import REPO, index_plans, kernel

STAND_IN = os.path.join(os.path.dirname(__file__), "stand_in")
GEMV = kernel("gemv_k2048")
GEMV_TYPES = ["memref<8192x2048xbf16>", "memref<2048xbf16>", "memref<8192xbf16>"]


def gemv_args(n: int = 3) -> List[FuncArg]:
    types = (GEMV_TYPES * 2)[:n]
    return [FuncArg(f"%arg{i}", t) for i, t in enumerate(types)]


def _call_of(plan: Any) -> Dict[str, Any]:
    """The stitch_text call that says what a shipped plan says, each slice named by its `file`
    as the plan writes it (the name of the merged module's `// slice` comment)."""
    rel = plan.relative_to(REPO)
    data = tomllib.loads(plan.read_text(encoding="utf-8"))
    func = data["func"]
    slices = []
    for s in data["slice"]:
        shown = os.path.join(os.path.dirname(str(rel)), s["file"])
        prefix = s.get("prefix") or re.sub(r"[^A-Za-z0-9_]", "_", os.path.splitext(os.path.basename(s["file"]))[0])
        slices.append(
            KernelSlice(
                (REPO / shown).read_text(encoding="utf-8"),
                prefix,
                {int(k): v for k, v in s.get("args", {}).items()},
                arg_aliases={int(k): v for k, v in s.get("aliases", {}).items()},
                name=s["file"],
                shim_dma_tile_sizes=s.get("shim_dma_tile_sizes"),
            )
        )
    return {
        "func_name": func["name"],
        "base_args": [
            FuncArg(f"%arg{i}", t["type"], t.get("kind")) if isinstance(t, dict) else FuncArg(f"%arg{i}", t)
            for i, t in enumerate(func["args"])
        ],
        "slices": slices,
        "prelude": func.get("prelude", ""),
        "allow_unreferenced_args": func.get("allow_unreferenced", []),
    }


@pytest.mark.parametrize("plan", index_plans(), ids=lambda p: p.stem)
def test_reference_merges_are_byte_identical_to_the_cli(plan: Any, cli: Any, tmp_path: Any, monkeypatch: Any) -> None:
    call = _call_of(plan)
    text = stitch_text(
        call["func_name"],
        call["base_args"],
        call["slices"],
        prelude=call["prelude"],
        allow_unreferenced_args=call["allow_unreferenced_args"],
    )
    out = tmp_path / "cli.mlir"
    rel = str(plan.relative_to(REPO))
    code, _, err = cli("merge", "--plan", rel, "-o", str(out))
    assert code == 0, err
    assert text == out.read_text(encoding="utf-8")
    monkeypatch.chdir(REPO)
    assert merge(rel) == text


def test_the_reference_plans_are_found() -> None:
    assert {p.stem for p in index_plans()} >= {"gemv_2k", "o_ffn", "o_gemv_ffn", "rms_gemms_rope"}


def _fails(**call: Any) -> MergeError:
    with pytest.raises(MergeError) as info:
        stitch_text(**call)
    assert isinstance(info.value, ValueError)
    return info.value


def test_an_operand_in_arg_map_and_arg_aliases_is_a_located_merge_error() -> None:
    error = _fails(
        func_name="f",
        base_args=gemv_args(),
        slices=[KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2}, arg_aliases={2: "%arg2"})],
    )
    assert error.codes == ["AS0313"]
    first = error.diagnostics[0]
    assert first["severity"] == "error"
    assert first["primary"] is not None
    assert (first["primary"]["file"], first["primary"]["line"]) == ("<stitch_text plan>", 15)
    assert str(error) == (
        "error[AS0313]: slice `a` argument 2 is wired twice, in `args` and in `aliases`\n"
        "  --> <stitch_text plan>:15:17\n"
        "   |\n"
        "14 | args = { 0 = 0, 1 = 1, 2 = 2 }\n"
        "   |                            - also wired here\n"
        '15 | aliases = { 2 = "%arg2" }\n'
        "   |                 ^^^^^^^\n"
        "   |\n"
        "   = help: keep one of the two\n"
    )
    assert error.plan is not None and "aliases = { 2 = \"%arg2\" }\n" in error.plan


def test_an_index_out_of_range_is_a_merge_error() -> None:
    error = _fails(func_name="f", base_args=gemv_args(), slices=[KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 7})])
    # Argument 2 is then wired by nobody: one mistake, both of its consequences.
    assert error.codes == ["AS0312", "AS0317"]
    assert "combined argument 7" in error.diagnostics[0]["message"]


def test_dangling_combined_arguments_are_errors_unless_allowed() -> None:
    call: Dict[str, Any] = {
        "func_name": "f",
        "base_args": gemv_args(4),
        "slices": [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})],
    }
    assert _fails(**call).codes == ["AS0317"]
    assert "func.func @f(" in stitch_text(**call, allow_unreferenced_args={3})


def test_air_stitch_checks_upstream_never_made_are_merge_errors() -> None:
    # An unwired slice argument (upstream leaves `%a_arg2` dangling in the text).
    unwired = _fails(func_name="f", base_args=gemv_args(2), slices=[KernelSlice(GEMV, "a", {0: 0, 1: 1})])
    assert unwired.codes == ["AS0316"]
    assert unwired.diagnostics[0]["primary"] is not None and unwired.diagnostics[0]["primary"]["file"] == "a"
    # A type mismatch between the combined argument and the slice's.
    wrong = [FuncArg("%arg0", "memref<2048xbf16>"), *gemv_args()[1:]]
    assert _fails(func_name="f", base_args=wrong, slices=[KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})]).codes == [
        "AS0318"
    ]
    # Two slices with one prefix.
    same = [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2}), KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})]
    assert _fails(func_name="f", base_args=gemv_args(), slices=same).codes == ["AS0314"]
    # A slice that does not parse: located in the slice, named by its prefix.
    broken = _fails(func_name="f", base_args=gemv_args(), slices=[KernelSlice("func.func @k(", "bad", {})])
    assert broken.diagnostics[0]["primary"] is not None and broken.diagnostics[0]["primary"]["file"] == "bad"
    # A combined argument not named by its position.
    renamed = [FuncArg("%x", GEMV_TYPES[0]), *gemv_args()[1:]]
    error = _fails(func_name="f", base_args=renamed, slices=[KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})])
    assert error.codes == ["AS0311"]
    assert "named `%x`" in str(error)


def _declared(text: str) -> Set[str]:
    return {"@" + m for m in re.findall(r"func\.func private @(\w+)", text)}


def test_listed_symbols_that_are_not_externs_warn_and_real_ones_do_not() -> None:
    externs = _declared(GEMV)
    assert externs, "gemv_k2048 declares externs"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plain = stitch_text("f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2}, extern_syms=externs)])
    assert [str(w.message) for w in caught] == []
    with pytest.warns(AirStitchWarning, match=r"slice `a`: `@matmul_bf16` is listed in extern_syms but is not an extern"):
        listed = stitch_text(
            "f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2}, extern_syms={"@matmul_bf16"})]
        )
    assert listed == plain
    with pytest.warns(AirStitchWarning, match=r"`@nowhere` is listed in extra_externs but no slice declares it"):
        stitch_text("f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})], extra_externs={"@nowhere"})


def _gemv_up_down_args() -> List[FuncArg]:
    """The combined arguments of a K = 2048 GEMV (up) feeding a K = 8192 one (down)."""
    return [
        FuncArg("%arg0", GEMV_TYPES[0]),
        FuncArg("%arg1", GEMV_TYPES[1]),
        FuncArg("%arg2", GEMV_TYPES[2]),
        FuncArg("%arg3", "memref<2048x8192xbf16>"),
        FuncArg("%arg4", "memref<2048xbf16>"),
    ]


def test_an_extern_renamed_warns_with_its_objects_recipe() -> None:
    # The multi-K GEMV: K = 2048 and K = 8192 declare @matvec_vectorized_bf16_bf16 differently,
    # so the second slice's is renamed, its object too, and the object must be built.
    k8192 = kernel("gemv_k8192")
    args = _gemv_up_down_args()
    slices = [KernelSlice(GEMV, "up", {0: 0, 1: 1, 2: 2}), KernelSlice(k8192, "dg", {0: 3, 1: 2, 2: 4})]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = stitch_text("f", args, slices)
    renames = [str(w.message) for w in caught if issubclass(w.category, AirStitchWarning)]
    assert any(
        m.startswith("slice `dg`: extern @matvec_vectorized_bf16_bf16 is renamed @dg_matvec_vectorized_bf16_bf16")
        and "-Dmatvec_vectorized_bf16_bf16=dg_matvec_vectorized_bf16_bf16" in m
        and "-o dg_mv.o" in m
        for m in renames
    ), renames
    assert "@dg_matvec_vectorized_bf16_bf16" in text


def test_a_kept_extern_that_conflicts_names_extern_syms() -> None:
    # Both slices keep @matvec_vectorized_bf16_bf16 (extern_syms), and K = 2048 and K = 8192
    # declare it differently: the error's help names what a Python caller wrote.
    k8192 = kernel("gemv_k8192")
    args = _gemv_up_down_args()
    keep = {"@matvec_vectorized_bf16_bf16"}
    slices = [
        KernelSlice(GEMV, "up", {0: 0, 1: 1, 2: 2}, extern_syms=keep),
        KernelSlice(k8192, "dg", {0: 3, 1: 2, 2: 4}, extern_syms=keep),
    ]
    error = _fails(func_name="f", base_args=args, slices=slices)
    assert "AS0322" in error.codes
    kept = next(d for d in error.diagnostics if d["code"] == "AS0322")
    assert "extern_syms" in kept["help"] and "externs.keep" not in kept["help"], kept["help"]


@dataclasses.dataclass
class UpstreamFuncArg:
    """Shaped as upstream's FuncArg (its fields only)."""

    name: str
    type: str


@dataclasses.dataclass
class UpstreamKernelSlice:
    """Shaped as upstream's KernelSlice (its fields only: no `name`)."""

    ir: str
    prefix: str
    arg_map: dict  # type: ignore[type-arg]
    arg_aliases: dict = dataclasses.field(default_factory=dict)  # type: ignore[type-arg]
    extern_syms: set = dataclasses.field(default_factory=set)  # type: ignore[type-arg]
    private_from: bool = True


def test_upstream_shaped_objects_are_accepted() -> None:
    ours = stitch_text("f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})])
    theirs = stitch_text(
        "f",
        [UpstreamFuncArg(a.name, a.type) for a in gemv_args()],
        [UpstreamKernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})],
    )
    assert theirs == ours
    assert "// slice a: a (@" in ours


def test_scratch_args_follow_the_base_args() -> None:
    scratch, scratch_for = air_stitch.alloc_gemm_scratch(
        [({"needs_f32_scratch": True}, 4, 8), ({"needs_f32_scratch": False}, 4, 8)], base_arg_count=13
    )
    assert scratch == [FuncArg("%arg13", "memref<4x8xf32>")]
    assert scratch_for == [13, None]
    text = stitch_text("f", gemv_args(2), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})], scratch_args=gemv_args(3)[2:])
    assert "%arg2: memref<8192xbf16>" in text


@pytest.fixture
def stand_in(monkeypatch: Any) -> Any:
    """The test double of air.ir on sys.path, fresh for each test."""
    monkeypatch.syspath_prepend(STAND_IN)
    for name in ("air", "air.ir"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import air.ir

    air.ir.PARSED.clear()
    air.ir.FAIL[0] = False
    yield air.ir
    for name in ("air", "air.ir"):
        sys.modules.pop(name, None)


def test_stitch_elf_parses_the_merged_text_with_air_ir(stand_in: Any) -> None:
    slices = [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})]
    module = stitch_elf("f", gemv_args(), slices)
    text = stitch_text("f", gemv_args(), slices)
    assert str(module) == text
    assert len(stand_in.PARSED) == 1
    parsed, context = stand_in.PARSED[0]
    assert parsed == text
    assert isinstance(context, stand_in.Context)


def test_stitch_elf_dumps_the_text_when_air_ir_cannot_parse_it(stand_in: Any, tmp_path: Any, capsys: Any) -> None:
    stand_in.FAIL[0] = True
    dump = tmp_path / "dump.mlir"
    slices = [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})]
    with pytest.raises(RuntimeError, match="stand-in air.ir: cannot parse"):
        stitch_elf("f", gemv_args(), slices, debug_dump_path=str(dump))
    assert dump.read_text(encoding="utf-8") == stitch_text("f", gemv_args(), slices)
    assert capsys.readouterr().out == f"  PARSE ERROR: dumped to {dump}\n"


def test_stitch_elf_merge_errors_come_before_air_ir(stand_in: Any) -> None:
    with pytest.raises(MergeError):
        stitch_elf("f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1})])
    assert stand_in.PARSED == []


def test_stitch_elf_without_air_ir_names_stitch_text(monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "air", None)
    monkeypatch.setitem(sys.modules, "air.ir", None)
    with pytest.raises(ImportError, match=r"air\.ir.*stitch_text\(\.\.\.\) with the same arguments"):
        stitch_elf("f", gemv_args(), [KernelSlice(GEMV, "a", {0: 0, 1: 1, 2: 2})])


def test_merge_reports_a_plan_problem(tmp_path: Any) -> None:
    plan = tmp_path / "p.toml"
    plan.write_text('[func]\nname = "f"\nargs = []\n', encoding="utf-8")
    with pytest.raises(MergeError) as info:
        merge(plan)
    assert info.value.codes == ["AS0311"]
    assert f"--> {plan}:" in str(info.value)

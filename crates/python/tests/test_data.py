"""check_bd, verify, roles and compare: each dict equals the CLI's JSON document for the same
input and name; compare reads numpy arrays without a copy."""

from __future__ import annotations

import json
import pathlib
import tomllib
from typing import Any

import numpy as np
import pytest

import air_stitch
from air_stitch import DiagnosticError, check_bd, compare, roles, verify
from air_stitch._data import _side
from conftest import REPO


def _text(rel: str) -> str:
    return (REPO / rel).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "rel, flags, kwargs",
    [
        ("testdata/kernels/gemv_k2048.mlir", [], {}),
        (
            "testdata/kernels/gemm_2048x2048x2048.mlir",
            ["--omit-ping-pong-transform", "--air-runtime-loop-tiling-sizes", "2,2"],
            {"omit_ping_pong_transform": True, "air_runtime_loop_tiling_sizes": [2, 2]},
        ),
        (
            "testdata/kernels/gemm_2048x2048x512.mlir",
            ["--device", "npu1", "--omit-ping-pong-transform=L1", "--stack-size", "2048"],
            {"device": "npu1", "omit_ping_pong_transform": "L1", "stack_size": 2048},
        ),
        ("testdata/bad/herd_missing_tile.mlir", [], {}),
    ],
)
def test_check_bd_equals_the_cli_document(cli: Any, rel: str, flags: list[str], kwargs: dict[str, Any]) -> None:
    _, out, err = cli("check-bd", *flags, "--format", "json", rel)
    assert out, err
    assert check_bd(_text(rel), name=rel, **kwargs) == json.loads(out)


def test_check_bd_rejects_flags_the_cli_rejects() -> None:
    with pytest.raises(ValueError, match="a single 0 alone"):
        check_bd("", air_runtime_loop_tiling_sizes=[0, 2])
    with pytest.raises(ValueError, match="unknown device"):
        check_bd("", device="npu9")
    with pytest.raises(ValueError, match="'L1', 'L2' or 'all'"):
        check_bd("", omit_ping_pong_transform="L3")


@pytest.mark.parametrize("rel", ["testdata/dataflow/o_gemv_ffn.mlir", "testdata/dataflow/read_before_write.mlir"])
def test_roles_equal_the_cli_document(cli_json: Any, rel: str) -> None:
    assert roles(_text(rel), rel) == cli_json("roles", rel)


def test_the_load_and_run_snippet_is_python_with_exactly_the_declared_weights() -> None:
    # The shipped module carries its plan's kinds in the signature comments: the snippet is
    # ready, and pasted into a call it makes exactly upstream's static set static.
    document = roles(_text("testdata/dataflow/o_gemv_ffn.mlir"), "o_gemv_ffn.mlir")
    assert document["schema"] == "air-stitch/roles/2"
    assert document["load_and_run_ready"] is True
    kwargs = eval(f"dict({document['load_and_run']})", {"__builtins__": {"dict": dict, "set": set}})
    assert kwargs["static_input_indices"] == {0, 6, 7, 12}
    assert kwargs["intermediate_indices"] == {2, 4, 5, 8, 9, 10, 11, 13, 14}
    assert kwargs["output_indices"] == [14]


def test_without_declared_kinds_nothing_is_static_and_the_snippet_is_not_ready() -> None:
    bare = "".join(line.split("  // ")[0] + "\n" for line in _text("testdata/dataflow/o_gemv_ffn.mlir").splitlines())
    document = roles(bare, "bare.mlir")
    assert document["load_and_run_ready"] is False
    assert document["read_only_undeclared"] == [0, 1, 3, 6, 7, 12]
    kwargs = eval(f"dict({document['load_and_run']})", {"__builtins__": {"dict": dict, "set": set}})
    assert kwargs["static_input_indices"] == set()


def test_roles_of_a_module_without_launches_is_a_diagnostic_error() -> None:
    with pytest.raises(DiagnosticError) as info:
        roles("func.func @f() {\n  return\n}\n", "empty.mlir")
    assert info.value.diagnostics[0]["primary"] is None or info.value.diagnostics[0]["code"].startswith("AS")
    assert str(info.value).startswith("error[")


@pytest.mark.parametrize("rel", ["testdata/verify/errors/args_arity.mlir", "testdata/kernels/gemv_k2048.mlir"])
def test_verify_gives_the_cli_diagnostics(cli_json: Any, rel: str) -> None:
    document = cli_json("verify", "--no-air-opt", rel)
    # The CLI adds a note about its judges (MLIR not built in); the findings are the same.
    expected = [d for d in document["diagnostics"] if d["primary"] is not None]
    assert verify(_text(rel), rel) == expected
    assert (expected == []) == (rel.startswith("testdata/kernels"))


def _pair(tmp_path: pathlib.Path, out: Any, ref: Any) -> tuple[str, str]:
    o, r = tmp_path / "out.npy", tmp_path / "ref.npy"
    np.save(o, out)
    np.save(r, ref)
    return str(o), str(r)


def test_compare_equals_the_cli_document_on_pass_and_fail(cli_json: Any, tmp_path: pathlib.Path) -> None:
    rng = np.random.default_rng(7)
    ref = rng.standard_normal((64, 32)).astype(np.float32)
    close = (ref * (1 + 1e-4)).astype(np.float32)
    far = ref.copy()
    far[3, 4] += 1.0
    far[10, :] = -far[10, :]
    for out, extra, kwargs in [
        (close, [], {}),
        (far, [], {}),
        (far, ["--gate", "cosine", "--per-row"], {"gate": "cosine", "per_row": True}),
        (far, ["--tolerances", "rmsnorm"], {"tolerances": "rmsnorm"}),
    ]:
        o, r = _pair(tmp_path, out, ref)
        assert compare(out, ref, names=(o, r), **kwargs) == cli_json("compare", o, r, *extra)


def test_compare_reads_bf16_as_the_cli_does(cli_json: Any, tmp_path: pathlib.Path) -> None:
    ref = np.linspace(-2, 2, 256, dtype=np.float32)
    bits = (ref.view(np.uint32) >> 16).astype(np.uint16)
    o, r = _pair(tmp_path, bits, ref)
    got = compare(bits, ref, dtype_out="bf16", names=(o, r))
    assert got == cli_json("compare", o, r, "--dtype-out", "bf16")
    assert got["pass"] is True


def test_compare_says_when_uint16_may_be_bf16_and_the_hint_works(cli_json: Any, tmp_path: pathlib.Path) -> None:
    ref = np.linspace(-2, 2, 256, dtype=np.float32)
    bits = (ref.view(np.uint32) >> 16).astype(np.uint16)
    o, r = _pair(tmp_path, bits, ref)
    got = compare(bits, ref, names=(o, r))
    assert got == cli_json("compare", o, r)
    hint = [d for d in got["diagnostics"] if d["code"] == "AS0914"]
    assert len(hint) == 1 and hint[0]["severity"] == "warning"
    assert 'dtype_out="bf16"' in hint[0]["help"]
    # Acting on the hint as printed: the keyword it names.
    assert compare(bits, ref, dtype_out="bf16", names=(o, r))["pass"] is True


def test_compare_borrows_the_arrays_memory() -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    raw, kind, shape, little = _side(a, None)
    assert np.shares_memory(raw, a)
    assert (kind, shape, little) == ("float32", [3, 4], True)
    view = memoryview(a)
    assert np.shares_memory(_side(view, None)[0], a)


def test_compare_problems_are_diagnostic_errors() -> None:
    with pytest.raises(DiagnosticError) as info:
        compare(np.zeros(4, np.float32), np.zeros(5, np.float32))
    assert info.value.diagnostics[0]["code"].startswith("AS")


def test_the_package_version_is_the_crates() -> None:
    cargo = tomllib.loads((REPO / "Cargo.toml").read_text(encoding="utf-8"))
    assert air_stitch.__version__ == cargo["workspace"]["package"]["version"]


def test_the_package_is_typed_and_documented() -> None:
    package = pathlib.Path(air_stitch.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_native.pyi").exists()
    for name in air_stitch.__all__:
        if name == "__version__":
            continue
        assert getattr(air_stitch, name).__doc__, name
    assert "stitch_text" in (air_stitch.stitch_elf.__doc__ or "")

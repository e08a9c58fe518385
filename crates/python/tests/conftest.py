"""Shared fixtures: the repository, and the air-stitch CLI the package is compared with
(``$AIR_STITCH_BIN``, else target/debug/air-stitch; built by tools/test-python.sh)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Any, List, Tuple

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


def _cli() -> pathlib.Path:
    given = os.environ.get("AIR_STITCH_BIN")
    path = pathlib.Path(given) if given else REPO / "target" / "debug" / "air-stitch"
    if not path.exists():
        message = f"the air-stitch CLI is not at {path}: `cargo build -p air-stitch` or set AIR_STITCH_BIN"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def cli() -> Any:
    """Runs the CLI in the repository: ``cli(*args)`` -> (exit status, stdout, stderr)."""
    path = _cli()

    def run(*args: str) -> Tuple[int, str, str]:
        done = subprocess.run([str(path), *args], cwd=REPO, capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture
def cli_json(cli: Any) -> Any:
    """``cli_json(*args)`` -> the JSON document of ``--format json``."""

    def run(*args: str) -> Any:
        _, out, err = cli(*args, "--format", "json")
        assert out, err
        return json.loads(out)

    return run


def kernel(name: str) -> str:
    return (REPO / "testdata" / "kernels" / f"{name}.mlir").read_text(encoding="utf-8")


def index_plans() -> List[pathlib.Path]:
    """The shipped plans that stitch_text can say: index wiring, no extern renames."""
    plans = []
    for plan in sorted((REPO / "testdata" / "plans").glob("*.toml")):
        text = plan.read_text(encoding="utf-8")
        if "_named" in plan.stem or "externs" in text:
            continue
        plans.append(plan)
    return plans

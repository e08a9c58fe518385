#!/usr/bin/env bash
# The Python package (crates/python, docs/python.md): builds its abi3 wheel with maturin into
# target/wheels, installs it into the venv target/py (made, with numpy, maturin, pytest and
# mypy, when missing), runs pytest on crates/python/tests against the CLI, mypy --strict on the
# examples, and the examples. Under CI=true a failed install fails the run; elsewhere it skips.
set -euo pipefail
cd "$(dirname "$0")/.."
py=target/py/bin/python
[ -x "$py" ] || python3 -m venv target/py
if ! "$py" -c "import numpy, maturin, pytest, mypy" 2>/dev/null; then
  echo "==> installing numpy, maturin, pytest and mypy into target/py"
  if ! "$py" -m pip install -q numpy maturin pytest mypy; then
    [ "${CI:-}" = "true" ] && { echo "error: cannot install the Python package's tools" >&2; exit 1; }
    echo "warning: maturin/pytest not installed; the Python package is not tested" >&2
    exit 0
  fi
fi
echo "==> the Python package: maturin build (release, abi3) into target/wheels"
rm -f target/wheels/air_stitch-*.whl
target/py/bin/maturin build --release --locked -q -m crates/python/Cargo.toml -o target/wheels -i "$py"
"$py" -m pip install -q --force-reinstall --no-deps target/wheels/air_stitch-*.whl
cargo build -q --locked -p air-stitch
echo "==> pytest crates/python/tests"
AIR_STITCH_BIN="$PWD/target/debug/air-stitch" "$py" -m pytest -q crates/python/tests
echo "==> mypy --strict examples/python; the examples"
"$py" -m mypy --strict examples/python
for example in examples/python/*.py; do
  "$py" -W ignore::UserWarning "$example" --check
done

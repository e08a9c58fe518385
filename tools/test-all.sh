#!/usr/bin/env bash
# The full test suite, with all set-up on a fresh Debian 12 machine (Rust, gcc and Python
# present): installs Debian's LLVM/MLIR 22 packages when missing (the `mlir` feature and the
# tests that run `mlir-opt-22`), finds AIR's verifier and the upstream corpus, then runs every
# test of the default build and of the `mlir` feature. Used verbatim by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libmlir-22-dev mlir-22-tools llvm-22-dev libclang1-22 libclang-common-22-dev libpolly-22-dev libzstd-dev libxrt-dev nginx libnginx-mod-http-dav-ext)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
export PATH="/usr/lib/llvm-22/bin:$PATH"

# AIR's own verifier, the upstream corpus and the compiler's lowering, looked up as the README
# says (tools/lib.sh).
# shellcheck source=tools/lib.sh
source tools/lib.sh
# Under CI=true the tests that need them fail without them: say so now, not minutes later.
judges_missing=0
find_air_opt || judges_missing=1
find_corpus || judges_missing=1
find_lowering_kit || judges_missing=1
if [ "$judges_missing" = 1 ] && [ "${CI:-}" = "true" ]; then
  echo "error: CI=true needs AIR's verifier, the corpus and the compiler's lowering (above); nothing was tested" >&2
  exit 1
fi

# numpy for compare's fixtures (tools/compare-fixtures.py): the system's if it has it, else a
# venv under target/ (installed once). Under CI=true a failed install fails the run; elsewhere
# the numpy test skips with a message.
python=python3
if ! python3 -c "import numpy" 2>/dev/null; then
  if [ ! -x target/py/bin/python ] || ! target/py/bin/python -c "import numpy" 2>/dev/null; then
    echo "==> installing numpy into target/py"
    if ! { python3 -m venv target/py && target/py/bin/pip install -q numpy; }; then
      [ "${CI:-}" = "true" ] && { echo "error: cannot install numpy (compare's fixtures need it)" >&2; exit 1; }
      echo "warning: numpy not installed; the numpy comparison test will skip" >&2
    fi
  fi
  python=target/py/bin/python
fi
if "$python" -c "import numpy" 2>/dev/null; then
  echo "==> compare's numpy fixtures: tools/compare-fixtures.py target/compare-fixtures"
  "$python" tools/compare-fixtures.py target/compare-fixtures
fi

echo "==> formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -q -- -D warnings
echo "==> default build (no LLVM needed): cargo test --workspace"
cargo test --workspace --locked
echo "==> the Python package air_stitch (tools/test-python.sh)"
tools/test-python.sh
echo "==> feature mlir (melior + LLVM 22): cargo test -p air-verify -p air-stitch --features mlir"
cargo test --locked -p air-verify -p air-stitch --features air-stitch/mlir,air-verify/mlir
# Feature xrt (docs/xrt.md): Debian's XRT 2.13 (libxrt-dev, above), the no-device paths, and the
# bridge's NPU half compiled against sid's XRT >= 2.18 headers (tools/xrt-headers.sh).
if npu_headers=$(tools/xrt-headers.sh); then
  export XRT_NPU_HEADERS="$npu_headers"
else
  [ "${CI:-}" = "true" ] && { echo "error: no XRT >= 2.18 headers for the NPU bridge check" >&2; exit 1; }
  echo "warning: no XRT >= 2.18 headers; the NPU half of the bridge is not compiled" >&2
fi
echo "==> feature xrt (NPU bridge checked against ${XRT_NPU_HEADERS:-nothing}): cargo test -p xrt-sys -p air-device -p air-stitch --features xrt"
cargo clippy --locked -q -p xrt-sys -p air-device -p air-stitch --all-targets --features air-device/xrt,air-stitch/xrt -- -D warnings
cargo test --locked -p xrt-sys -p air-device -p air-stitch --features air-device/xrt,air-stitch/xrt
echo "==> all tests passed"

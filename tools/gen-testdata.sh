#!/usr/bin/env bash
# Regenerates testdata/kernels/ (the fixture kernels of the reference merge plans in
# testdata/plans/) with the kernel generator, tools/kernelgen. The list of files and their
# shapes lives in tools/kernelgen/src/testdata.rs; the kernelgen tests fail when the committed
# files differ from what it generates. `--check` compares instead of writing.
set -euo pipefail
cd "$(dirname "$0")/.."
check=()
if [ "${1:-}" = "--check" ]; then
  check=(--check)
fi
cargo run --quiet --locked -p air-kernelgen --bin kernelgen -- testdata testdata/kernels "${check[@]}"

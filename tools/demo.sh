#!/usr/bin/env bash
# The main job on shipped inputs, with all set-up on a fresh machine (only Rust needed): build
# air-stitch, merge the reference llama-3.2-1B kernels by their plans (the decode FFN block
# o_gemv_ffn: 3 launches, 15-argument ABI with dead arguments and a prelude; and the 2-K GEMV
# merge that needs an extern rename), then outline, lint and check the results.
# Outputs go to target/demo/ (or $DEMO_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${DEMO_DIR:-target/demo}"
mkdir -p "$out"
cargo build --release --locked -q -p air-stitch
bin=target/release/air-stitch
run() { echo "\$ air-stitch $*" | sed "s#$bin #air-stitch #"; "$bin" "$@"; }

run merge --plan testdata/plans/o_gemv_ffn.toml -o "$out/o_gemv_ffn.mlir" --externs-report "$out/o_gemv_ffn.externs.json"
run merge --plan testdata/plans/gemv_2k_mv_k8192.toml -o "$out/gemv_2k.mlir" --externs-report "$out/gemv_2k.externs.json"
run merge --plan testdata/plans/rms_gemms_rope.toml -o "$out/rms_gemms_rope.mlir"
echo
run outline "$out/o_gemv_ffn.mlir" | head -40
echo
for module in o_gemv_ffn gemv_2k rms_gemms_rope; do
  run check-bd --report "$out/$module.mlir" || true
  run verify "$out/$module.mlir" || true
done
echo
echo "merged modules, extern reports and build recipes are in $out/"

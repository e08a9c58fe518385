#!/usr/bin/env bash
# The main job on shipped inputs, with all set-up on a fresh machine (only Rust needed): build
# air-stitch, merge the reference llama-3.2-1B kernels by their plans (the decode FFN block
# o_gemv_ffn: 3 launches, 15-argument ABI with dead arguments and a prelude; and the 2-K GEMV
# merge that needs an extern rename), then outline, lint and check the results, with AIR's own
# verifier as the last judge when it is available (or its kit is beside the repository).
# Outputs go to target/demo/ (or $DEMO_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${DEMO_DIR:-target/demo}"
mkdir -p "$out"
# shellcheck source=tools/lib.sh
source tools/lib.sh
echo "==> building air-stitch (release; about a minute the first time)"
cargo build --release --locked -p air-stitch
bin=target/release/air-stitch
run() { echo "\$ air-stitch $*" | sed "s#$bin #air-stitch #"; "$bin" "$@"; }

run merge --plan testdata/plans/o_gemv_ffn.toml -o "$out/o_gemv_ffn.mlir" --externs-report "$out/o_gemv_ffn.externs.json"
run merge --plan testdata/plans/gemv_2k_mv_k8192.toml -o "$out/gemv_2k.mlir" --externs-report "$out/gemv_2k.externs.json"
run merge --plan testdata/plans/rms_gemms_rope.toml -o "$out/rms_gemms_rope.mlir"
echo
run outline "$out/o_gemv_ffn.mlir" | head -40
echo
# check-bd with each plan's [backend] (the options upstream compiles the module with), and the
# real compiler's MLIR half as the judge when there is one ($AIR_LOWERING_KIT, aircc and aiecc on
# PATH, or the compiler kit beside the repository, built and cached: 10-17 minutes the first
# time): its verdict and the NPU instruction words per sequence (docs/lowering.md).
lower=()
if find_lowering_kit; then
  lower=(--lower="$AIR_LOWERING_KIT")
fi
run check-bd --report --plan testdata/plans/o_gemv_ffn.toml "${lower[@]}" "$out/o_gemv_ffn.mlir"
run check-bd --plan testdata/plans/gemv_2k_mv_k8192.toml "${lower[@]}" "$out/gemv_2k.mlir"
run check-bd --plan testdata/plans/rms_gemms_rope.toml "${lower[@]}" "$out/rms_gemms_rope.mlir"
# verify: AIR's rules natively, then AIR's own verifier when there is one ($AIR_OPT, air-opt on
# PATH, or air-mini-opt built from the kit beside the repository: about a minute the first time).
find_air_opt || true
run verify "$out/o_gemv_ffn.mlir" "$out/gemv_2k.mlir" "$out/rms_gemms_rope.mlir"
echo
# group: the whole prefill block from its layer file, the fewest XRT calls (docs/group.md).
run group testdata/layers/llama32_1b_prefill.toml -o "$out/groups" "${lower[@]}"
echo
echo "the prefill groups' plans, modules and roles are in $out/groups/"
echo "merged modules and extern reports are in $out/; the build recipe of each renamed extern's object"
echo "(its -D defines) is in the \"builds\" list of the extern report, e.g. $out/gemv_2k.externs.json"

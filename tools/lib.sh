# Shell functions shared by tools/test-all.sh and tools/demo.sh (source it; it runs nothing).
# The lookups here are the ones crates/testkit/src/corpus.rs and the README describe.

# The folder `shared/NAME` beside the repository: ../shared/NAME, or in a folder above that
# (a worktree under a sibling folder). Prints it; fails when there is none.
find_beside() {
  local dir
  dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  while [ "$dir" != "/" ]; do
    dir="$(dirname "$dir")"
    if [ -d "$dir/shared/$1" ]; then
      echo "$dir/shared/$1"
      return 0
    fi
  done
  return 1
}

# AIR's own verifier, the judge of every AIR file the project ships or emits: $AIR_OPT, else
# air-opt on PATH, else air-mini-opt built by the kit beside the repository (AIR_OPT_KIT, or
# shared/air-opt found by find_beside; about a minute the first time, nothing afterwards).
# Exports AIR_OPT when it builds one; says on stderr what it found. Returns 1 when there is
# none (the caller decides: the tests that need one skip, or fail under CI=true).
find_air_opt() {
  if [ -n "${AIR_OPT:-}" ]; then
    echo "==> AIR's verifier: $AIR_OPT (\$AIR_OPT)" >&2
    return 0
  fi
  if command -v air-opt >/dev/null 2>&1; then
    echo "==> AIR's verifier: $(command -v air-opt) (air-opt on PATH)" >&2
    return 0
  fi
  local kit="${AIR_OPT_KIT:-$(find_beside air-opt || true)}"
  if [ -n "$kit" ] && [ -x "$kit/build.sh" ]; then
    echo "==> building AIR's verifier (air-mini-opt) with $kit/build.sh" >&2
    AIR_OPT="$("$kit/build.sh" | tail -1)"
    export AIR_OPT
    echo "==> AIR's verifier: $AIR_OPT" >&2
    return 0
  fi
  echo "==> no AIR verifier: set AIR_OPT, put air-opt on PATH, or place the kit (build.sh) at ../shared/air-opt or AIR_OPT_KIT" >&2
  return 1
}

# The upstream corpus, looked up in the testkit's order; only reports what the tests will use,
# except that with AIR_STITCH_FETCH=1 and nothing else found it fetches now (so the progress
# shows) and exports AIR_STITCH_CORPUS. Returns 1 when there is none.
find_corpus() {
  if [ -n "${AIR_STITCH_CORPUS:-}" ]; then
    echo "==> corpus: $AIR_STITCH_CORPUS (\$AIR_STITCH_CORPUS)" >&2
  elif [ -n "${MLIR_AIR_SRC:-}" ]; then
    echo "==> corpus: $MLIR_AIR_SRC (\$MLIR_AIR_SRC)" >&2
  elif find_beside corpus/mlir-air >/dev/null; then
    echo "==> corpus: $(find_beside corpus/mlir-air)" >&2
  elif [ "${AIR_STITCH_FETCH:-}" = 1 ]; then
    AIR_STITCH_CORPUS="$("$(dirname "${BASH_SOURCE[0]}")/fetch-corpus.sh" | tail -1)"
    export AIR_STITCH_CORPUS
    echo "==> corpus: $AIR_STITCH_CORPUS (fetched)" >&2
  else
    echo "==> no corpus: set AIR_STITCH_CORPUS or MLIR_AIR_SRC, place it at ../shared/corpus/mlir-air, or set AIR_STITCH_FETCH=1 (testdata/corpus/README.md)" >&2
    return 1
  fi
}

# The MLIR half of the real compiler (aircc's passes, aiecc's up to the NPU instruction stream),
# the judge of what the project ships and of check-bd: $AIR_LOWERING_KIT (a directory holding
# aircc and aiecc), else aircc and aiecc on PATH (a user's mlir-air install), else the compiler
# kit beside the repository (COMPILER_KIT, or shared/compiler-kit found by find_beside), built
# and cached by its build.sh (about 10-17 minutes the first time on 2 cores, seconds afterwards).
# Exports AIR_LOWERING_KIT when it finds or builds one; returns 1 when there is none.
find_lowering_kit() {
  if [ -n "${AIR_LOWERING_KIT:-}" ]; then
    echo "==> the compiler's lowering: $AIR_LOWERING_KIT (\$AIR_LOWERING_KIT)" >&2
    return 0
  fi
  if command -v aircc >/dev/null 2>&1 && command -v aiecc >/dev/null 2>&1; then
    AIR_LOWERING_KIT="$(dirname "$(command -v aircc)")"
    export AIR_LOWERING_KIT
    echo "==> the compiler's lowering: $AIR_LOWERING_KIT (aircc and aiecc on PATH)" >&2
    return 0
  fi
  local kit="${COMPILER_KIT:-$(find_beside compiler-kit || true)}"
  if [ -n "$kit" ] && [ -x "$kit/build.sh" ]; then
    # The kit's build.sh asks ninja, which goes by timestamps: a fresh copy of the kit (same
    # content, new mtimes) rebuilds all of it (~1 hour on 2 cores) and changes aiecc's bytes,
    # which empties the verdict cache. Its content, the LLVM packages and the built binaries
    # are the key instead: the same key skips build.sh.
    local record="${XDG_CACHE_HOME:-$HOME/.cache}/air-stitch/compiler-kit.key"
    local key
    key="$(kit_content_key "$kit")"
    if [ -f "$record" ] && [ "$(head -1 "$record")" = "$key" ]; then
      local bin
      bin="$(sed -n 2p "$record")"
      if [ -x "$bin/aircc" ] && [ -x "$bin/aiecc" ] && [ -x "$bin/air-opt" ] && [ -x "$bin/aie-opt" ]; then
        AIR_LOWERING_KIT="$bin"
        export AIR_LOWERING_KIT
        echo "==> the compiler's lowering: $AIR_LOWERING_KIT (built from the same kit content: $record)" >&2
        return 0
      fi
    fi
    echo "==> building the compiler's lowering with $kit/build.sh (cached; ~10-17 minutes the first time)" >&2
    AIR_LOWERING_KIT="$("$kit/build.sh" | tail -1)"
    export AIR_LOWERING_KIT
    mkdir -p "$(dirname "$record")"
    printf '%s\n%s\n' "$key" "$AIR_LOWERING_KIT" > "$record.tmp" && mv "$record.tmp" "$record"
    echo "==> the compiler's lowering: $AIR_LOWERING_KIT" >&2
    return 0
  fi
  echo "==> no compiler lowering: set AIR_LOWERING_KIT, put aircc and aiecc on PATH, or place the kit (build.sh) at ../shared/compiler-kit or COMPILER_KIT" >&2
  return 1
}

# The content of a compiler kit (every file's bytes, by path) and the versions of the packages
# its build.sh installs: what its binaries are a function of.
kit_content_key() {
  local kit="$1"
  {
    (cd "$kit" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
    dpkg-query -W -f='${Package} ${Version} ${Status}\n' libmlir-22-dev llvm-22-dev mlir-22-tools llvm-22-tools \
      libclang-common-22-dev libpolly-22-dev libzstd-dev cmake ninja-build g++ python3 patch 2>&1 || true
  } | sha256sum | cut -d' ' -f1
}

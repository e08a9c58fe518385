#!/usr/bin/env bash
# Fetches the upstream corpus for machines with network, when asked (AIR_STITCH_FETCH=1; see
# testdata/corpus/README.md): a shallow, sparse git checkout of the repository and commit
# pinned in the manifest, holding only the files the manifest lists, in a cache folder. Prints
# that folder on its last line; a second run finds it complete and fetches nothing.
#
#   tools/fetch-corpus.sh [--manifest FILE] [--print-commands]
#
# --print-commands prints the git commands it would run and stops. Environment:
# AIR_STITCH_CACHE (the cache folder; default ${XDG_CACHE_HOME:-~/.cache}/air-stitch) and
# MLIR_AIR_URL (where to fetch from; default the manifest's #repository).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/testdata/corpus/mlir-air.tsv"
print_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --manifest) manifest="$2"; shift 2 ;;
    --print-commands) print_only=1; shift ;;
    *) echo "usage: tools/fetch-corpus.sh [--manifest FILE] [--print-commands]" >&2; exit 2 ;;
  esac
done

commit="$(awk -F'\t' '$1 == "#commit" { print $2 }' "$manifest")"
repository="$(awk -F'\t' '$1 == "#repository" { print $2 }' "$manifest")"
if ! [[ "$commit" =~ ^[0-9a-f]{40}$ ]] || [ -z "$repository" ]; then
  echo "error: $manifest has no #repository line or no 40-digit #commit line" >&2
  exit 2
fi
url="${MLIR_AIR_URL:-$repository}"
cache="${AIR_STITCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/air-stitch}"
dest="$cache/mlir-air-$commit"
# Sparse-checkout patterns: each listed path, anchored at the repository root.
patterns() { awk -F'\t' 'f { print "/" $1 } $0 == "path\tbytes\tgit_blob\tsplit\texpect" { f = 1 }' "$manifest"; }
count="$(patterns | wc -l)"

if [ "$print_only" = 1 ]; then
  cat <<EOF
git init -q DIR
git -C DIR remote add origin $url
git -C DIR sparse-checkout set --no-cone --stdin  # $count paths from $manifest
git -C DIR fetch --depth 1 --filter=blob:none origin $commit
git -C DIR checkout -q --detach FETCH_HEAD
# then DIR becomes $dest
EOF
  exit 0
fi

if [ -f "$dest/.air-stitch-complete" ]; then
  echo "$dest"
  exit 0
fi

fail() {
  cat >&2 <<EOF
error: could not fetch $count files of $url at $commit: $1
The corpus can also be given without network (testdata/corpus/README.md):
  AIR_STITCH_CORPUS=DIR      a folder holding those files at their upstream paths
  MLIR_AIR_SRC=DIR           an mlir-air checkout at that commit
  ../shared/corpus/mlir-air  the corpus folder beside the repository
EOF
  exit 1
}

mkdir -p "$cache"
tmp="$(mktemp -d "$cache/.fetch-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
echo "==> fetching $count files of $url at $commit into $dest" >&2
git init -q "$tmp"
git -C "$tmp" remote add origin "$url"
patterns | git -C "$tmp" sparse-checkout set --no-cone --stdin
git -C "$tmp" fetch --depth 1 --filter=blob:none origin "$commit" >&2 || fail "git fetch failed (no network, or the commit is not there)"
git -C "$tmp" checkout -q --detach FETCH_HEAD >&2 || fail "git checkout failed"
[ "$(git -C "$tmp" rev-parse HEAD)" = "$commit" ] || fail "the fetched commit is $(git -C "$tmp" rev-parse HEAD)"
touch "$tmp/.air-stitch-complete"
# Another run may have finished first: its copy is as good as ours.
mv -T "$tmp" "$dest" 2>/dev/null || [ -f "$dest/.air-stitch-complete" ] || fail "cannot move the checkout to $dest"
echo "$dest"

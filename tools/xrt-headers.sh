#!/usr/bin/env bash
# Prints the directory of XRT >= 2.18 headers (Debian unstable's libxrt-dev, unpacked), for
# XRT_NPU_HEADERS: xrt-sys then compiles its bridge's NPU half against them (docs/xrt.md).
# Download only: a private apt source list and state, never installed (its libraries need glibc
# 2.38). Cached under ~/.cache/air-stitch/xrt-headers/VERSION; whatever version sid has is used.
# Exit status 1, with the reason on standard error, when they cannot be had.
set -euo pipefail
cache="${XDG_CACHE_HOME:-$HOME/.cache}/air-stitch/xrt-headers"
found=$(ls -d "$cache"/*/xrt/detail/version-slim.h 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$found" ]; then
  dirname "$(dirname "$(dirname "$found")")"
  exit 0
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/etc" "$d/lists/partial" "$d/archives/partial"
uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
uri=${uri:-http://deb.debian.org/debian}
printf 'Types: deb\nURIs: %s\nSuites: sid\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
  "$uri" > "$d/etc/sid.sources"
A=(-o Dir::Etc::sourcelist=/dev/null -o "Dir::Etc::sourceparts=$d/etc" -o "Dir::State::lists=$d/lists"
   -o "Dir::Cache::archives=$d/archives" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${A[@]}" update -qq >&2
(cd "$d" && apt-get "${A[@]}" download libxrt-dev >&2 2>/dev/null) || { echo "cannot download sid's libxrt-dev" >&2; exit 1; }
dpkg -x "$d"/libxrt-dev_*.deb "$d/x"
header="$d/x/usr/include/xrt/detail/version-slim.h"
[ -f "$header" ] || { echo "sid's libxrt-dev has no xrt/detail/version-slim.h" >&2; exit 1; }
version=$(sed -n 's/.*XRT_VERSION_CODE XRT_VERSION(\([0-9]*\), *\([0-9]*\)).*/\1.\2/p' "$header")
case "$version" in
  2.1[89]|2.[2-9][0-9]|[3-9].*) ;;
  *) echo "sid's libxrt-dev is XRT ${version:-unknown}, older than 2.18" >&2; exit 1 ;;
esac
mkdir -p "$cache"
rm -rf "${cache:?}/$version"
mv "$d/x/usr/include" "$cache/$version"
echo "$cache/$version"

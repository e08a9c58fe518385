"""The Python call overhead of stitch_text: the same 3-slice merge through stitch_text, through
the native call alone, and through the CLI (``air-stitch merge``, a process: reading, merging,
writing), best of N wall-clock runs. Slices from ``cargo run --release -p air-merge --example
write_synthetic -- DIR LAUNCHES``.

    python crates/python/bench/stitch_overhead.py DIR [--cli target/release/air-stitch] [-n 10]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import tempfile
import time
from typing import Callable, List

from air_stitch import FuncArg, KernelSlice, _native, stitch_text

TYPES = ["memref<1024x1024xbf16>", "memref<1024x1024xbf16>", "memref<1024x1024xf32>"]


def best(n: int, run: Callable[[], object]) -> float:
    times: List[float] = []
    for _ in range(n):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dir", type=pathlib.Path)
    parser.add_argument("--cli", default="target/release/air-stitch")
    parser.add_argument("-n", type=int, default=10)
    args = parser.parse_args()
    files = sorted(args.dir.glob("s*.mlir"))
    texts = [f.read_text(encoding="utf-8") for f in files]
    size = sum(len(t) for t in texts)
    base = [FuncArg(f"%arg{i}", TYPES[i % 3]) for i in range(3 * len(texts))]
    slices = [
        KernelSlice(t, f"s{k}", {j: 3 * k + j for j in range(3)}, name=str(f)) for k, (t, f) in enumerate(zip(texts, files))
    ]
    native_args = [(a.name, a.type) for a in base]
    native_slices = [(s.ir, s.prefix, s.name, s.arg_map, {}, []) for s in slices]
    py = best(args.n, lambda: stitch_text("fused", base, slices))
    native = best(args.n, lambda: json.loads(_native.stitch("fused", native_args, native_slices, "", [], [])))
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "fused.mlir"
        cli = best(args.n, lambda: subprocess.run([args.cli, "merge", *map(str, files), "-o", str(out)], check=True, capture_output=True))
    print(f"input {size / 1e6:.2f} MB in {len(files)} slices, best of {args.n}")
    print(f"stitch_text        {py * 1e3:8.1f} ms")
    print(f"_native.stitch     {native * 1e3:8.1f} ms  (the Python layer adds {(py - native) * 1e3:.2f} ms)")
    print(f"air-stitch merge   {cli * 1e3:8.1f} ms  (a process: read, merge on 2 cores, write)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""numpy's side of the compare benchmark: the metrics of `air-stitch compare` (docs/compare.md)
on 2 x 64 M bf16 elements in memory, as crates/arrays/benches/compare.rs times them in Rust.

  tools/compare-bench.py [--elements N] [--repeat R]

Prints the best of R runs. bf16 is upcast to f64 as XRTRunner does.
"""
import argparse
import time

import numpy as np


def metrics(out_bits, ref_bits, rtol=1.6e-2, atol=1e-3):
    o = (out_bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    r = (ref_bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    both = np.isfinite(o) & np.isfinite(r)
    fo, fr = o[both], r[both]
    diff = np.abs(fo - fr)
    close = np.isclose(o, r, rtol=rtol, atol=atol)
    return {
        "cosine": float(np.dot(fo, fr) / (np.linalg.norm(fo) * np.linalg.norm(fr))),
        "max_abs": float(diff.max()),
        "max_rel": float((diff / np.maximum(np.abs(fr), 1e-6)).max()),
        "mean_rel_L1": float(diff.mean() / (np.abs(fr).mean() + 1e-30)),
        "mismatches": int((~close).sum()),
        "nan": int(np.isnan(o).sum()), "inf": int(np.isinf(o).sum()),
        "ref_nan": int(np.isnan(r).sum()), "ref_inf": int(np.isinf(r).sum()),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--elements", type=int, default=64 << 20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    x = rng.standard_normal(args.elements, dtype=np.float32)
    bits = ((x.view(np.uint32) + 0x7FFF + ((x.view(np.uint32) >> 16) & 1)) >> 16).astype(np.uint16)
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        m = metrics(bits, bits.copy())
        best = min(best, time.perf_counter() - start)
    print(f"numpy {np.__version__}: {args.elements} bf16 elements x 2: best of {args.repeat}: {best:.3f} s {m}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fixtures for `air-stitch compare`, made with numpy.

  tools/compare-fixtures.py DIR          random arrays and numpy's metrics on them
                                         (DIR/expected.json), for crates/arrays/tests/numpy.rs
  tools/compare-fixtures.py --testdata   the small committed fixtures of testdata/compare/

The metrics are the definitions of docs/compare.md, computed here with numpy in float64 over
the elements where both sides are finite (mlir-air's xrt_runner.py and
llms/verify/comparators.py on finite data). Deterministic: fixed seeds.
"""
import json
import os
import sys

import numpy as np


def to_bf16_bits(a):
    """float32 -> bf16 bit patterns (uint16), round to nearest even, as ml_dtypes does."""
    bits = np.asarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(a, dtype=np.float32))
    out = rounded.astype(np.uint16)
    out[nan] = 0x7FC0
    return out


def from_bf16_bits(bits):
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def as_f64(arr, dtype):
    return from_bf16_bits(arr).astype(np.float64) if dtype == "bf16" else arr.astype(np.float64)


def metrics(out, ref, rtol, atol, per_row):
    o, r = out.reshape(-1), ref.reshape(-1)
    both = np.isfinite(o) & np.isfinite(r)
    fo, fr = o[both], r[both]
    diff = np.abs(fo - fr)
    close = np.isclose(o, r, rtol=rtol, atol=atol, equal_nan=False)
    n = int(both.sum())
    m = {
        "elements": int(o.size),
        "mismatches": int((~close).sum()),
        "nan": int(np.isnan(o).sum()),
        "inf": int(np.isinf(o).sum()),
        "ref_nan": int(np.isnan(r).sum()),
        "ref_inf": int(np.isinf(r).sum()),
        "first_mismatches": [list(map(int, np.unravel_index(i, out.shape))) for i in np.flatnonzero(~close)[:20]],
    }
    if n:
        denom = np.linalg.norm(fo) * np.linalg.norm(fr)
        m["cosine"] = float(np.dot(fo, fr) / denom) if denom > 0 else 0.0
        m["max_abs"] = float(diff.max())
        m["max_rel"] = float((diff / np.maximum(np.abs(fr), 1e-6)).max())
        m["mean_rel_L1"] = float(diff.mean() / (np.abs(fr).mean() + 1e-30))
    if per_row and out.ndim >= 1 and out.shape[0] > 0:
        a = np.where(np.isfinite(out) & np.isfinite(ref), out, 0.0).reshape(out.shape[0], -1)
        b = np.where(np.isfinite(out) & np.isfinite(ref), ref, 0.0).reshape(out.shape[0], -1)
        denom = np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1)
        cos = np.zeros(a.shape[0])
        mask = denom > 0
        cos[mask] = np.sum(a * b, axis=1)[mask] / denom[mask]
        m["per_row"] = {"min": float(cos.min()), "p5": float(np.percentile(cos, 5)),
                        "median": float(np.median(cos)), "mean": float(cos.mean())}
    return m


def cases(rng):
    """(name, out array as stored, out dtype, ref array, ref dtype, rtol, atol, per_row)."""
    ref = rng.standard_normal((300, 257)).astype(np.float32)
    noisy = ref + rng.standard_normal(ref.shape).astype(np.float32) * 1e-2
    yield "f32_noisy", noisy, "f32", ref, "f32", 1.6e-2, 1e-3, True
    yield "bf16_vs_f32", to_bf16_bits(noisy), "bf16", ref, "f32", 1.6e-2, 5e-2, True
    big = rng.standard_normal(1_500_003).astype(np.float32)
    yield "bf16_big", to_bf16_bits(big * 1.001), "bf16", to_bf16_bits(big), "bf16", 1.6e-2, 1e-3, False
    f64 = rng.standard_normal((64, 3, 5))
    bad = f64 + rng.standard_normal(f64.shape) * 0.5
    bad.reshape(-1)[[7, 100, 900]] = [np.nan, np.inf, -np.inf]
    yield "f64_nan_inf", bad, "f64", f64, "f64", 1e-3, 1e-3, True
    yield "f16", noisy.astype(np.float16), "f16", ref, "f32", 1.6e-2, 1e-3, True
    ints = rng.integers(-1000, 1000, size=(50, 40)).astype(np.int32)
    yield "i32", ints + (rng.random(ints.shape) < 0.1), "i32", ints, "i32", 0.0, 0.0, True
    yield "uncorrelated", rng.standard_normal(10_000), "f64", rng.standard_normal(10_000), "f64", 1.6e-2, 1e-3, False


def numpy_fixtures(directory):
    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(20240613)
    expected = {}
    for name, out, dout, ref, dref, rtol, atol, per_row in cases(rng):
        np.save(os.path.join(directory, f"{name}.out.npy"), out)
        np.save(os.path.join(directory, f"{name}.ref.npy"), ref)
        m = metrics(as_f64(out, dout), as_f64(ref, dref), rtol, atol, per_row)
        expected[name] = {"dtype_out": dout, "dtype_ref": dref, "rtol": rtol, "atol": atol,
                          "per_row": per_row, "metrics": m}
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
    print(f"wrote {len(expected)} cases to {directory}")


def save(path, array, version=None):
    with open(path, "wb") as f:
        np.lib.format.write_array(f, array, version=version)


def testdata(directory):
    os.makedirs(directory, exist_ok=True)
    p = lambda name: os.path.join(directory, name)
    ref = (np.arange(32, dtype=np.float32).reshape(4, 8) - 15.5) / 4
    out = ref + np.float32(0.003) * np.sin(np.arange(32, dtype=np.float32)).reshape(4, 8)
    np.save(p("ref_f32.npy"), ref)
    np.save(p("out_bf16.npy"), to_bf16_bits(out))
    np.savez_compressed(p("pair.npz"), out=to_bf16_bits(out), ref=to_bf16_bits(ref))
    to_bf16_bits(out).tofile(p("out.bin"))
    to_bf16_bits(ref).tofile(p("ref.bin"))
    # A failing output: two elements off, one row reversed.
    wrong = ref.copy()
    wrong[1, 2] += 1.0
    wrong[3] = wrong[3, ::-1]
    np.save(p("wrong_f32.npy"), wrong)
    np.save(p("zeros.npy"), np.zeros((4, 8), np.float32))
    nan = ref.copy()
    nan[2, 5] = np.nan
    np.save(p("nan.npy"), nan)
    inf = ref.copy()
    inf[0, 0] = np.inf
    np.save(p("inf.npy"), inf)
    np.save(p("shape_2x16.npy"), ref.reshape(2, 16))
    np.save(p("empty.npy"), np.zeros((0, 8), np.float32))
    # bf16 rounding: values that round to even in bf16, as bf16 bits and as f32.
    halfway = np.array([1 + 2**-8, 1 + 3 * 2**-8, 256.5, -1 - 2**-9], np.float32)
    np.save(p("round_f32.npy"), halfway)
    np.save(p("round_bf16.npy"), to_bf16_bits(halfway))
    values = np.array([0, 1, 2, 3, 5, 7, 100, 127], dtype=np.int64)
    for name, dt in [("bool", "?"), ("i8", "<i1"), ("i16", "<i2"), ("i32", "<i4"), ("i64", "<i8"),
                     ("u8", "<u1"), ("u16", "<u2"), ("u32", "<u4"), ("u64", "<u8"),
                     ("f16", "<f2"), ("f32", "<f4"), ("f64", "<f8"),
                     ("i32be", ">i4"), ("f64be", ">f8"), ("f32be", ">f4"), ("u16be", ">u2")]:
        np.save(p(f"dtype_{name}.npy"), values.astype(np.dtype(dt)).reshape(2, 4))
    save(p("v2.npy"), ref, version=(2, 0))
    save(p("v3.npy"), ref, version=(3, 0))
    np.save(p("fortran.npy"), np.asfortranarray(ref))
    with open(p("ref_f32.npy"), "rb") as f:
        whole = f.read()
    with open(p("truncated.npy"), "wb") as f:
        f.write(whole[:-10])
    print(f"wrote the fixtures of {directory}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--testdata"]:
        testdata(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "compare"))
    elif len(sys.argv) == 2:
        numpy_fixtures(sys.argv[1])
    else:
        sys.exit(__doc__)

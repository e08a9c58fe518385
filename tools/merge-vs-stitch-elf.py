#!/usr/bin/env python3
"""air-stitch merge against mlir-air's stitch_elf, in one run, on the same inputs and wiring.

Usage: merge-vs-stitch-elf.py --stitching PATH/stitching.py --air-stitch BIN [--runs N] DIR...

Each DIR holds `files.txt` (slice files in order), as `cargo run --release -p air-merge
--example merge_inputs -- write OUT` writes them. The wiring is air-stitch's zero-config one:
every slice argument its own combined argument, in order. stitch_elf runs its text path (the
final `air.ir.Module.parse` is replaced by a stand-in that returns the text, since mlir-air's
Python bindings are not installed here); air-stitch runs as the user would (`merge FILES -o
OUT`: reading, parsing, every check, the equivalence proof, the final parse, writing).
Prints the best of N wall-clock times of each and the ratio. Upstream's file is read from
PATH at run time, never copied into this repository.
"""
import argparse
import importlib.util
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
import types


def stand_in_air_ir():
    """`air.ir` with a Module.parse that returns the text (a test double: no mlir-air here)."""
    air = types.ModuleType("air")
    ir = types.ModuleType("air.ir")

    class Context:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    class Module:
        @staticmethod
        def parse(text, ctx=None):
            return text

    ir.Context, ir.Module = Context, Module
    air.ir = ir
    sys.modules["air"], sys.modules["air.ir"] = air, ir


def load_stitching(path):
    spec = importlib.util.spec_from_file_location("stitching", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SIGNATURE = re.compile(r"func\.func @[\w.$-]+\((.*?)\)\s*(attributes|\{|->)", re.S)


def kernel_arg_types(text):
    """The argument types of the slice's kernel (its first non-private func.func)."""
    for match in SIGNATURE.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if "private" in text[line_start : match.start()]:
            continue
        args, depth, current = [], 0, ""
        for ch in match.group(1):
            if ch in "<([{":
                depth += 1
            elif ch in ">)]}":
                depth -= 1
            if ch == "," and depth == 0:
                args.append(current)
                current = ""
            else:
                current += ch
        if current.strip():
            args.append(current)
        return [a.split(":", 1)[1].strip() for a in args]
    return []


def best_of(runs, fn):
    """Best wall-clock and best CPU time (this process and its children) of `runs` calls: on a
    shared machine the CPU time is the steadier figure."""
    best, best_cpu = float("inf"), float("inf")
    for _ in range(runs):
        cpu = cpu_seconds()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, cpu_seconds() - cpu)
    return best, best_cpu


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stitching", required=True)
    parser.add_argument("--air-stitch", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    # The merges run in each input directory: a relative binary path means the caller's.
    if os.sep in args.air_stitch:
        args.air_stitch = os.path.abspath(args.air_stitch)
    stand_in_air_ir()
    st = load_stitching(args.stitching)
    print("| input | slices | MB | stitch_elf wall / CPU | air-stitch merge wall / CPU | ratio wall / CPU |")
    print("|---|---|---|---|---|---|")
    for d in args.dirs:
        files = open(os.path.join(d, "files.txt")).read().split()
        texts = [open(os.path.join(d, f)).read() for f in files]
        base_args, slices, offset = [], [], 0
        for idx, text in enumerate(texts):
            types_ = kernel_arg_types(text)
            base_args += [st.FuncArg(f"%arg{offset + i}", t) for i, t in enumerate(types_)]
            slices.append(st.KernelSlice(text, f"s{idx}", {i: offset + i for i in range(len(types_))}))
            offset += len(types_)
        python = best_of(args.runs, lambda: st.stitch_elf("fused", base_args, slices))
        out = os.path.join(tempfile.mkdtemp(), "fused.mlir")

        def merge():
            subprocess.run([args.air_stitch, "merge", *files, "-o", out], cwd=d, check=True, capture_output=True)

        rust = best_of(args.runs, merge)
        megabytes = sum(map(len, texts)) / 1e6
        name = os.path.basename(os.path.normpath(d))
        (pw, pc), (rw, rc) = python, rust
        print(
            f"| {name} | {len(texts)} | {megabytes:.2f} | {pw * 1e3:.0f} / {pc * 1e3:.0f} ms "
            f"| {rw * 1e3:.1f} / {rc * 1e3:.1f} ms | {pw / rw:.1f}x / {pc / rc:.1f}x |"
        )


if __name__ == "__main__":
    main()

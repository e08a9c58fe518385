"""Runs a layer's `sequence` from `group`'s groups document as a user pastes it, twice, against a
test double of mlir-air's KernelCache: `load_and_run` follows upstream's buffer protocol
(programming_examples/llms/shared/infra/cache.py: device buffers per bo_key; on a bo_key's
later calls the static and intermediate indices are not written; only output_indices are read
back), and the "device" runs each group's launches on versioned values, whole buffers at a time,
from the group's roles document (which launch reads and writes which argument). There is no NPU
here: the double checks the sequence's wiring and sets, not numbers.

Usage: python3 replay.py DIR/LAYER.groups.json [SEQUENCE.py]
  SEQUENCE.py: run this text instead of the document's `sequence` (a user's edited copy).
Prints one JSON line: {"calls": N, "invocations": 2, "stale": [...]}; exit 0 when nothing is stale.
"""

import json
import os
import sys


class Value:
    """A host array or device buffer: which write it holds."""

    def __init__(self, version):
        self.version = version

    def copy(self):
        return Value(self.version)


class Layer:
    def __init__(self, doc_path):
        self.dir = os.path.dirname(doc_path)
        with open(doc_path) as f:
            self.doc = json.load(f)
        self.modules = {}
        self.kinds = {}
        for number, group in enumerate(self.doc["groups"], start=1):
            if group["external"] or not group.get("roles"):
                continue
            with open(os.path.join(self.dir, group["roles"])) as f:
                roles = json.load(f)
            launches = len(roles["launches"])
            steps = [([], []) for _ in range(launches)]
            for arg in roles["args"]:
                for launch in arg["reads"]:
                    steps[launch - 1][0].append(arg["index"])
                for launch in arg["writes"]:
                    steps[launch - 1][1].append(arg["index"])
                self.kinds[group["args"][arg["index"]]] = arg["kind"]
            self.modules[group["load_and_run"]["name"]] = (number, group["args"], steps)
        self.externals = {}
        for number, group in enumerate(self.doc["groups"], start=1):
            if group["external"]:
                self.externals[group["kernels"][0]] = (number, group["reads"], group["writes"])
        self.reference = {}
        self.stale = []
        self.invocation = 0

    def check(self, who, name, seen):
        want = self.reference.get(name)
        kind = self.kinds.get(name)
        current = want is not None and (want[0] in ("weight",) or want[1] == self.invocation)
        if kind == "scratch":
            return
        if seen.version != want or not current:
            self.stale.append(
                {"invocation": self.invocation, "reader": who, "buffer": name, "saw": seen.version, "want": want}
            )


class FakeKernelCache:
    """KernelCache.load_and_run's buffer protocol over a device double."""

    def __init__(self, layer):
        self.layer = layer
        self._cached_bos = {}

    def load_and_run(
        self,
        name,
        backend_kwargs,
        *inputs,
        output_indices=None,
        static_input_indices=None,
        intermediate_indices=None,
        bo_key=None,
    ):
        number, args, steps = self.layer.modules[name]
        assert len(inputs) == len(args), f"{name}: {len(inputs)} inputs for {len(args)} arguments"
        assert isinstance(backend_kwargs, dict) and backend_kwargs.get("instance_name") == name
        key = bo_key if bo_key is not None else name
        static = set(static_input_indices or [])
        intermediate = set(intermediate_indices or [])
        first_call = key not in self._cached_bos
        if first_call:
            self._cached_bos[key] = [Value(("unset",)) for _ in inputs]
        bos = self._cached_bos[key]
        for i, a in enumerate(inputs):
            if i in static and not first_call:
                continue
            if i in intermediate and not first_call:
                continue
            bos[i] = a.copy()
        for launch, (reads, writes) in enumerate(steps, start=1):
            for i in reads:
                self.layer.check(f"call {number} launch {launch}", args[i], bos[i])
            for i in writes:
                version = ("written", self.layer.invocation, number, launch)
                bos[i] = Value(version)
                self.layer.reference[args[i]] = version
        readback = {len(inputs) - 1} if output_indices is None else set(output_indices)
        return tuple(bos[i].copy() if i in readback else None for i in range(len(inputs)))


def main():
    doc_path = sys.argv[1]
    layer = Layer(doc_path)
    text = layer.doc["sequence"]
    if len(sys.argv) > 2:
        with open(sys.argv[2]) as f:
            text = f.read()
    scope = {}
    exec(compile(text, "sequence", "exec"), scope)
    run = scope["run_" + layer.doc["layer"]]
    cache = FakeKernelCache(layer)

    def external(kernel):
        number, reads, writes = layer.externals[kernel]

        def call(bufs):
            for name in reads:
                layer.check(f"call {number} ({kernel})", name, bufs[name])
            for name in writes:
                version = ("written", layer.invocation, number, 0)
                bufs[name] = Value(version)
                layer.reference[name] = version

        return call

    externals = {kernel: external(kernel) for kernel in layer.externals}
    # The host's inputs: every buffer some call reads before any call writes it.
    written = set()
    inputs = []
    for group in layer.doc["groups"]:
        if group["external"]:
            inputs += [b for b in group["reads"] if b not in written and b not in inputs]
            written |= set(group["writes"])
            continue
        _, args, steps = layer.modules[group["load_and_run"]["name"]]
        for reads, writes in steps:
            inputs += [args[i] for i in reads if args[i] not in written and args[i] not in inputs]
            written |= {args[i] for i in writes}
    names = {name for group in layer.doc["groups"] for name in group["args"]}
    bufs = {name: Value(("unset",)) for name in names}
    for invocation in (1, 2):
        layer.invocation = invocation
        for name in inputs:
            version = ("weight", 0) if layer.kinds.get(name) == "weight" else ("input", invocation)
            bufs[name] = Value(version)
            layer.reference[name] = version
        bufs = run(cache, bufs, externals, layer=0)
        for name in layer.doc["outputs"]:
            layer.check("the layer's consumer", name, bufs[name])
    print(json.dumps({"calls": len(layer.doc["groups"]), "invocations": 2, "stale": layer.stale}))
    sys.exit(1 if layer.stale else 0)


main()

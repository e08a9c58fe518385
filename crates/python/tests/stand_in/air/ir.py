"""A test double of mlir-air's ``air.ir``: ``Module.parse(text, context)`` records its
arguments in ``PARSED`` and returns a module holding the text, or raises when ``FAIL`` is set,
as a real parse of a bad module would. The real mlir-air bindings cannot be installed here."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

PARSED: List[Tuple[str, Any]] = []
FAIL: List[bool] = [False]


class Context:
    """Stands in for ``air.ir.Context``: a context manager and nothing else."""

    def __enter__(self) -> "Context":
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class Module:
    """Stands in for ``air.ir.Module``."""

    def __init__(self, text: str) -> None:
        self.text = text

    @staticmethod
    def parse(text: str, context: Optional[Context] = None) -> "Module":
        PARSED.append((text, context))
        if FAIL[0]:
            raise RuntimeError("stand-in air.ir: cannot parse")
        return Module(text)

    def __str__(self) -> str:
        return self.text

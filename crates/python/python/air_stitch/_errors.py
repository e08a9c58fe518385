"""The exceptions and warnings of air_stitch."""

from __future__ import annotations

from typing import Any, List, Optional, TypedDict


class Label(TypedDict):
    """Where a diagnostic points: the file (a slice's prefix or name for stitch_text, the plan
    ``<stitch_text plan>``), 1-based line and column, byte offsets, and the label's text."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    byte_start: int
    byte_end: int
    label: str


class Diagnostic(TypedDict):
    """One diagnostic, as ``air-stitch --format json`` writes it (docs/diagnostics-json.md)."""

    severity: str
    code: str
    message: str
    primary: Optional[Label]
    secondary: List[Label]
    help: Optional[str]
    notes: List[str]


class DiagnosticError(ValueError):
    """A problem air-stitch found in its input.

    ``str(error)`` is the rendered diagnostics, as the CLI prints them (file:line:col, the
    source line, help); ``error.diagnostics`` is the structured list (code, severity, message,
    labels with line and column).
    """

    def __init__(self, message: str, diagnostics: List[Diagnostic]) -> None:
        super().__init__(message)
        self.diagnostics: List[Diagnostic] = diagnostics

    @property
    def codes(self) -> List[str]:
        """The diagnostics' codes, in order (``["AS0313"]``)."""
        return [d["code"] for d in self.diagnostics]


class MergeError(DiagnosticError):
    """A merge that air-stitch refused: a wiring mistake (an operand in both ``arg_map`` and
    ``arg_aliases``, an index out of range, a dangling combined argument, an unwired slice
    argument, a type mismatch), a slice that does not parse, a symbol clash, or a merged module
    that failed the equivalence proof.

    ``error.plan`` is the merge plan air-stitch built from the call (TOML; ``None`` for
    ``merge(plan_path)``), which the labels of wiring problems point into.
    """

    def __init__(self, message: str, diagnostics: List[Diagnostic], plan: Optional[str] = None) -> None:
        super().__init__(message, diagnostics)
        self.plan: Optional[str] = plan


class AirStitchWarning(UserWarning):
    """Something air-stitch did that the call may not expect: a symbol listed in
    ``extern_syms``/``extra_externs`` that is not an extern, an extern renamed because two
    slices declare it differently."""


def _raise_failure(result: Any, kind: type = DiagnosticError) -> None:
    """Raises ``kind`` for a failed native result."""
    if kind is MergeError:
        raise MergeError(result["message"], result["diagnostics"], result.get("plan"))
    raise kind(result["message"], result["diagnostics"])

# The Rust half of air_stitch (src/*.rs). Every function returns JSON text that the Python
# half reads; none reads or writes a file.
from typing import Optional

import numpy as np
import numpy.typing as npt

__version__: str

_SliceIn = tuple[str, str, Optional[str], dict[int, int], dict[int, str], list[str], Optional[list[int]]]
_Side = tuple[npt.NDArray[np.uint8], str, list[int], bool]

def stitch(
    func_name: str,
    args: list[tuple[str, str, Optional[str]]],
    slices: list[_SliceIn],
    prelude: str,
    extra_externs: list[str],
    allow_unreferenced: list[int],
) -> str: ...
def plan_files(plan_text: str, plan_name: str) -> str: ...
def merge_plan(plan_text: str, plan_name: str, slices: list[tuple[str, str]]) -> str: ...
def check_bd(
    text: str, name: str, device: str, omit_ping_pong: str, tiling_sizes: list[int], stack_size: int
) -> str: ...
def verify(text: str, name: str) -> str: ...
def roles(text: str, name: str, outputs: list[int], func: Optional[str]) -> str: ...
def compare(
    out: _Side,
    reference: _Side,
    rtol: float,
    atol: float,
    gate: str,
    cosine_min: float,
    per_row: bool,
    names: str,
) -> str: ...
def compare_defaults() -> str: ...

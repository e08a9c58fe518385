//! The numerics and file formats of `air-stitch compare` (docs/compare.md): arrays read from
//! the bytes of `.npy`, `.npz` members and raw `.bin` files (`formats`), and the comparison of
//! an output with its reference (`compare`): cosine, max_abs, max_rel, mean_rel_L1 and the
//! element-wise check `|out − ref| ≤ atol + rtol·|ref|`, as mlir-air's XRTRunner and
//! `llms/verify/comparators.py` define them.
//!
//! A library: it reads no file and prints nothing; the CLI reads the bytes and reports.

pub mod codes;
pub mod compare;
pub mod formats;

pub use compare::{compare, Gate, Metrics, Options, Tolerances, TOLERANCES};
pub use formats::{Array, Dtype, FormatError};

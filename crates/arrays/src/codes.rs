//! Stable diagnostic codes of `compare`'s formats and numerics (AS0900–AS0929), documented in
//! docs/error-codes.md.

/// The bytes are not a `.npy` file, or its header cannot be read.
pub const NPY_BAD_HEADER: &str = "AS0900";
/// A `.npy` array in Fortran (column-major) order: refused.
pub const NPY_FORTRAN_ORDER: &str = "AS0901";
/// The file holds fewer bytes than its header (or `--shape` and `--dtype`) say.
pub const TRUNCATED: &str = "AS0902";
/// A dtype compare cannot read, or a `--dtype` the file's dtype does not allow.
pub const UNSUPPORTED_DTYPE: &str = "AS0903";
/// The `.npz` archive cannot be read, or the member named after `:` is not in it.
pub const NPZ_MEMBER: &str = "AS0904";
/// A raw `.bin` file without `--dtype` and `--shape`, or with more bytes than they say.
pub const RAW_LAYOUT: &str = "AS0905";
/// The output's and the reference's shapes differ.
pub const SHAPE_MISMATCH: &str = "AS0906";
/// The element-wise gate failed: some element is outside `atol + rtol·|ref|`.
pub const ELEMENTWISE_FAILED: &str = "AS0910";
/// The cosine gate failed: the cosine is below `--cosine-min`.
pub const COSINE_FAILED: &str = "AS0911";
/// NaN on either side: the comparison fails whatever the gate.
pub const NAN_PRESENT: &str = "AS0912";
/// A note: the arrays hold infinities (compared as numpy's isclose does: equal infinities match).
pub const INF_PRESENT: &str = "AS0913";
/// A warning: one side holds 2-byte integers and the other floats; the integers are likely bf16
/// stored as `<u2` (as upstream's tests store it), compared as integers.
pub const MAYBE_BF16: &str = "AS0914";

//! Stable diagnostic codes of `compare` (AS0900–AS0929) and of `run` and the device boundary
//! (AS0930–AS0949), documented in docs/error-codes.md.

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

// `run` and the device boundary (AS0930–AS0949; docs/xrt.md, docs/run-command.md).

/// The binary was built without `--features xrt`: it cannot run kernels (exit status 2).
pub const NO_XRT_FEATURE: &str = "AS0930";
/// The XRT air-stitch was built against has no NPU support (< 2.18, no ELF API, or no XRT
/// headers at all): exit status 2.
pub const XRT_NO_NPU: &str = "AS0931";
/// No XRT device could be opened (no NPU, no driver, `XILINX_XRT` unset or wrong): exit 2.
pub const NO_DEVICE: &str = "AS0932";
/// An XRT call failed while loading a kernel or moving its buffers; XRT's message is quoted.
pub const XRT_FAILED: &str = "AS0933";
/// A run ended in a state other than ERT_CMD_STATE_COMPLETED (a deadlock, a timeout, an error).
pub const RUN_NOT_COMPLETED: &str = "AS0934";
/// The NPU lock file cannot be opened or locked (exit status 2).
pub const NPU_LOCK: &str = "AS0935";
/// An artifact is not what `run` needs: an instruction stream that is not whole 32-bit words,
/// an xclbin or ELF without its magic, an empty file (exit status 2).
pub const BAD_ARTIFACT: &str = "AS0936";
/// `--arg`/`--out` do not bind the kernel's arguments: a repeated or missing index, an output
/// whose size is unknown, a spec that disagrees with its `--arg` (exit status 2).
pub const BAD_BINDING: &str = "AS0937";
/// A backend was asked about a kernel or buffer it does not have, or a range outside a buffer.
pub const BACKEND_USAGE: &str = "AS0938";

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
/// A warning: one side holds 2-byte integers and the other floats; the integers are likely bf16
/// stored as `<u2` (as upstream's tests store it), compared as integers.
pub const MAYBE_BF16: &str = "AS0914";

// `run` and the device boundary (AS0930–AS0949; docs/xrt.md, docs/run.md#air-stitch-run).

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

// check-merge and inputs (AS0950–AS0979).

/// A prelude alias check-merge cannot bind as a view: not a prelude value, a view op it does
/// not read, or offsets, sizes or strides that are not constants.
pub const ALIAS_NOT_A_VIEW: &str = "AS0950";
/// A prelude alias whose view is not one contiguous range of its argument's bytes.
pub const VIEW_NOT_CONTIGUOUS: &str = "AS0951";
/// A slice argument whose byte size differs from the buffer (or view) wired to it, or a view
/// that reaches past its argument's end.
pub const BINDING_SIZE: &str = "AS0952";
/// A combined or slice argument check-merge cannot hold in a device buffer (a scalar, a
/// dynamic shape, an element type without a byte size), or a slice argument without wiring.
pub const UNBINDABLE_ARG: &str = "AS0953";
/// The inputs file has no member for an argument the device reads.
pub const INPUT_MISSING: &str = "AS0954";
/// An inputs member whose element type or element count differs from its argument's.
pub const INPUT_MISMATCH: &str = "AS0955";
/// A warning: an inputs member that names no combined argument (ignored).
pub const INPUT_UNKNOWN: &str = "AS0956";
/// An output candidate of the merged kernel fails the gate against the unmerged baseline.
pub const OUTPUT_DIVERGES: &str = "AS0960";
/// The first slice, in plan order, whose written arguments differ merged vs unmerged.
pub const FIRST_DIVERGENT_SLICE: &str = "AS0961";
/// The merged kernel's second run, on reused buffers, gave NaN or other values (stale BO).
pub const STALE_BUFFERS: &str = "AS0962";
/// A warning: the merged kernel is not faster than the slices run one by one.
pub const NOT_FASTER: &str = "AS0963";

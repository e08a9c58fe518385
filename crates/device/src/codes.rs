//! Stable diagnostic codes of `run` and the device boundary (AS0930–AS0949; docs/xrt.md,
//! docs/run.md#air-stitch-run), documented in docs/error-codes.md.

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

//! The device boundary of `run` and `check-merge` (docs/xrt.md): what running a kernel needs,
//! as a trait (`backend`: load an artifact, move buffers, run, time), its XRT implementation
//! (feature `xrt`: XRT through xrt-sys, the NPU lock file) and the test double that records
//! every call (`recording`), used where no NPU exists.
//!
//! A library: it prints nothing; feature `xrt` is the one place that talks to the device.

pub mod backend;
pub mod codes;
pub mod recording;
#[cfg(feature = "xrt")]
pub mod xrt;

pub use backend::{time_runs, Artifact, Backend, BufferId, KernelId, RunError, Timing};

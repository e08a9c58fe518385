//! Opening the device for `check-merge`: a minimal placeholder with the interface the XRT
//! backend provides (`DeviceArgs`, `open_backend`). This build has no device backend, so
//! opening one always says so (exit status 2, never an abort).

use crate::codes;
use air_run::{Backend, RunError};
use std::path::PathBuf;

/// The device options.
#[derive(clap::Args, Debug, Clone)]
pub struct DeviceArgs {
    /// The lock file that serialises runs on the shared NPU (upstream: /tmp/npu.lock).
    #[arg(long, value_name = "PATH", default_value = "/tmp/npu.lock")]
    pub npu_lock: PathBuf,
}

/// Opens the device; `on_wait` is told when the NPU lock is held by another run.
pub fn open_backend(args: &DeviceArgs, on_wait: &dyn Fn(&str)) -> Result<Box<dyn Backend>, RunError> {
    let _ = (&args.npu_lock, on_wait);
    Err(RunError::new(
        codes::NO_DEVICE_BACKEND,
        "no device backend is available in this build: running kernels needs an NPU and XRT (build with the `xrt` feature on a machine with an NPU-capable XRT)",
    ))
}

//! The device options every command that runs kernels takes (`#[command(flatten)] device:
//! DeviceArgs`), and [`open_backend`]: the XRT backend of feature `xrt`, or, in a build without
//! it, the error that says how to get it. Either way a missing device is an error, never an
//! abort (docs/xrt.md).

use air_device::{codes, Backend, RunError};
use std::path::PathBuf;

/// mlir-air's lock file (KernelCache's `/tmp/npu.lock`).
pub const DEFAULT_NPU_LOCK: &str = "/tmp/npu.lock";

#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct DeviceArgs {
    /// The NPU lock file: every run holds an exclusive flock on it, as mlir-air's runs do, and
    /// waits (saying so) while another holds it.
    #[arg(long, value_name = "PATH", default_value = DEFAULT_NPU_LOCK, env = "AIR_STITCH_NPU_LOCK", hide_env_values = true)]
    pub npu_lock: PathBuf,
    /// The XRT device to run on.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub device_index: u32,
    /// How long one run may take before it counts as hung, in seconds (0: no limit).
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub run_timeout: u64,
}

/// What rebuilding with the device path takes.
pub const HOW_TO_GET_XRT: &str = "rebuild with `cargo install --locked --path crates/cli --features xrt` \
     (needs libxrt-dev; running needs XRT >= 2.18 with the amdxdna driver and an NPU): see docs/xrt.md";

/// Whether a failure to open the backend means something is missing here (exit status 2)
/// rather than a problem of the kernel.
pub fn is_missing(err: &RunError) -> bool {
    [codes::NO_XRT_FEATURE, codes::XRT_NO_NPU, codes::NO_DEVICE, codes::NPU_LOCK].contains(&err.code)
}

/// Opens the device backend; `on_wait` hears the message when the NPU lock is held by another
/// run (the CLI prints it).
#[cfg(feature = "xrt")]
pub fn open_backend(args: &DeviceArgs, on_wait: &mut dyn FnMut(&str)) -> Result<Box<dyn Backend>, RunError> {
    let options = air_device::xrt::XrtOptions {
        device_index: args.device_index,
        lock_path: args.npu_lock.clone(),
        run_timeout: std::time::Duration::from_secs(args.run_timeout),
    };
    let backend = air_device::xrt::XrtBackend::open(&options, on_wait)?;
    Ok(Box::new(backend))
}

/// This build has no device path: the error says so and how to rebuild.
#[cfg(not(feature = "xrt"))]
pub fn open_backend(args: &DeviceArgs, on_wait: &mut dyn FnMut(&str)) -> Result<Box<dyn Backend>, RunError> {
    let _ = (args, on_wait);
    Err(RunError::new(
        codes::NO_XRT_FEATURE,
        "this air-stitch was built without `--features xrt`: it cannot run kernels on an NPU",
    ))
}

/// What `--version` says about the device path.
pub fn describe() -> String {
    #[cfg(feature = "xrt")]
    {
        let npu = if air_device::xrt::npu_supported() { "with NPU support" } else { "no NPU support" };
        format!("XRT {} ({npu})", air_device::xrt::xrt_version())
    }
    #[cfg(not(feature = "xrt"))]
    {
        "none (built without --features xrt)".to_string()
    }
}

/// How to get past a device error: what to install, build or check (run and check-merge).
pub fn help_for(err: &RunError) -> &'static str {
    match err.code {
        c if c == codes::NO_XRT_FEATURE => HOW_TO_GET_XRT,
        c if c == codes::XRT_NO_NPU => "build on a distribution with XRT >= 2.18 (and the amdxdna driver): see docs/xrt.md",
        c if c == codes::NO_DEVICE => "run on a machine with a Ryzen AI NPU and XRT's amdxdna driver (`xrt-smi examine` lists it)",
        c if c == codes::NPU_LOCK => "name a lock file you may write with --npu-lock (or $AIR_STITCH_NPU_LOCK)",
        c if c == codes::RUN_NOT_COMPLETED => "a run that does not complete is a hang or a fault, never a result (mlir-air issue 1822): check the kernel name, the argument order and the buffers' sizes",
        _ => "XRT's message says what failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        device: DeviceArgs,
    }

    #[test]
    fn defaults_and_explicit_values() {
        let defaults = Cli::try_parse_from(["x"]).unwrap().device;
        if std::env::var_os("AIR_STITCH_NPU_LOCK").is_none() {
            assert_eq!(defaults.npu_lock, PathBuf::from("/tmp/npu.lock"));
        }
        assert_eq!((defaults.device_index, defaults.run_timeout), (0, 60));
        let given =
            Cli::try_parse_from(["x", "--npu-lock", "/run/l", "--device-index", "1", "--run-timeout", "0"]).unwrap();
        assert_eq!(given.device, DeviceArgs { npu_lock: PathBuf::from("/run/l"), device_index: 1, run_timeout: 0 });
    }

    /// Without a device (this machine has none) or without the feature, opening fails with
    /// what is missing, and never aborts.
    #[test]
    fn opening_without_a_device_says_what_is_missing() {
        let args = DeviceArgs {
            npu_lock: std::env::temp_dir().join("air-stitch-device-test.lock"),
            device_index: 0,
            run_timeout: 1,
        };
        let err = open_backend(&args, &mut |_| {}).err().unwrap();
        assert!(is_missing(&err), "{err}");
        if cfg!(not(feature = "xrt")) {
            assert_eq!(err.code, codes::NO_XRT_FEATURE);
        }
    }
}

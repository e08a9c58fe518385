//! The device path (feature `xrt`): a safe API over xrt-sys's bridge — [`Device`], [`Kernel`],
//! [`Buffer`], [`Run`] — with XRT's failures mapped to [`RunError`]s, the NPU lock
//! ([`NpuLock`]), and [`XrtBackend`], the [`Backend`] that `run` and `check-merge` use on an NPU.
//! The device boundary: the one place of this crate that does I/O (XRT, the lock file).

mod lock;

pub use lock::{NpuLock, DEFAULT_LOCK_PATH};

use crate::backend::{Artifact, Backend, BufferId, KernelId, RunError};
use crate::codes;
use std::path::PathBuf;
use std::time::Duration;
use xrt_sys::{BridgeError, Status};

/// What the XRT air-stitch was built against: `2.13`, or `none`.
pub fn xrt_version() -> &'static str {
    xrt_sys::version().unwrap_or("none")
}

/// Whether the XRT air-stitch was built against can run NPU kernels (>= 2.18).
pub fn npu_supported() -> bool {
    xrt_sys::npu_supported()
}

/// A bridge failure as a [`RunError`]; `context` says what was being done.
pub fn run_error(err: BridgeError, context: &str) -> RunError {
    let code = match err.status {
        Status::NoNpu | Status::Absent => codes::XRT_NO_NPU,
        Status::State => codes::RUN_NOT_COMPLETED,
        Status::Argument => codes::BAD_ARTIFACT,
        Status::Xrt => codes::XRT_FAILED,
    };
    let message = match err.status {
        Status::NoNpu | Status::Absent => err.message,
        Status::Xrt => format!("{context}: XRT: {}", err.message),
        Status::State | Status::Argument => format!("{context}: {}", err.message),
    };
    RunError::new(code, message)
}

/// The failure to open device `index`, with what to do about it.
pub fn no_device(index: u32, err: BridgeError) -> RunError {
    if matches!(err.status, Status::Absent | Status::NoNpu) {
        return run_error(err, "opening the device");
    }
    let mut message = format!("cannot open XRT device {index}: {}", err.message);
    if err.message.contains("XILINX_XRT not set") {
        message.push_str(" (set XILINX_XRT to XRT's install prefix, e.g. /opt/xilinx/xrt)");
    } else {
        message.push_str(" (no NPU here, or its driver amdxdna is not loaded: see `xrt-smi examine`)");
    }
    if !npu_supported() {
        message.push_str(&format!(
            "; and this XRT ({}) has no NPU support: XRT >= 2.18 with the amdxdna driver is needed",
            xrt_version()
        ));
    }
    RunError::new(codes::NO_DEVICE, message)
}

/// An open XRT device.
#[derive(Debug)]
pub struct Device {
    inner: xrt_sys::Device,
}

impl Device {
    /// Opens device `index`; fails with [`codes::NO_DEVICE`] (what is missing) when there is
    /// none, and never aborts, whether `XILINX_XRT` is set or not.
    pub fn open(index: u32) -> Result<Device, RunError> {
        xrt_sys::Device::open(index).map(|inner| Device { inner }).map_err(|e| no_device(index, e))
    }

    /// Loads a kernel from its artifact (one hardware context per kernel).
    pub fn load(&self, artifact: &Artifact) -> Result<Kernel, RunError> {
        let (inner, elf) = match artifact {
            Artifact::Xclbin { xclbin, insts, kernel_name } => (
                self.inner
                    .load_xclbin(xclbin, kernel_name, insts)
                    .map_err(|e| run_error(e, &format!("loading kernel `{kernel_name}` of the xclbin")))?,
                false,
            ),
            Artifact::Elf { elf, kernel_name } => (
                self.inner
                    .load_elf(elf, kernel_name)
                    .map_err(|e| run_error(e, &format!("loading kernel `{kernel_name}` of the ELF")))?,
                true,
            ),
        };
        Ok(Kernel { inner, elf })
    }

    /// A zero-filled buffer of `bytes` for data argument `arg` of `kernel`.
    pub fn alloc(&self, kernel: &Kernel, arg: usize, bytes: usize) -> Result<Buffer, RunError> {
        let inner = self
            .inner
            .alloc(&kernel.inner, arg, bytes)
            .map_err(|e| run_error(e, &format!("allocating {bytes} bytes for argument {arg}")))?;
        Ok(Buffer { inner, len: bytes })
    }
}

/// A loaded kernel.
#[derive(Debug)]
pub struct Kernel {
    inner: xrt_sys::Kernel,
    elf: bool,
}

impl Kernel {
    /// Whether its data arguments start at slot 0 (an ELF) rather than 3 (an xclbin).
    pub fn is_elf(&self) -> bool {
        self.elf
    }
}

/// A device buffer, or a view of one.
#[derive(Debug)]
pub struct Buffer {
    inner: xrt_sys::Bo,
    len: usize,
}

impl Buffer {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A view of `len` bytes at `offset`.
    pub fn sub(&self, offset: usize, len: usize) -> Result<Buffer, RunError> {
        check_range(offset, len, self.len, "a sub-buffer")?;
        let inner = self.inner.sub(offset, len).map_err(|e| run_error(e, "making a sub-buffer"))?;
        Ok(Buffer { inner, len })
    }

    /// Writes `data` at `offset` and syncs it to the device.
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<(), RunError> {
        check_range(offset, data.len(), self.len, "a write")?;
        self.inner.write(offset, data).map_err(|e| run_error(e, "writing a buffer"))
    }

    /// Syncs from the device and returns the bytes.
    pub fn read(&self) -> Result<Vec<u8>, RunError> {
        self.inner.read().map_err(|e| run_error(e, "reading a buffer"))
    }
}

/// `offset + len` within `size`, or a [`codes::BACKEND_USAGE`] error.
fn check_range(offset: usize, len: usize, size: usize, what: &str) -> Result<(), RunError> {
    match offset.checked_add(len) {
        Some(end) if end <= size => Ok(()),
        _ => Err(RunError::new(
            codes::BACKEND_USAGE,
            format!("{what} of {len} bytes at offset {offset} is outside the buffer's {size} bytes"),
        )),
    }
}

/// One dispatch of a kernel with its data buffers.
#[derive(Debug)]
pub struct Run<'a> {
    kernel: &'a Kernel,
    args: Vec<&'a Buffer>,
    timeout: Duration,
}

impl<'a> Run<'a> {
    /// A run of `kernel` that waits at most `timeout` (zero: no limit).
    pub fn new(kernel: &'a Kernel, timeout: Duration) -> Run<'a> {
        Run { kernel, args: Vec::new(), timeout }
    }

    /// Binds the next data argument.
    pub fn arg(mut self, buffer: &'a Buffer) -> Run<'a> {
        self.args.push(buffer);
        self
    }

    /// Starts the run and waits for it: the time from start to completion, or an error when
    /// it did not end COMPLETED ([`codes::RUN_NOT_COMPLETED`], naming the state).
    pub fn execute(&self) -> Result<Duration, RunError> {
        let bos: Vec<&xrt_sys::Bo> = self.args.iter().map(|b| &b.inner).collect();
        let timeout_ms = u32::try_from(self.timeout.as_millis()).unwrap_or(u32::MAX);
        let outcome = xrt_sys::run(&self.kernel.inner, &bos, timeout_ms)
            .map_err(|e| run_error(e, &format!("running the kernel with {} buffers", bos.len())))?;
        Ok(Duration::from_nanos(outcome.nanos))
    }
}

/// How [`XrtBackend::open`] opens the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XrtOptions {
    pub device_index: u32,
    /// The NPU lock file (upstream's [`DEFAULT_LOCK_PATH`]).
    pub lock_path: PathBuf,
    /// How long one run may take (zero: no limit).
    pub run_timeout: Duration,
}

impl Default for XrtOptions {
    fn default() -> XrtOptions {
        XrtOptions { device_index: 0, lock_path: PathBuf::from(DEFAULT_LOCK_PATH), run_timeout: Duration::ZERO }
    }
}

/// The [`Backend`] on an NPU through XRT. It holds the NPU lock from [`XrtBackend::open`] until
/// it is dropped; buffers and kernels are freed before the device, the lock last.
#[derive(Debug)]
pub struct XrtBackend {
    buffers: Vec<Buffer>,
    kernels: Vec<Kernel>,
    device: Device,
    run_timeout: Duration,
    _lock: NpuLock,
}

impl XrtBackend {
    /// Opens the device (what is missing, if it cannot: no device, an XRT without NPU
    /// support), then takes the NPU lock, calling `on_wait` if it has to wait for it.
    pub fn open(options: &XrtOptions, on_wait: &mut dyn FnMut(&str)) -> Result<XrtBackend, RunError> {
        let device = Device::open(options.device_index)?;
        if !npu_supported() {
            return Err(RunError::new(
                codes::XRT_NO_NPU,
                format!(
                    "this XRT ({}) has no NPU support: XRT >= 2.18 with the amdxdna driver is needed",
                    xrt_version()
                ),
            ));
        }
        let lock = NpuLock::acquire(&options.lock_path, on_wait)?;
        Ok(XrtBackend {
            buffers: Vec::new(),
            kernels: Vec::new(),
            device,
            run_timeout: options.run_timeout,
            _lock: lock,
        })
    }

    fn kernel(&self, id: KernelId) -> Result<&Kernel, RunError> {
        self.kernels.get(id.0).ok_or_else(|| RunError::new(codes::BACKEND_USAGE, format!("no kernel {}", id.0)))
    }

    fn buffer(&self, id: BufferId) -> Result<&Buffer, RunError> {
        self.buffers.get(id.0).ok_or_else(|| RunError::new(codes::BACKEND_USAGE, format!("no buffer {}", id.0)))
    }

    fn keep(&mut self, buffer: Buffer) -> BufferId {
        self.buffers.push(buffer);
        BufferId(self.buffers.len() - 1)
    }
}

impl Backend for XrtBackend {
    fn load(&mut self, artifact: &Artifact) -> Result<KernelId, RunError> {
        let kernel = self.device.load(artifact)?;
        self.kernels.push(kernel);
        Ok(KernelId(self.kernels.len() - 1))
    }

    fn alloc(&mut self, kernel: KernelId, arg: usize, bytes: usize) -> Result<BufferId, RunError> {
        let buffer = self.device.alloc(self.kernel(kernel)?, arg, bytes)?;
        Ok(self.keep(buffer))
    }

    fn sub_buffer(&mut self, parent: BufferId, offset: usize, len: usize) -> Result<BufferId, RunError> {
        let view = self.buffer(parent)?.sub(offset, len)?;
        Ok(self.keep(view))
    }

    fn write(&mut self, buffer: BufferId, offset: usize, data: &[u8]) -> Result<(), RunError> {
        self.buffer(buffer)?.write(offset, data)
    }

    fn read(&mut self, buffer: BufferId) -> Result<Vec<u8>, RunError> {
        self.buffer(buffer)?.read()
    }

    fn run(&mut self, kernel: KernelId, args: &[BufferId]) -> Result<Duration, RunError> {
        let mut run = Run::new(self.kernel(kernel)?, self.run_timeout);
        for &id in args {
            run = run.arg(self.buffer(id)?);
        }
        run.execute()
    }
}

#[cfg(test)]
mod tests;

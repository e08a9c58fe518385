//! Owned handles over the bridge's C functions: each is freed on drop, each call returns the
//! bridge's status and message.

use std::ffi::CString;
use std::fmt;
use std::ptr;

/// The bridge's statuses (`enum axs_status` of bridge.h), and `Absent` for a build without XRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// XRT failed (threw, or returned an error).
    Xrt,
    /// The XRT this was built against has no NPU API (or no ELF API).
    NoNpu,
    /// A caller's mistake the bridge caught.
    Argument,
    /// The run ended in a state other than COMPLETED.
    State,
    /// The crate was built without XRT headers.
    Absent,
}

/// A failed bridge call: its status and the message (what XRT said).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeError {
    pub status: Status,
    pub message: String,
    /// The final `ert_cmd_state` of a run that did not complete (`Status::State`).
    pub state: Option<i32>,
}

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BridgeError {}

/// The outcome of one run that completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    /// From `start()` to `wait()`'s return, measured in the bridge.
    pub nanos: u64,
}

#[cfg(not(xrt_absent))]
mod imp {
    use super::*;
    use crate::ffi;
    use std::os::raw::{c_char, c_int};

    const MESSAGE_CAP: usize = 4096;

    /// A message buffer for one call.
    pub(super) struct Message([u8; MESSAGE_CAP]);

    impl Message {
        pub(super) fn new() -> Message {
            Message([0; MESSAGE_CAP])
        }
        pub(super) fn ptr(&mut self) -> *mut c_char {
            self.0.as_mut_ptr().cast()
        }
        pub(super) fn cap(&self) -> usize {
            MESSAGE_CAP
        }
        fn text(&self) -> String {
            let end = self.0.iter().position(|&b| b == 0).unwrap_or(MESSAGE_CAP);
            String::from_utf8_lossy(&self.0[..end]).into_owned()
        }
    }

    /// The bridge's status as a result.
    pub(super) fn check(status: c_int, message: &Message, state: Option<i32>) -> Result<(), BridgeError> {
        let status = match status {
            s if s == ffi::axs_status::AXS_OK as c_int => return Ok(()),
            s if s == ffi::axs_status::AXS_ERR_NO_NPU as c_int => Status::NoNpu,
            s if s == ffi::axs_status::AXS_ERR_ARGUMENT as c_int => Status::Argument,
            s if s == ffi::axs_status::AXS_ERR_STATE as c_int => Status::State,
            _ => Status::Xrt,
        };
        let mut text = message.text();
        if text.is_empty() {
            text = "XRT failed without a message".to_string();
        }
        Err(BridgeError { status, message: text, state: if status == Status::State { state } else { None } })
    }

    pub(super) fn version_code() -> u32 {
        // SAFETY: returns a constant; no arguments.
        unsafe { ffi::axs_xrt_version() }
    }

    pub(super) fn npu_supported() -> bool {
        // SAFETY: returns a constant; no arguments.
        unsafe { ffi::axs_npu_supported() == 1 }
    }

    pub(super) fn elf_supported() -> bool {
        // SAFETY: returns a constant; no arguments.
        unsafe { ffi::axs_elf_supported() == 1 }
    }

    pub(super) fn selftest_throw(kind: i32) -> Result<(), BridgeError> {
        let mut message = Message::new();
        // SAFETY: the message buffer is valid for `cap` bytes; the bridge catches what it throws.
        let status = unsafe { ffi::axs_selftest_throw(kind, message.ptr(), message.cap()) };
        check(status, &message, None)
    }

    pub(super) type DevicePtr = *mut ffi::axs_device;
    pub(super) type KernelPtr = *mut ffi::axs_kernel;
    pub(super) type BoPtr = *mut ffi::axs_bo;

    pub(super) fn device_open(index: u32) -> Result<DevicePtr, BridgeError> {
        let mut message = Message::new();
        let mut out: DevicePtr = ptr::null_mut();
        // SAFETY: `out` and the message buffer are valid for the call; the bridge catches every
        // exception and sets `out` only on success.
        let status = unsafe { ffi::axs_device_open(index, &mut out, message.ptr(), message.cap()) };
        check(status, &message, None)?;
        Ok(out)
    }

    pub(super) fn device_close(device: DevicePtr) {
        // SAFETY: `device` came from axs_device_open and is closed once (by Device's drop).
        unsafe { ffi::axs_device_close(device) }
    }

    pub(super) fn kernel_xclbin(
        device: DevicePtr,
        xclbin: &[u8],
        name: &CString,
        insts: &[u32],
    ) -> Result<KernelPtr, BridgeError> {
        let mut message = Message::new();
        let mut out: KernelPtr = ptr::null_mut();
        // SAFETY: `device` is a live handle (borrowed from a Device); the slices and the name
        // outlive the call, their lengths are passed with them; the bridge copies what it keeps.
        let status = unsafe {
            ffi::axs_kernel_xclbin(
                device,
                xclbin.as_ptr().cast(),
                xclbin.len(),
                name.as_ptr(),
                insts.as_ptr(),
                insts.len(),
                &mut out,
                message.ptr(),
                message.cap(),
            )
        };
        check(status, &message, None)?;
        Ok(out)
    }

    pub(super) fn kernel_elf(device: DevicePtr, elf: &[u8], name: &CString) -> Result<KernelPtr, BridgeError> {
        let mut message = Message::new();
        let mut out: KernelPtr = ptr::null_mut();
        // SAFETY: as for kernel_xclbin: live device, slices and name outlive the call.
        let status = unsafe {
            ffi::axs_kernel_elf(
                device,
                elf.as_ptr().cast(),
                elf.len(),
                name.as_ptr(),
                &mut out,
                message.ptr(),
                message.cap(),
            )
        };
        check(status, &message, None)?;
        Ok(out)
    }

    pub(super) fn kernel_close(kernel: KernelPtr) {
        // SAFETY: `kernel` came from axs_kernel_* and is closed once (by Kernel's drop).
        unsafe { ffi::axs_kernel_close(kernel) }
    }

    pub(super) fn bo_alloc(
        device: DevicePtr,
        kernel: KernelPtr,
        arg: usize,
        bytes: usize,
    ) -> Result<BoPtr, BridgeError> {
        let mut message = Message::new();
        let mut out: BoPtr = ptr::null_mut();
        // SAFETY: live device and kernel handles; `out` and the message are valid for the call.
        let status = unsafe { ffi::axs_bo_alloc(device, kernel, arg, bytes, &mut out, message.ptr(), message.cap()) };
        check(status, &message, None)?;
        Ok(out)
    }

    pub(super) fn bo_sub(parent: BoPtr, offset: usize, len: usize) -> Result<BoPtr, BridgeError> {
        let mut message = Message::new();
        let mut out: BoPtr = ptr::null_mut();
        // SAFETY: live parent handle; the sub-buffer shares XRT's reference-counted parent.
        let status = unsafe { ffi::axs_bo_sub(parent, offset, len, &mut out, message.ptr(), message.cap()) };
        check(status, &message, None)?;
        Ok(out)
    }

    pub(super) fn bo_size(bo: BoPtr) -> usize {
        // SAFETY: live handle; the call only reads its size.
        unsafe { ffi::axs_bo_size(bo) }
    }

    pub(super) fn bo_write(bo: BoPtr, offset: usize, data: &[u8]) -> Result<(), BridgeError> {
        let mut message = Message::new();
        // SAFETY: live handle; `data` is valid for `data.len()` bytes during the call.
        let status =
            unsafe { ffi::axs_bo_write(bo, offset, data.as_ptr().cast(), data.len(), message.ptr(), message.cap()) };
        check(status, &message, None)
    }

    pub(super) fn bo_read(bo: BoPtr, out: &mut [u8]) -> Result<(), BridgeError> {
        let mut message = Message::new();
        // SAFETY: live handle; `out` is valid and writable for `out.len()` bytes during the call.
        let status = unsafe { ffi::axs_bo_read(bo, out.as_mut_ptr().cast(), out.len(), message.ptr(), message.cap()) };
        check(status, &message, None)
    }

    pub(super) fn bo_free(bo: BoPtr) {
        // SAFETY: `bo` came from axs_bo_alloc/axs_bo_sub and is freed once (by Bo's drop).
        unsafe { ffi::axs_bo_free(bo) }
    }

    pub(super) fn run(kernel: KernelPtr, args: &[BoPtr], timeout_ms: u32) -> Result<RunOutcome, BridgeError> {
        let mut message = Message::new();
        let (mut nanos, mut state) = (0u64, 0 as c_int);
        // SAFETY: live kernel and buffer handles (borrowed for the call); the array of handles
        // is valid for `args.len()` entries; the bridge writes `nanos` and `state`.
        let status = unsafe {
            ffi::axs_run(
                kernel,
                args.as_ptr(),
                args.len(),
                timeout_ms,
                &mut nanos,
                &mut state,
                message.ptr(),
                message.cap(),
            )
        };
        check(status, &message, Some(state))?;
        Ok(RunOutcome { nanos })
    }
}

#[cfg(xrt_absent)]
mod imp {
    use super::*;

    pub(super) type DevicePtr = *mut u8;
    pub(super) type KernelPtr = *mut u8;
    pub(super) type BoPtr = *mut u8;

    fn absent<T>() -> Result<T, BridgeError> {
        Err(BridgeError {
            status: Status::Absent,
            message: "xrt-sys was built without XRT headers (none in /usr/include/xrt, /opt/xilinx/xrt/include \
                      or XRT_INCLUDE_DIR): install libxrt-dev and rebuild"
                .to_string(),
            state: None,
        })
    }

    pub(super) fn version_code() -> u32 {
        0
    }
    pub(super) fn npu_supported() -> bool {
        false
    }
    pub(super) fn elf_supported() -> bool {
        false
    }
    pub(super) fn selftest_throw(_: i32) -> Result<(), BridgeError> {
        absent()
    }
    pub(super) fn device_open(_: u32) -> Result<DevicePtr, BridgeError> {
        absent()
    }
    pub(super) fn device_close(_: DevicePtr) {}
    pub(super) fn kernel_xclbin(_: DevicePtr, _: &[u8], _: &CString, _: &[u32]) -> Result<KernelPtr, BridgeError> {
        absent()
    }
    pub(super) fn kernel_elf(_: DevicePtr, _: &[u8], _: &CString) -> Result<KernelPtr, BridgeError> {
        absent()
    }
    pub(super) fn kernel_close(_: KernelPtr) {}
    pub(super) fn bo_alloc(_: DevicePtr, _: KernelPtr, _: usize, _: usize) -> Result<BoPtr, BridgeError> {
        absent()
    }
    pub(super) fn bo_sub(_: BoPtr, _: usize, _: usize) -> Result<BoPtr, BridgeError> {
        absent()
    }
    pub(super) fn bo_size(_: BoPtr) -> usize {
        0
    }
    pub(super) fn bo_write(_: BoPtr, _: usize, _: &[u8]) -> Result<(), BridgeError> {
        absent()
    }
    pub(super) fn bo_read(_: BoPtr, _: &mut [u8]) -> Result<(), BridgeError> {
        absent()
    }
    pub(super) fn bo_free(_: BoPtr) {}
    pub(super) fn run(_: KernelPtr, _: &[BoPtr], _: u32) -> Result<RunOutcome, BridgeError> {
        absent()
    }
}

/// The version code of the XRT headers (`major << 16 | minor`); 0 without XRT.
pub fn version_code() -> u32 {
    imp::version_code()
}

/// Whether the NPU half (hw_context, kernels, runs with opcode 3) is built.
pub fn npu_supported() -> bool {
    imp::npu_supported()
}

/// Whether the ELF path (xrt::elf, xrt::ext::kernel) is built.
pub fn elf_supported() -> bool {
    imp::elf_supported()
}

/// Throws inside the bridge's wrapper (0: a std::runtime_error, 1: an int, else nothing): the
/// proof, testable without a device, that exceptions become errors.
pub fn selftest_throw(kind: i32) -> Result<(), BridgeError> {
    imp::selftest_throw(kind)
}

fn argument(message: String) -> BridgeError {
    BridgeError { status: Status::Argument, message, state: None }
}

/// An open XRT device (`xrt::device(index)`).
#[derive(Debug)]
pub struct Device(imp::DevicePtr);

impl Device {
    pub fn open(index: u32) -> Result<Device, BridgeError> {
        imp::device_open(index).map(Device)
    }

    /// Registers an xclbin, opens its hardware context, the kernel `name` and its instruction
    /// buffer holding `insts`.
    pub fn load_xclbin(&self, xclbin: &[u8], name: &str, insts: &[u32]) -> Result<Kernel, BridgeError> {
        let name = CString::new(name).map_err(|_| argument(format!("the kernel name {name:?} holds a NUL byte")))?;
        imp::kernel_xclbin(self.0, xclbin, &name, insts).map(Kernel)
    }

    /// Opens an ELF's hardware context and its kernel `name` (`main:<instance>`).
    pub fn load_elf(&self, elf: &[u8], name: &str) -> Result<Kernel, BridgeError> {
        let name = CString::new(name).map_err(|_| argument(format!("the kernel name {name:?} holds a NUL byte")))?;
        imp::kernel_elf(self.0, elf, &name).map(Kernel)
    }

    /// A zero-filled buffer of `bytes` in the group of `kernel`'s data argument `arg`.
    pub fn alloc(&self, kernel: &Kernel, arg: usize, bytes: usize) -> Result<Bo, BridgeError> {
        imp::bo_alloc(self.0, kernel.0, arg, bytes).map(Bo)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        imp::device_close(self.0);
    }
}

/// A kernel in its hardware context (with its instruction buffer, for an xclbin). Keep the
/// [`Device`] it came from alive as long as the kernel.
#[derive(Debug)]
pub struct Kernel(imp::KernelPtr);

impl Drop for Kernel {
    fn drop(&mut self) {
        imp::kernel_close(self.0);
    }
}

/// A buffer object, or a view of one (XRT keeps the parent alive).
#[derive(Debug)]
pub struct Bo(imp::BoPtr);

impl Bo {
    /// A view of `len` bytes at `offset` (`xrt::bo(parent, len, offset)`).
    pub fn sub(&self, offset: usize, len: usize) -> Result<Bo, BridgeError> {
        imp::bo_sub(self.0, offset, len).map(Bo)
    }

    pub fn size(&self) -> usize {
        imp::bo_size(self.0)
    }

    /// Writes `data` at `offset` and syncs that range to the device.
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<(), BridgeError> {
        imp::bo_write(self.0, offset, data)
    }

    /// Syncs the buffer from the device and returns its bytes.
    pub fn read(&self) -> Result<Vec<u8>, BridgeError> {
        let mut out = vec![0u8; self.size()];
        imp::bo_read(self.0, &mut out)?;
        Ok(out)
    }
}

impl Drop for Bo {
    fn drop(&mut self) {
        imp::bo_free(self.0);
    }
}

/// One run of `kernel` with `args` bound from its first data slot; waits at most `timeout_ms`
/// (0: no limit). A run that does not end COMPLETED is an error naming its state.
pub fn run(kernel: &Kernel, args: &[&Bo], timeout_ms: u32) -> Result<RunOutcome, BridgeError> {
    let handles: Vec<imp::BoPtr> = args.iter().map(|b| b.0).collect();
    imp::run(kernel.0, &handles, timeout_ms)
}

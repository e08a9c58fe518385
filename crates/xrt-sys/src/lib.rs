//! XRT for air-stitch: bindgen bindings of XRT's C API ([`ffi`]) and of a C++ bridge
//! (bridge/bridge.cpp), with a thin safe layer over the bridge ([`Device`], [`Kernel`], [`Bo`],
//! [`run`]). Every XRT call goes through the bridge, which catches every C++ exception: XRT
//! throws through its API (`XILINX_XRT not set`), which would abort a Rust process.
//!
//! What is built depends on the XRT build.rs finds: with XRT >= 2.18 the NPU half
//! (register_xclbin, hw_context, kernels from it, the ELF path); with Debian 12's 2.13 only
//! the device, buffer and run calls, and loading a kernel says "this XRT (2.13) has no NPU
//! support"; with no XRT headers at all ([`available`] is false) every call says so.
//!
//! The only crate of the workspace with `unsafe`: each block says why it is sound.
#![allow(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod safe;

pub use safe::{
    elf_supported, npu_supported, run, selftest_throw, version_code, Bo, BridgeError, Device, Kernel, RunOutcome,
    Status,
};

/// The raw bindings: XRT's C API (`xrt*`, which may throw: call it only through the bridge)
/// and the bridge (`axs_*`).
#[allow(non_upper_case_globals, non_camel_case_types, non_snake_case, dead_code, clippy::all)]
pub mod ffi {
    include!(concat!(env!("OUT_DIR"), "/bindings.rs"));
}

/// Whether the crate was built against XRT headers at all.
pub const fn available() -> bool {
    !cfg!(xrt_absent)
}

/// The version of the XRT headers the crate was built against (`2.13`), if any.
pub fn version() -> Option<&'static str> {
    option_env!("XRT_SYS_VERSION")
}

/// The XRT version whose headers the NPU half was additionally compiled against
/// (`XRT_NPU_HEADERS`), if it was.
pub fn npu_checked_against() -> Option<&'static str> {
    option_env!("XRT_SYS_NPU_CHECKED")
}

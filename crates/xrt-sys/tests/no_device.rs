//! The bridge against the XRT this machine has, with no device: every path fails gracefully
//! (an error with XRT's message, never an abort), with and without `XILINX_XRT`.
//! XRT reads `XILINX_XRT` once per process, so each case runs this test binary again as a child
//! with the environment it needs (`XRT_SYS_CHILD` selects the case).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;
use xrt_sys::{Device, Status};

/// Runs `case` in a child process with `XILINX_XRT` set to `xilinx_xrt` (or unset).
fn child(case: &str, xilinx_xrt: Option<&str>) -> (Option<i32>, String) {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(["--exact", case, "--nocapture", "--test-threads=1"]).env("XRT_SYS_CHILD", "1");
    match xilinx_xrt {
        Some(value) => command.env("XILINX_XRT", value),
        None => command.env_remove("XILINX_XRT"),
    };
    let output = command.output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.code(), said)
}

fn in_child() -> bool {
    std::env::var_os("XRT_SYS_CHILD").is_some()
}

/// The child's body: opening device 0 fails with an XRT error, whatever the environment.
#[test]
fn open_device_0() {
    if !in_child() {
        return;
    }
    let err = Device::open(0).expect_err("this machine has no XRT device");
    let expected = if xrt_sys::available() { Status::Xrt } else { Status::Absent };
    assert_eq!(err.status, expected, "{err:?}");
    assert!(!err.message.is_empty());
    println!("DEVICE-OPEN-FAILED: {}", err.message);
}

#[test]
fn no_device_without_xilinx_xrt_is_an_error_not_an_abort() {
    if in_child() {
        return;
    }
    let (code, said) = child("open_device_0", None);
    assert_eq!(code, Some(0), "the child aborted or failed:\n{said}");
    assert!(said.contains("DEVICE-OPEN-FAILED: "), "{said}");
    if xrt_sys::available() && xrt_sys::version_code() < (2 << 16) + 18 {
        // Debian's 2.13: the error path needs XILINX_XRT and throws this (toolchain.md §2).
        assert!(said.contains("DEVICE-OPEN-FAILED: XILINX_XRT not set"), "{said}");
    }
}

#[test]
fn no_device_with_xilinx_xrt_is_an_error_not_an_abort() {
    if in_child() {
        return;
    }
    let lib = std::env::temp_dir().join(format!("xrt-sys-test-{}", std::process::id()));
    std::fs::create_dir_all(&lib).unwrap();
    let link = lib.join("lib");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("/usr/lib/x86_64-linux-gnu", &link).unwrap();
    let debian = xrt_sys::available() && xrt_sys::version_code() < (2 << 16) + 18;
    // What Debian's 2.13 says: XILINX_XRT with a lib/ finds its shim but no device; a
    // directory without one cannot load the shim.
    let cases = [
        (lib.to_str().unwrap(), "DEVICE-OPEN-FAILED: Could not open device with index '0'"),
        ("/nonexistent-xrt", "DEVICE-OPEN-FAILED: No such library '/nonexistent-xrt/lib/libxrt_core.so.2'"),
    ];
    for (value, message) in cases {
        let (code, said) = child("open_device_0", Some(value));
        assert_eq!(code, Some(0), "XILINX_XRT={value}: the child aborted or failed:\n{said}");
        assert!(said.contains(if debian { message } else { "DEVICE-OPEN-FAILED: " }), "XILINX_XRT={value}: {said}");
    }
    let _ = std::fs::remove_dir_all(&lib);
}

#[test]
fn exceptions_of_either_kind_become_errors() {
    if !xrt_sys::available() {
        return;
    }
    let std_error = xrt_sys::selftest_throw(0).unwrap_err();
    assert_eq!((std_error.status, std_error.message.as_str()), (Status::Xrt, "selftest: a std::runtime_error"));
    let other = xrt_sys::selftest_throw(1).unwrap_err();
    assert_eq!(
        (other.status, other.message.as_str()),
        (Status::Xrt, "XRT threw an exception that is not a std::exception")
    );
    assert_eq!(xrt_sys::selftest_throw(2), Ok(()));
}

#[test]
fn the_build_found_the_xrt_ci_installs() {
    if std::env::var("CI").as_deref() != Ok("true") {
        return;
    }
    assert!(xrt_sys::available(), "CI=true: xrt-sys was built without XRT headers (install libxrt-dev)");
    let code = xrt_sys::version_code();
    assert_eq!(xrt_sys::version(), Some(format!("{}.{}", code >> 16, code & 0xffff)).as_deref());
    assert_eq!(xrt_sys::npu_supported(), code >= (2 << 16) + 18);
    if std::env::var_os("XRT_NPU_HEADERS").is_some() {
        assert!(xrt_sys::npu_checked_against().is_some(), "XRT_NPU_HEADERS is set but the NPU half was not compiled");
    }
}

//! The safe API's error mapping, and the device path on a machine without an NPU.

use super::*;

fn bridge(status: Status, message: &str) -> BridgeError {
    BridgeError { status, message: message.to_string(), state: None }
}

#[test]
fn bridge_statuses_map_to_their_codes_with_the_context() {
    let cases = [
        (Status::Xrt, "boom", codes::XRT_FAILED, "loading: XRT: boom"),
        (
            Status::State,
            "the run ended in ERT_CMD_STATE_TIMEOUT, not ERT_CMD_STATE_COMPLETED",
            codes::RUN_NOT_COMPLETED,
            "loading: the run ended in ERT_CMD_STATE_TIMEOUT, not ERT_CMD_STATE_COMPLETED",
        ),
        (
            Status::Argument,
            "the xclbin has no kernel named `X` (its kernels: MLIR_AIE)",
            codes::BAD_ARTIFACT,
            "loading: the xclbin has no kernel named `X` (its kernels: MLIR_AIE)",
        ),
        (
            Status::NoNpu,
            "this XRT (2.13) has no NPU support: XRT >= 2.18 with the amdxdna driver is needed",
            codes::XRT_NO_NPU,
            "this XRT (2.13) has no NPU support: XRT >= 2.18 with the amdxdna driver is needed",
        ),
        (Status::Absent, "built without XRT", codes::XRT_NO_NPU, "built without XRT"),
    ];
    for (status, message, code, expected) in cases {
        assert_eq!(run_error(bridge(status, message), "loading"), RunError::new(code, expected), "{status:?}");
    }
}

#[test]
fn a_missing_device_says_what_to_do() {
    let unset = no_device(0, bridge(Status::Xrt, "XILINX_XRT not set"));
    let gone = no_device(1, bridge(Status::Xrt, "Could not open device with index '1'"));
    let suffix = if npu_supported() {
        String::new()
    } else {
        format!("; and this XRT ({}) has no NPU support: XRT >= 2.18 with the amdxdna driver is needed", xrt_version())
    };
    assert_eq!(
        unset,
        RunError::new(
            codes::NO_DEVICE,
            format!("cannot open XRT device 0: XILINX_XRT not set (set XILINX_XRT to XRT's install prefix, e.g. /opt/xilinx/xrt){suffix}")
        )
    );
    assert_eq!(
        gone,
        RunError::new(
            codes::NO_DEVICE,
            format!("cannot open XRT device 1: Could not open device with index '1' (no NPU here, or its driver amdxdna is not loaded: see `xrt-smi examine`){suffix}")
        )
    );
}

#[test]
fn ranges_outside_a_buffer_are_refused_before_xrt() {
    assert_eq!(check_range(0, 8, 8, "a write"), Ok(()));
    assert_eq!(
        check_range(4, 8, 8, "a write"),
        Err(RunError::new(codes::BACKEND_USAGE, "a write of 8 bytes at offset 4 is outside the buffer's 8 bytes"))
    );
    assert!(check_range(usize::MAX, 2, 8, "a sub-buffer").is_err());
}

/// This machine has no NPU: opening the backend fails with NO_DEVICE (or, built without XRT
/// headers, XRT_NO_NPU), and never aborts.
#[test]
fn opening_the_backend_without_a_device_is_an_error() {
    let options =
        XrtOptions { lock_path: std::env::temp_dir().join("air-run-no-device.lock"), ..XrtOptions::default() };
    let err = XrtBackend::open(&options, &mut |_| {}).unwrap_err();
    let expected = if xrt_sys::available() { codes::NO_DEVICE } else { codes::XRT_NO_NPU };
    assert_eq!(err.code, expected, "{err}");
}

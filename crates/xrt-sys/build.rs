//! Finds XRT's headers, detects their version, binds XRT's C API with bindgen and compiles the
//! C++ bridge (bridge/bridge.cpp) with its NPU half when XRT >= 2.18.
//!
//! Environment: `XRT_INCLUDE_DIR` (the headers; else /usr/include/xrt, /opt/xilinx/xrt/include,
//! /usr/include), `XRT_LIB_DIR` (libxrt_coreutil; else beside the headers' prefix),
//! `XRT_NPU_HEADERS` (a second, XRT >= 2.18 header tree the NPU half is compiled against to an
//! object that is never linked: CI's proof that the bridge does not rot).
//! Debian's xrt.pc is broken (`prefix=/usr//usr`), so pkg-config is not used.
//! Without headers the crate builds with no XRT (`cfg(xrt_absent)`): every call says so.

use std::path::{Path, PathBuf};

/// The first XRT version with the NPU API (hw_context, amdxdna).
const NPU_MIN: (u32, u32) = (2, 18);

struct Xrt {
    /// The directory that holds `xrt/xrt_bo.h`.
    root: PathBuf,
    version: (u32, u32),
    /// XRT's C API header (`xrt.h`; `xrt/deprecated/xrt.h` from 2.18 on).
    c_api: PathBuf,
}

fn main() -> Result<(), String> {
    for var in ["XRT_INCLUDE_DIR", "XRT_LIB_DIR", "XRT_NPU_HEADERS"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=bridge/bridge.cpp");
    println!("cargo:rerun-if-changed=bridge/bridge.h");
    println!("cargo:rustc-check-cfg=cfg(xrt_absent)");
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);

    if let Some(dir) = std::env::var_os("XRT_NPU_HEADERS") {
        check_npu_half(Path::new(&dir), &out)?;
    }

    let candidates: Vec<PathBuf> = match std::env::var_os("XRT_INCLUDE_DIR") {
        Some(dir) => vec![PathBuf::from(dir)],
        None => ["/usr/include/xrt", "/opt/xilinx/xrt/include", "/usr/include"].iter().map(PathBuf::from).collect(),
    };
    let Some(xrt) = candidates.iter().find_map(|c| find_xrt(c)) else {
        if std::env::var_os("XRT_INCLUDE_DIR").is_some() {
            return Err(format!(
                "XRT_INCLUDE_DIR={}: no XRT headers (xrt/xrt_bo.h and a version header) there",
                candidates[0].display()
            ));
        }
        println!("cargo:warning=xrt-sys: no XRT headers found (install libxrt-dev, or set XRT_INCLUDE_DIR); building without XRT");
        println!("cargo:rustc-cfg=xrt_absent");
        std::fs::write(out.join("bindings.rs"), "").map_err(|e| e.to_string())?;
        return Ok(());
    };
    let npu = xrt.version >= NPU_MIN;
    println!("cargo:rustc-env=XRT_SYS_VERSION={}.{}", xrt.version.0, xrt.version.1);
    println!("cargo:version={}.{}", xrt.version.0, xrt.version.1);
    println!("cargo:include={}", xrt.root.display());

    bind(&xrt, &out)?;
    bridge(&xrt, npu).compile("axs_bridge");
    link(&xrt);
    Ok(())
}

/// XRT under `dir`: `dir` itself holds `xrt/xrt_bo.h` (2.13's /usr/include/xrt, an install's
/// include/), or `dir` is the `xrt` directory of a root (2.25's /usr/include/xrt).
fn find_xrt(dir: &Path) -> Option<Xrt> {
    let root = if dir.join("xrt/xrt_bo.h").is_file() {
        dir.to_path_buf()
    } else if dir.join("xrt_bo.h").is_file() {
        dir.parent()?.to_path_buf()
    } else {
        return None;
    };
    let version = ["xrt/detail/version-slim.h", "xrt/detail/version.h", "version.h", "xrt/version.h"]
        .iter()
        .find_map(|h| std::fs::read_to_string(root.join(h)).ok().and_then(|t| version_of(&t)))?;
    let c_api = ["xrt.h", "xrt/deprecated/xrt.h", "xrt/xrt.h"].iter().map(|h| root.join(h)).find(|p| p.is_file())?;
    Some(Xrt { root, version, c_api })
}

/// `#define XRT_VERSION_CODE XRT_VERSION(2, 13)` → (2, 13).
fn version_of(text: &str) -> Option<(u32, u32)> {
    let line = text.lines().find(|l| l.trim_start().starts_with("#define XRT_VERSION_CODE"))?;
    let args = line.split("XRT_VERSION(").nth(1)?.split(')').next()?;
    let mut parts = args.split(',').map(|p| p.trim().parse::<u32>());
    match (parts.next(), parts.next()) {
        (Some(Ok(major)), Some(Ok(minor))) => Some((major, minor)),
        _ => None,
    }
}

fn includes(root: &Path) -> Vec<String> {
    vec![format!("-I{}", root.display()), format!("-I{}", root.join("xrt").display())]
}

/// bindgen over XRT's C API (`xrt.*`) and the bridge (`axs_.*`).
fn bind(xrt: &Xrt, out: &Path) -> Result<(), String> {
    let wrapper = format!("#include \"{}\"\n#include \"bridge/bridge.h\"\n", xrt.c_api.display());
    bindgen::Builder::default()
        .header_contents("xrt_sys_wrapper.h", &wrapper)
        .clang_args(includes(&xrt.root))
        .clang_arg(format!("-I{}", env!("CARGO_MANIFEST_DIR")))
        .allowlist_function("xrt.*")
        .allowlist_function("axs_.*")
        .allowlist_type("axs_.*")
        .allowlist_var("AXS_.*")
        .rustified_enum("axs_status")
        .layout_tests(false)
        .generate()
        .map_err(|e| format!("bindgen over {}: {e}", xrt.c_api.display()))?
        .write_to_file(out.join("bindings.rs"))
        .map_err(|e| e.to_string())
}

fn bridge(xrt: &Xrt, npu: bool) -> cc::Build {
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        .file("bridge/bridge.cpp")
        .include("bridge")
        .include(&xrt.root)
        .include(xrt.root.join("xrt"))
        .define("AXS_XRT_VERSION_CODE", format!("(({} << 16) + {})", xrt.version.0, xrt.version.1).as_str())
        .define("AXS_NPU", if npu { "1" } else { "0" })
        .warnings(true);
    build
}

/// Compiles the NPU half against the headers in `dir` to an object that is never linked.
fn check_npu_half(dir: &Path, out: &Path) -> Result<(), String> {
    let xrt = find_xrt(dir).or_else(|| find_xrt(&dir.join("xrt"))).ok_or_else(|| {
        format!("XRT_NPU_HEADERS={}: no XRT headers (xrt/xrt_bo.h and a version header) there", dir.display())
    })?;
    if xrt.version < NPU_MIN {
        return Err(format!(
            "XRT_NPU_HEADERS={}: XRT {}.{} has no NPU API (>= {}.{} is needed)",
            dir.display(),
            xrt.version.0,
            xrt.version.1,
            NPU_MIN.0,
            NPU_MIN.1
        ));
    }
    let object = out.join("npu_check.o");
    let compiler = bridge(&xrt, true).get_compiler();
    let mut command = compiler.to_command();
    command.args(["-c", "-o"]).arg(&object).arg("bridge/bridge.cpp");
    let result = command.output().map_err(|e| format!("cannot run the C++ compiler: {e}"))?;
    if !result.status.success() {
        return Err(format!(
            "the NPU half of the bridge does not compile against XRT {}.{} ({}):\n{}",
            xrt.version.0,
            xrt.version.1,
            dir.display(),
            String::from_utf8_lossy(&result.stderr)
        ));
    }
    println!(
        "cargo:warning=xrt-sys: the NPU half of the bridge compiles against XRT {}.{} ({})",
        xrt.version.0,
        xrt.version.1,
        dir.display()
    );
    println!("cargo:rustc-env=XRT_SYS_NPU_CHECKED={}.{}", xrt.version.0, xrt.version.1);
    Ok(())
}

/// libxrt_coreutil: from XRT_LIB_DIR, else the multiarch dir (Debian) or the install's lib/.
fn link(xrt: &Xrt) {
    let dirs: Vec<PathBuf> = match std::env::var_os("XRT_LIB_DIR") {
        Some(dir) => vec![PathBuf::from(dir)],
        None => {
            let mut dirs = vec![PathBuf::from("/usr/lib/x86_64-linux-gnu"), PathBuf::from("/usr/lib")];
            if let Some(prefix) = xrt.root.parent() {
                dirs.insert(0, prefix.join("lib"));
            }
            dirs
        }
    };
    if let Some(dir) = dirs.iter().find(|d| d.join("libxrt_coreutil.so").exists()) {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
    println!("cargo:rustc-link-lib=dylib=xrt_coreutil");
}

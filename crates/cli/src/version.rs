//! What `air-stitch --version` says: the version and the commit it was built from (`-V`), and
//! with `--version` also the cargo features built in and the external tools this run would use.

/// `0.1.0 (commit abc123def456 (2026-08-22))`, for `-V`.
pub fn short() -> String {
    format!("{} (commit {})", env!("CARGO_PKG_VERSION"), env!("AIR_STITCH_COMMIT"))
}

/// The features of this build that change what it can do.
fn features() -> Vec<&'static str> {
    let mut features = Vec::new();
    if cfg!(feature = "mlir") {
        features.push("mlir");
    }
    if cfg!(feature = "xrt") {
        features.push("xrt");
    }
    features
}

/// The `--version` text: one fact a line.
pub fn long() -> String {
    let features = features();
    let features = if features.is_empty() { "none (the default build)".to_string() } else { features.join(", ") };
    let mut text =
        format!("{}\ncommit: {}\nfeatures: {features}\n", env!("CARGO_PKG_VERSION"), env!("AIR_STITCH_COMMIT"));
    for (tool, found) in crate::air_opt::tools_found() {
        text.push_str(&format!("{tool}: {found}\n"));
    }
    text.trim_end().to_string()
}

//! Stable diagnostic codes of the command line itself (AS00xx), documented in
//! `docs/error-codes.md`.

/// An input cannot be read (a plan, a slice file it names, a zero-config input; exit status
/// 2), at the place that names it.
pub const CANNOT_READ: &str = "AS0002";
/// `parse --roundtrip`: a chunk's tree does not print back its text (a parser bug).
pub const ROUNDTRIP_MISMATCH: &str = "AS0010";

// `compile` and the artifact cache (AS0730–AS0759; docs/compile.md).

/// aircc was not found (`--aircc`, `$AIRCC`, PATH): exit status 2, with how to get it.
pub const AIRCC_NOT_FOUND: &str = "AS0730";
/// A `link_with` object the module names is in none of the object directories (exit 2).
pub const OBJECT_MISSING: &str = "AS0731";
/// aircc failed: it exited non-zero or was killed by a signal (exit 1), the log is named.
pub const AIRCC_FAILED: &str = "AS0732";
/// aircc did not finish within `--timeout`; its process group was killed (exit 1).
pub const AIRCC_TIMEOUT: &str = "AS0733";
/// aircc exited 0 but an artifact it was asked for is missing (exit 1).
pub const ARTIFACT_MISSING: &str = "AS0734";
/// A cache entry failed its check (truncated, corrupt, incomplete): evicted, compiled again.
pub const CACHE_ENTRY_EVICTED: &str = "AS0735";
/// A `link_with` name that is not a plain file name (`../x.o`, `/abs/x.o`): it cannot be staged.
pub const OBJECT_NAME_NOT_PLAIN: &str = "AS0736";
/// Lint errors stopped the compile before aircc ran (`--no-lint` runs it anyway).
pub const STOPPED_BY_LINT: &str = "AS0737";
/// `compile` was interrupted (SIGINT, SIGTERM or SIGHUP): aircc's process group was killed,
/// nothing written or cached (exit status 2).
pub const INTERRUPTED: &str = "AS0738";
/// A shared cache entry failed its check (truncated, corrupt, another key's): not served,
/// compiled here, and replaced unless the cache is read-only.
pub const REMOTE_ENTRY_DAMAGED: &str = "AS0739";
/// A shared cache entry whose signature does not verify with `$AIR_STITCH_CACHE_KEY` (forged,
/// or unsigned): refused, compiled here, and replaced unless the cache is read-only.
pub const REMOTE_ENTRY_UNTRUSTED: &str = "AS0750";
/// The shared cache cannot be opened, read or written: the compile goes on with the local one.
pub const REMOTE_UNREACHABLE: &str = "AS0751";
/// A finished compile's entry could not be kept in the local cache (a full disk, permissions):
/// the artifacts are written, the next compile runs aircc again.
pub const CACHE_NOT_STORED: &str = "AS0752";
/// The cache's config file does not read (TOML, or an unknown setting); exit status 2.
pub const CONFIG_INVALID: &str = "AS0753";
/// A group directory's `*.groups.json` does not read; exit status 2.
pub const GROUPS_LISTING_INVALID: &str = "AS0754";

// `check-bd --lower` and `compile --lower-only` (AS0740–AS0749; docs/lowering.md).

/// The drivers to lower with (aircc, aiecc) were not found (exit status 2).
pub const LOWER_TOOLS_NOT_FOUND: &str = "AS0740";
/// The lowering gave no verdict: a compiler tool crashed, or a tool problem (exit status 2).
pub const LOWER_NO_VERDICT: &str = "AS0741";
/// The lowering did not finish within its timeout: no verdict (exit status 1).
pub const LOWER_TIMED_OUT: &str = "AS0742";
/// The compiler accepts the module: its instruction words per sequence (a note).
pub const LOWER_ACCEPTED: &str = "AS0743";
/// A full ELF whose dispatch does an odd number of `load_pdi` reconfigurations: with mlir-aie
/// before af819a80 (mlir-air #1946) the next dispatch's reset is swallowed (a warning).
pub const ODD_RESETS: &str = "AS0744";

/// A lowering skipped because check-bd foresees a compile-time blow-up (AS0431, AS0440) and no
/// `--lower-timeout` asks for it (a note).
pub const LOWER_SKIPPED: &str = "AS0745";

/// The lowering's findings that are lints (their level follows `-A/-W/-D` and a plan's
/// `[lints]`): the hazard, which a toolchain with mlir-aie af819a80 or later does not have, and
/// the words note.
pub const LOWER_LINTS: &[air_diagnostics::Lint] = &[
    air_diagnostics::Lint::new(LOWER_ACCEPTED, "lowered", air_diagnostics::Level::Note),
    air_diagnostics::Lint::new(ODD_RESETS, "odd-resets", air_diagnostics::Level::Warn),
];

// `check-merge` and `inputs` (AS0971–AS0979; docs/run.md; no device is AS0930–AS0932). The orchestration's own codes
// (AS0950–AS0969) are air-check-merge's.

/// A compiled kernel check-merge needs is not in `--merged DIR` or `--slices DIR` (exit 2).
pub const KERNEL_NOT_COMPILED: &str = "AS0971";

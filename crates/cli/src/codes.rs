//! Stable diagnostic codes of the command line itself (AS00xx), documented in
//! `docs/error-codes.md`.

/// `merge --plan`: a slice file the plan names cannot be read (exit status 2).
pub const SLICE_FILE_UNREADABLE: &str = "AS0002";
/// `parse --roundtrip`: a chunk's tree does not print back its text (a parser bug).
pub const ROUNDTRIP_MISMATCH: &str = "AS0010";

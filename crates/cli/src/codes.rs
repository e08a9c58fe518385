//! Stable diagnostic codes of the command line itself (AS00xx), documented in
//! `docs/error-codes.md`.

/// An input cannot be read (a plan, a slice file it names, a zero-config input; exit status
/// 2), at the place that names it.
pub const CANNOT_READ: &str = "AS0002";
/// `parse --roundtrip`: a chunk's tree does not print back its text (a parser bug).
pub const ROUNDTRIP_MISMATCH: &str = "AS0010";

//! Stable diagnostic codes of the dataflow analysis (AS08xx), documented in
//! `docs/error-codes.md` and `docs/roles.md`.

use air_diagnostics::{Level, Lint};

/// A launch reads elements of an argument that no earlier launch wrote but a later one does.
pub const READ_BEFORE_WRITE: &str = "AS0800";
/// Two launches write the same elements with no read of them in between.
pub const WRITE_AFTER_WRITE: &str = "AS0801";
/// An argument called an output is written by no launch.
pub const OUTPUT_NEVER_WRITTEN: &str = "AS0802";
/// Elements a launch writes that no later launch reads, of an argument that is not an output.
pub const DEAD_WRITE: &str = "AS0803";
/// Elements of an output that no launch writes.
pub const OUTPUT_PARTLY_WRITTEN: &str = "AS0804";
/// A transfer whose part of its argument cannot be evaluated (counted as an unknown part).
pub const UNKNOWN_PART: &str = "AS0805";
/// An L3 transfer whose buffer does not lead to an argument of the function.
pub const UNRESOLVED_BUFFER: &str = "AS0806";
/// No function to analyse: none has an `air.launch`, or the one asked for does not exist.
pub const NO_FUNCTION: &str = "AS0807";

/// The hazards as lints: `-A/-W/-D` and a plan's `[lints]` set their levels wherever they are
/// reported (`roles`, `merge`, `group`). AS0802 and AS0807 are verdicts on what was asked and stay
/// errors.
pub const LINTS: &[Lint] = &[
    Lint::new(READ_BEFORE_WRITE, "read-before-write", Level::Warn),
    Lint::new(WRITE_AFTER_WRITE, "write-after-write", Level::Warn),
    Lint::new(DEAD_WRITE, "dead-write", Level::Note),
    Lint::new(OUTPUT_PARTLY_WRITTEN, "output-partly-written", Level::Warn),
    Lint::new(UNKNOWN_PART, "unknown-part", Level::Note),
    Lint::new(UNRESOLVED_BUFFER, "unresolved-buffer", Level::Note),
];

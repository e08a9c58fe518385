//! Generates AIR sub-kernels shaped like the upstream mlir-air LLM builders' printed IR, at any
//! shape: the test fixtures of the merge (testdata/kernels/) and inputs of any size for
//! benchmarks and the resource lint.
//!
//! Each kernel is a spec (its options, validated) whose `build` returns the module text. Output
//! is deterministic: the same spec always prints the same bytes.

pub mod cli;
pub mod ir;
pub mod kernels;
pub mod ops;
pub mod testdata;
pub mod types;

use std::fmt;

/// Why a kernel could not be generated (a shape the kernel cannot tile, an option out of range).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenError {
    pub message: String,
}

impl GenError {
    pub fn new(message: impl Into<String>) -> Self {
        GenError { message: message.into() }
    }
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GenError {}

/// Fails with `message` unless `condition` holds.
pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> Result<(), GenError> {
    if condition {
        Ok(())
    } else {
        Err(GenError::new(message()))
    }
}

/// Checks that `value` is positive and divides `total`: the usual tiling condition.
pub fn ensure_divides(kernel: &str, total_name: &str, total: u64, part_name: &str, part: u64) -> Result<(), GenError> {
    ensure(part > 0, || format!("{kernel}: {part_name} must be positive"))?;
    ensure(total > 0 && total.is_multiple_of(part), || {
        format!("{kernel}: {total_name} ({total}) must be a positive multiple of {part_name} ({part})")
    })
}

/// Checks that every named option is positive.
pub fn ensure_positive(kernel: &str, options: &[(&str, u64)]) -> Result<(), GenError> {
    for (name, value) in options {
        ensure(*value > 0, || format!("{kernel}: {name} must be positive, got {value}"))?;
    }
    Ok(())
}

/// A kernel spec: validated options in, module text out.
pub trait Kernel {
    /// The module's text, or why these options cannot make this kernel.
    fn build(&self) -> Result<String, GenError>;
}

/// The `-N` suffix for the N-th copy of a launch (`""`, `"_1"`, `"_2"`, ...), so repeated
/// launches in one kernel get distinct segment and channel names.
pub fn copy_suffix(copy: usize) -> String {
    if copy == 0 {
        String::new()
    } else {
        format!("_{copy}")
    }
}

//! The device boundary: what running a compiled kernel needs from XRT, as a trait, so that
//! `run` and `check-merge` are the same code on an NPU (the `xrt` feature's backend) and in
//! tests (a recording backend, the only stand-in: this machine has no NPU).
//!
//! Buffers and kernels are small handles owned by the backend; a backend frees everything it
//! made when it is dropped.

use std::time::Duration;

/// A loaded kernel (one hardware context per kernel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KernelId(pub usize);

/// A device buffer, or a view of one (`sub_buffer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BufferId(pub usize);

/// What a kernel is loaded from: the bytes, read by the caller (the library does no I/O).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Artifact {
    /// An xclbin and its NPU instruction stream (`insts.bin`: little-endian u32 words). The
    /// kernel is called with opcode 3, the instruction buffer and its length in words, then
    /// the data buffers from XRT argument slot 3.
    Xclbin {
        xclbin: Vec<u8>,
        insts: Vec<u32>,
        /// The kernel's name in the xclbin (`MLIR_AIE` for aircc's output).
        kernel_name: String,
    },
    /// An ELF (aircc `--output-format elf`): data buffers from argument slot 0.
    Elf {
        elf: Vec<u8>,
        /// `main:<instance>` as `xrt::ext::kernel` takes it.
        kernel_name: String,
    },
}

/// A failure at the device boundary: a stable code (docs/error-codes.md) and a message that
/// says what is missing or what XRT said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    pub code: &'static str,
    pub message: String,
}

impl RunError {
    pub fn new(code: &'static str, message: impl Into<String>) -> RunError {
        RunError { code, message: message.into() }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for RunError {}

/// What running kernels on a device takes. Every call either succeeds or says why; a run
/// whose final state is not COMPLETED is an error, never a silent result (mlir-air issue
/// 1822: a deadlock surfaced as wrong numbers because the state was discarded).
pub trait Backend {
    /// Loads a kernel: registers the xclbin (or ELF) and opens its hardware context.
    fn load(&mut self, artifact: &Artifact) -> Result<KernelId, RunError>;

    /// A zero-filled device buffer of `bytes` bytes, allocated in the memory group of data
    /// argument `arg` (0-based, counted from the first data argument) of `kernel`.
    fn alloc(&mut self, kernel: KernelId, arg: usize, bytes: usize) -> Result<BufferId, RunError>;

    /// A view of `len` bytes at byte `offset` of `parent` (a prelude alias such as a
    /// `memref.subview` row): writes through either are seen by both.
    fn sub_buffer(&mut self, parent: BufferId, offset: usize, len: usize) -> Result<BufferId, RunError>;

    /// Writes `data` at byte `offset` of the buffer and syncs it to the device.
    fn write(&mut self, buffer: BufferId, offset: usize, data: &[u8]) -> Result<(), RunError>;

    /// Syncs the buffer from the device and returns its bytes.
    fn read(&mut self, buffer: BufferId) -> Result<Vec<u8>, RunError>;

    /// One dispatch of `kernel` with `args` bound to its data arguments in order; waits for
    /// it and returns the wall-clock time from start to completion.
    fn run(&mut self, kernel: KernelId, args: &[BufferId]) -> Result<Duration, RunError>;
}

/// Wall-clock times of repeated runs (after the warm-up runs, which are not counted).
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    pub warmup: usize,
    /// Every timed run, in order.
    pub samples: Vec<Duration>,
}

impl Timing {
    /// The median (the mean of the middle two for an even count); zero with no samples.
    pub fn median(&self) -> Duration {
        let mut sorted = self.samples.clone();
        sorted.sort();
        match sorted.len() {
            0 => Duration::ZERO,
            n if n % 2 == 1 => sorted[n / 2],
            n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
        }
    }

    pub fn min(&self) -> Duration {
        self.samples.iter().copied().min().unwrap_or(Duration::ZERO)
    }

    pub fn max(&self) -> Duration {
        self.samples.iter().copied().max().unwrap_or(Duration::ZERO)
    }
}

/// Runs `kernel` `warmup` times untimed, then `iterations` times timed.
pub fn time_runs(
    backend: &mut dyn Backend,
    kernel: KernelId,
    args: &[BufferId],
    warmup: usize,
    iterations: usize,
) -> Result<Timing, RunError> {
    for _ in 0..warmup {
        backend.run(kernel, args)?;
    }
    let mut samples = Vec::with_capacity(iterations);
    for _ in 0..iterations {
        samples.push(backend.run(kernel, args)?);
    }
    Ok(Timing { warmup, samples })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timing(ms: &[u64]) -> Timing {
        Timing { warmup: 1, samples: ms.iter().map(|&m| Duration::from_millis(m)).collect() }
    }

    #[test]
    fn median_min_max() {
        let t = timing(&[5, 1, 9]);
        assert_eq!(
            (t.median(), t.min(), t.max()),
            (Duration::from_millis(5), Duration::from_millis(1), Duration::from_millis(9))
        );
        assert_eq!(timing(&[4, 2, 8, 6]).median(), Duration::from_millis(5));
        assert_eq!(timing(&[]).median(), Duration::ZERO);
    }
}

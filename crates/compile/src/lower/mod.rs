//! The MLIR half of the real compiler as a judge: aircc's passes and aiecc's up to the NPU
//! instruction stream, without core compilation or packaging (`check-bd --lower`,
//! `compile --lower-only`, and the test suite's verdicts).
//!
//! aircc runs as the user's compile would, on the same options; the `aiecc` it calls is a shim
//! ([`argv::shim_script`]) that runs the real aiecc with aircc's own arguments, its request for
//! an xclbin or a full ELF replaced by the instruction stream (`--get-npu-insts`): aiecc's
//! graph then runs only the edges that stream needs (placement, locks, BD ids, buffer
//! addresses, routing, runtime-sequence materialization, DMA lowering), never a core compile,
//! which needs peano. For `--output-format elf` aircc still lowers with `airrt-to-npu`'s ELF
//! form (a `main` sequence configuring one device per launch); only aiecc's last steps differ
//! (`--expand-load-pdis` and the ELF packaging, which need aie-rt and aiebu).
//!
//! Library only: [`argv`] builds the command lines and the shim, [`outcome`] reads what the
//! run left (exit, log, the lowered module, instruction files) into a [`Lowering`], and
//! [`locate`] maps a location in aircc's intermediate files back onto the module's launches.
//! The CLI runs the processes.

pub mod argv;
pub mod insts;
pub mod locate;
pub mod outcome;

pub use argv::{aircc_argv, shim_script, LowerPaths, SHIM_DROPPED};
pub use insts::{summarize, InstsSummary};
pub use locate::{enclosing_symbols, Symbol, SymbolKind};
pub use outcome::{no_verdict_notes, sequences_of, verdict_of, Exit, Lowering, Sequence, Verdict};

/// The schema of the `lowering` object in check-bd's and compile's JSON.
pub const SCHEMA: &str = "air-stitch/lowering/1";

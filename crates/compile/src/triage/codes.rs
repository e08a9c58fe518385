//! Stable diagnostic codes of triage (AS0700–AS0729), documented in `docs/error-codes.md` and
//! `docs/triage.md`: one per class of compiler failure, then the problems with triage's inputs.

/// Buffer descriptors exhausted (mlir-aie `AIEAssignRuntimeSequenceBDIDs.cpp`).
pub const BD_EXHAUSTION: &str = "AS0700";
/// A push-queue repeat count over 255, or a BD id past the last (`AIEXDialect.cpp`).
pub const REPEAT_COUNT: &str = "AS0701";
/// A DMA size, stride or offset the BD cannot encode (`verifyStridesWraps`).
pub const DMA_DIMS: &str = "AS0702";
/// The router found no legal routing (`AIECreatePathFindFlows.cpp`).
pub const ROUTING: &str = "AS0703";
/// Herds or logical tiles could not be placed (`AIRHerdPlacementPass.cpp`, the tile placer).
pub const PLACEMENT: &str = "AS0704";
/// Herds whose shapes or pinned places conflict.
pub const HERD_SHAPE: &str = "AS0705";
/// A tile's buffers do not fit its memory (`AIEAssignBuffers.cpp`).
pub const MEMORY: &str = "AS0706";
/// A core's stack is smaller than it needs (aiecc's stack check).
pub const STACK: &str = "AS0707";
/// A tile ran out of locks (`AIEAssignLockIDs`).
pub const LOCKS: &str = "AS0708";
/// A herd without its launch and segment reached the runtime lowering.
pub const BARE_HERD: &str = "AS0709";
/// A transfer's L1 or L2 side has no `memref.alloc` behind it (a function argument).
pub const TILE_BUFFER: &str = "AS0719";
/// A shim DMA of the runtime sequence with more than one non-constant offset (AIRRtToNpu).
pub const RUNTIME_OFFSETS: &str = "AS0714";
/// A runtime-sequence BD whose buffer is a view of a host argument the DMA lowering cannot
/// trace (a `memref.collapse_shape` outside the launch; AIEDMATasksToNPU).
pub const SEQUENCE_VIEW: &str = "AS0715";
/// The compiler's verifiers refuse the module (a duplicate symbol, a malformed
/// `air.shim_dma_tile_sizes`).
pub const INVALID_IR: &str = "AS0716";
/// aircc did not finish within `--timeout`.
pub const COMPILE_TIMEOUT: &str = "AS0710";
/// aircc refused an option or its value.
pub const UNSUPPORTED_OPTION: &str = "AS0711";
/// A tool of the toolchain is missing.
pub const TOOL_MISSING: &str = "AS0712";
/// aircc's own step failed: a file it reads or writes (its temporary directory, an output), or an
/// internal step (cloning the module, reading air-translate's JSON).
pub const DRIVER: &str = "AS0717";
/// The compiler crashed (LLVM's crash report: a stack dump).
pub const CRASH: &str = "AS0718";
/// An error line no pattern knows.
pub const UNKNOWN: &str = "AS0713";
/// `triage --module`: the module cannot be used (not UTF-8, syntax errors), so findings carry
/// no op, slice or check-bd finding.
pub const MODULE_UNUSABLE: &str = "AS0720";
/// `triage --module`: the log's locations name files, none of them the module.
pub const MODULE_NOT_NAMED: &str = "AS0721";
/// The log is binary data (an artifact, a core dump), not the text a compiler printed.
pub const LOG_NOT_TEXT: &str = "AS0722";

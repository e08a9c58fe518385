//! The check-bd rules: stable diagnostic codes (AS04xx), rule names, sources and certainty.
//! `docs/check-bd.md` lists the same table; keep the two in step.

use air_diagnostics::{Level, Lint};
use serde::Serialize;

/// How sure the rule is (model doc §0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    /// Read from the compiler / mlir-aie source (the failing pass is cited).
    Source,
    /// Read from the source and confirmed by the pinned compiler's own verdict on the
    /// fixtures named in docs/check-bd.md (the compiler kit: mlir-air e972f29, mlir-aie 7e00b57).
    Compiler,
    /// Derived from source facts (counts, products).
    Derived,
    /// A runtime hazard upstream documents (the compiler cannot see it).
    Documented,
}

impl Certainty {
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Source => "source",
            Certainty::Compiler => "compiler",
            Certainty::Derived => "derived",
            Certainty::Documented => "documented",
        }
    }
}

/// One rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    /// The default level: the loudest severity the rule reports at (its uncertain cases may be
    /// one level lower, e.g. a warning of an error rule). The CLI applies the user's levels.
    pub level: Level,
    /// Where the limit comes from.
    pub source: &'static str,
    pub certainty: Certainty,
}

macro_rules! rules {
    ($($ident:ident = ($code:literal, $name:literal, $level:ident, $certainty:ident, $source:literal);)*) => {
        $(pub const $ident: Rule = Rule {
            code: $code,
            name: $name,
            level: Level::$level,
            source: $source,
            certainty: Certainty::$certainty,
        };)*
        /// Every rule, in code order.
        pub const ALL: &[Rule] = &[$($ident),*];
    };
}

rules! {
    NOT_CONSTANT = ("AS0400", "not-constant", Note, Source,
        "a size, trip count or offset is not a compile-time constant; the check that needs it is skipped");
    HERD_FITS_ARRAY = ("AS0401", "herd-fits-array", Deny, Compiler,
        "mlir-air AIRHerdPlacementPass.cpp (air-place-herds: `No valid placement found.`); largest herd 8×4 npu2 / 4×4 npu1");
    HERDS_FIT_SEGMENT = ("AS0402", "herds-fit-segment", Deny, Source,
        "mlir-air AIRHerdPlacementPass.cpp (air-place-herds: the physical herds of a segment tile its area without overlap: the segment's x_size × y_size when declared, else the core array; `No valid placement found.`)");
    HERD_SHAPE_CONFLICT = ("AS0403", "herd-shape-conflict", Deny, Source,
        "mlir-air AIRHerdPlacementPass.cpp getHerdPin (herds sharing a symbol carry one x_loc/y_loc pin: `disagrees with sibling air.herd`)");
    L1_PER_CORE = ("AS0404", "l1-per-core", Deny, Compiler,
        "mlir-aie AIEAssignBuffers.cpp basicAllocation (stack + buffers largest first, 32-byte aligned ≤ 64 KiB: `allocated buffers exceeded available memory`); buffers doubled as air-label-scf-for-to-ping-pong decides");
    L2_PER_SEGMENT = ("AS0405", "l2-per-segment", Deny, Derived,
        "mlir-aie AIEAssignBuffers.cpp (each memtile ≤ 512 KiB): a segment's L2 buffers exceed all its memtiles together");
    L2_BUFFER_PER_MEMTILE = ("AS0406", "l2-buffer-per-memtile", Deny, Compiler,
        "mlir-air AIRMiscPasses.cpp air-split-l2-memref (the pieces) and AIRToAIEPass.cpp L2MemrefToMemTileMap (which memtile holds each piece and its ping-pong copy); mlir-aie AIEAssignBuffers.cpp (512 KiB per memtile)");
    SHIM_MM2S_CHANNELS = ("AS0407", "shim-mm2s-channels", Deny, Compiler,
        "mlir-aie AIEPlacer.cpp (aie-place-tiles: `no ShimNOCTile has sufficient DMA capacity`): L3 input streams ≤ 2 × columns");
    SHIM_S2MM_CHANNELS = ("AS0408", "shim-s2mm-channels", Deny, Compiler,
        "mlir-aie AIEPlacer.cpp (aie-place-tiles: `no ShimNOCTile has sufficient DMA capacity`): L3 output streams ≤ 2 × columns");
    CORE_DMA_CHANNELS = ("AS0409", "core-dma-channels", Deny, Compiler,
        "mlir-air AIRToAIESchedulingUtils.cpp (a third stream shares a core DMA channel), mlir-aie AIEDialect.cpp SwitchboxOp::verify (`targets same dst as another connect op`)");
    SHIM_BDS_PER_TILE = ("AS0410", "shim-bds-per-tile", Deny, Compiler,
        "mlir-aie AIEAssignRuntimeSequenceBDIDs.cpp (`Too many simultaneously active buffer descriptors`); mlir-air AIRRtToNpuPass.cpp (S2MM tasks awaited at the launch end, MM2S bursts bounded at 4)");
    MEMTILE_BDS_PER_CHANNEL = ("AS0411", "memtile-bds-per-channel", Deny, Compiler,
        "mlir-aie AIEDialect.cpp (`'aie.memtile_dma' op has more than 48 blocks`), AIEAssignBufferDescriptorIDs.cpp (24 per channel parity)");
    CORE_BDS = ("AS0412", "core-bds", Deny, Source,
        "mlir-aie AIEAssignBufferDescriptorIDs.cpp: 16 BDs per core tile shared by its 4 channels");
    REPEAT_COUNT = ("AS0413", "repeat-count", Deny, Source,
        "mlir-aie AIEXDialect.cpp NpuPushQueueOp::verify (`Repeat count exceeds the [0:255] range.`); mlir-air DmaToNpuPattern's repeat = outer size × stride-0 dims − 1");
    WRAP = ("AS0414", "wrap", Deny, Source,
        "mlir-aie AIEXDialect.cpp verifyStridesWraps (shim d0/d1 ≤ 1023), AIEDialect.cpp DMABDOp::verify (core/memtile sizes ≤ 512); mlir-air AIRRtToNpuPass.cpp tileIllegalWrapDim (`cannot tile dim`)");
    STRIDE = ("AS0415", "stride", Deny, Source,
        "mlir-aie AIEXDialect.cpp verifyStridesWraps (shim step ≤ 2^20 granules), AIEDialect.cpp DMABDOp::verify (core/memtile step < 2^19 elements)");
    ALIGNMENT = ("AS0418", "four-byte-alignment", Deny, Compiler,
        "mlir-aie AIEXDialect.cpp verifyStridesWraps and DMABDOp::verify: offsets, d0 size, strides and length are multiples of 4 bytes");
    INNER_STRIDE = ("AS0419", "sub-32-bit-inner-stride", Deny, Source,
        "mlir-aie AIEDialect.cpp DMABDOp::verify (`For <32b width datatypes, inner-most dim stride must be 1`); on the shim path verifyStridesWraps' 4-byte check");
    SHARED_SEGMENT = ("AS0422", "segment-symbol-shared", Deny, Compiler,
        "mlir-air ConvertToAIRPass.cpp getSegmentNames (air-insert-launch-around-herd: `'air.segment' op unexpected duplicate symbol.`)");
    SHARED_CHANNEL = ("AS0423", "channel-symbol-shared", Deny, Compiler,
        "mlir-air AIRToAIEPass.cpp (one aie.device per segment: a put in one launch and its get in another fail with `failed to get S2MM tile for L3 allocation`)");
    UTILISATION = ("AS0425", "utilisation", Note, Documented,
        "model doc §6 and the merge recipe");
    CORE_LOCKS = ("AS0426", "core-locks", Deny, Source,
        "mlir-air AIRToAIESchedulingUtils.cpp allocateLockOp (2 locks per buffer and DMA channel, ids from 0 without bound), mlir-aie AIEDialect.cpp LockOp::verify (`lock assigned invalid id (maximum is 15)`)");
    BD_LENGTH = ("AS0427", "bd-length", Deny, Compiler,
        "mlir-aie AIEDialect.cpp DMABDOp::verify (`buffer descriptor length ... exceeds the maximum`): 16383 words (core), 131071 (memtile)");
    BD_DIMS = ("AS0428", "bd-dimensions", Deny, Source,
        "mlir-aie AIEDialect.cpp DMABDOp::verify (`Cannot give more than N dimensions`): 3 (core), 4 (memtile)");
    BO_SPAN = ("AS0429", "buffer-object-span", Warn, Documented,
        "mlir-aie AIETargetNPU.cpp (a shim BD's byte offset is a uint32); mlir-air #1836: past 4 GiB offsets wrap silently (NaN logits); no compiler check");
    MEMTILE_CHANNELS = ("AS0430", "memtile-dma-channels", Deny, Derived,
        "mlir-aie AIETargetModel.h: 6 + 6 DMA channels per memtile");
    COMPILE_TIME = ("AS0431", "compile-time", Warn, Compiler,
        "mlir-air AIRDependencyScheduleOpt.cpp AIRUnrollScfForIntoBDChain (a loop that does not fold is unrolled with the loops around it; each outer iteration ends in an air.wait_all on every earlier one) and AIRDialect.cpp FoldWaitAll (canonicalize copies a folded wait_all's dependencies into each of its users): the work grows exponentially with the outer iterations; sweep gemm-slow-n8192-tk512 does not lower in 300 s");
    GENERIC_FORM = ("AS0432", "generic-form-not-analysed", Warn, Source,
        "air-stitch reads AIR's custom syntax; generic-form hierarchy ops are skipped");
    NOT_CHECKED = ("AS0433", "module-not-checked", Note, Source,
        "a module with syntax or scope errors is reported and not analysed");
    SHIM_DMA_TILE_SIZES = ("AS0434", "shim-dma-tile-sizes", Deny, Compiler,
        "mlir-air AIRDependencyScheduleOpt.cpp (air-opt-shim-dma-bds): a launch's air.shim_dma_tile_sizes is a non-empty array<i64> of sizes > 0, or the single 0");
    TILING_OVERRIDDEN = ("AS0435", "tiling-overridden", Note, Source,
        "mlir-air Passes.td shim-dma-tile-sizes: a non-empty global option wins over every launch's air.shim_dma_tile_sizes");
    SHIM_ITERATION_STRIDE = ("AS0436", "shim-iteration-stride", Deny, Compiler,
        "mlir-aie AIEXDialect.cpp verifyStridesWraps (`Stride 3 exceeds the [1:1048576] range.`: encoded stride ≤ 2^20); the pinned aie-decompose-large-dma-bd (DmaDecomposition.cpp) slices the outermost dimension by its size bound, which leaves the stride; f_shim_iteration_stride_over is rejected");
    SHIM_RUNTIME_OFFSETS = ("AS0437", "shim-runtime-offsets", Deny, Compiler,
        "mlir-air AIRRtToNpuPass.cpp DmaToNpuPattern (`more than one runtime-valued DMA offset is not supported`); launch loops air-opt-shim-dma-bds leaves as scf.for stay rolled");
    HOST_VIEW_IN_SEQUENCE = ("AS0438", "host-view-in-sequence", Deny, Compiler,
        "mlir-aie AIEDMATasksToNPU.cpp setAddressForSingleBD (a runtime-sequence BD's buffer is a sequence argument or a subview/view/cast/reinterpret_cast chain of one); mlir-air airrt-to-npu copies the function's views into the sequence");
    L3_FAN_IN = ("AS0439", "l3-fan-in", Deny, Compiler,
        "mlir-air AIRToAIESchedulingUtils.cpp (`found multiple inputs for an aie.flow. Fan-in for aie.flow isn't supported`): a herd's cores write one host location");
    ENDLESS_SPLIT = ("AS0440", "wrap-split-never-ends", Deny, Compiler,
        "mlir-air Util.cpp canonicalizeWrapAndStrideList (air-opt-memtile-dma-bds, air-to-aie, air-opt-shim-dma-bds) and AIRRtToNpuPass.cpp tileIllegalWrapDim: a size above the bound with no factor in [2, bound] (findLargestFactor returns 1) is split into itself and a size-1 dimension forever; f17_gemv_lm_head_one_shot (10 minutes) and f_wrap_split_prime_* never finish");
    NOTHING_TO_CHECK = ("AS0441", "nothing-to-check", Warn, Source,
        "check-bd checks AIR's hierarchy: a module without air.launch, air.segment or air.herd (an empty file, a host-only function) has nothing to check");
    GEMM_NOT_FIRST = ("AS0442", "gemm-k-unaligned-not-first", Warn, Documented,
        "mlir-air programming_examples/llms/qwen25_0_5b/qwen25_0_5b_prefill.py Builder 3 (a Down GEMM at K = 4864: launch 0 correct, launch >= 1 after any prior GEMM all-NaN, bisected), qwen25_1_5b_prefill.py (K = 8960, NON-512-aligned) and qwen25_3b_prefill.py (K = 11008): the Down GEMM kept launch 0 of its own ELF; flagged for K not a multiple of 512 and at least 4096 (upstream runs K = 896 past launch 0); no compiler check");
    ASYNC_INPUT = ("AS0443", "async-input", Note, Compiler,
        "mlir-air tools/aircc/aircc.cpp (its pipeline runs air-dependency itself, on the synchronous form the builders emit); the compiler kit on upstream's single-module test files already written `async`: of the 149 single-module upstream test files written `async` the kit lowers 3; 106 are rejected (78 by verifiers such as `operand #0 does not dominate this use`), 33 crash it, 7 give no verdict (2026-12-07)");
    DMA_OUTSIDE_HIERARCHY = ("AS0444", "dma-outside-hierarchy", Deny, Compiler,
        "mlir-air AIRDmaToChannel.cpp (AIRDmaToAIRChannelConversion converts a DMA inside an air.herd or air.segment only; air.dma_memcpy_nd is illegal after it: `failed to legalize operation 'air.dma_memcpy_nd' that was explicitly marked illegal`)");
    HERD_NAME = ("AS0445", "herd-name", Deny, Compiler,
        "mlir-air AIRLoweringPass.cpp AIRHerdConversion (`error lowering air.herd: herd name is undefined.`: the runtime lowering names each herd's load after its symbol)");
    LOCAL_BUFFER_ARGUMENT = ("AS0446", "local-buffer-argument", Deny, Compiler,
        "mlir-air AIRToAIESchedulingUtils.cpp TileDMAAllocator/MemTileDMAAllocator::getBuffer (`failed to get buffer.`: the L1 or L2 side of a DMA or channel op must trace to a memref.alloc, which air-to-aie turns into the tile's aie.buffer; a function argument typed in L1 or L2 memory has none)");
}

/// Codes of rules retired in issue 21, when check-bd was checked against the pinned compiler:
/// never emitted, kept so that no new rule reuses them (docs/check-bd.md, "Retired codes").
pub mod retired {
    /// `stride-guideline`: AIR's 1,048,576-element figure is no compiler limit.
    pub const STRIDE_GUIDELINE: &str = "AS0416";
    /// `shim-task-queue`: mlir-air bounds MM2S bursts at 4 itself (`boundShimFeedBursts`).
    pub const SHIM_TASK_QUEUE: &str = "AS0420";
    /// `bare-herd-in-multi-launch`: aircc wraps a bare herd (`air-insert-launch-around-herd`).
    pub const BARE_HERD_IN_MULTI_LAUNCH: &str = "AS0421";
    /// `cross-launch-bds`: each launch's BDs are freed at its end.
    pub const CROSS_LAUNCH_BDS: &str = "AS0424";
    /// `iteration`: airrt-to-npu factors every shim iteration dimension over 64 itself, or never
    /// finishes (AS0440); no module reaches the verifier's bound.
    pub const ITERATION: &str = "AS0417";
}

impl Rule {
    /// The rule as a lint (every check-bd finding follows the level the user chooses).
    pub fn lint(&self) -> Lint {
        Lint::new(self.code, self.name, self.level)
    }
}

/// The rule with a diagnostic code, if it is a check-bd code.
pub fn by_code(code: &str) -> Option<&'static Rule> {
    ALL.iter().find(|r| r.code == code)
}

/// The `= note:` line naming a rule and its source.
pub fn rule_note(rule: &Rule) -> String {
    format!("rule `{}` ({}): {}", rule.name, rule.certainty.as_str(), rule.source)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_sorted_and_in_the_as04_range() {
        let codes: Vec<&str> = ALL.iter().map(|r| r.code).collect();
        let mut sorted = codes.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(codes, sorted);
        assert!(codes.iter().all(|c| c.starts_with("AS04") && c.len() == 6));
    }
}

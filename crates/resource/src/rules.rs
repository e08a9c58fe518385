//! The check-bd rules: stable diagnostic codes (AS04xx), rule names, sources and certainty.
//! `docs/check-bd.md` lists the same table; keep the two in step.

use air_diagnostics::{Level, Lint};
use serde::Serialize;

/// How sure the rule is (model doc §0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    /// Read from the compiler / mlir-aie source.
    Source,
    /// Derived from source facts (counts, products).
    Derived,
    /// From documentation or measurements only.
    Documented,
    /// Contradicted or not confirmed: never an error.
    Unverified,
}

impl Certainty {
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Source => "source",
            Certainty::Derived => "derived",
            Certainty::Documented => "documented",
            Certainty::Unverified => "unverified",
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
    HERD_FITS_ARRAY = ("AS0401", "herd-fits-array", Deny, Source,
        "model doc §4.7, §1 (largest herd 8×4 npu2 / 4×4 npu1); air AIRHerdPlacementPass.cpp");
    HERDS_FIT_SEGMENT = ("AS0402", "herds-fit-segment", Deny, Source,
        "model doc §4.7: the herds of one segment tile the core array without overlap");
    HERD_SHAPE_CONFLICT = ("AS0403", "herd-shape-conflict", Deny, Source,
        "model doc §5 F33; mlir-air SKILL debug-multi-launch-merge H3: herds sharing a name share tiles");
    L1_PER_CORE = ("AS0404", "l1-per-core", Deny, Source,
        "model doc §2a (64 KiB), §4.5 (buffers doubled by ping-pong, 1024 B stack)");
    L2_PER_SEGMENT = ("AS0405", "l2-per-segment", Deny, Source,
        "model doc §4.6: air.api rejects a segment above 512 KiB × memtiles");
    L2_BUFFER_PER_MEMTILE = ("AS0406", "l2-buffer-per-memtile", Deny, Source,
        "model doc §2a (512 KiB per memtile), §4.6 (air-split-l2-memref, air.no_split)");
    SHIM_MM2S_CHANNELS = ("AS0407", "shim-mm2s-channels", Deny, Source,
        "model doc §4.3, §4.8: distinct L3 input streams ≤ 2 × columns");
    SHIM_S2MM_CHANNELS = ("AS0408", "shim-s2mm-channels", Deny, Source,
        "model doc §4.3, §4.8: distinct L3 output streams ≤ 2 × columns");
    CORE_DMA_CHANNELS = ("AS0409", "core-dma-channels", Deny, Source,
        "model doc §2a, §4.5: ≤ 2 input and ≤ 2 output streams per core");
    SHIM_BDS_PER_TILE = ("AS0410", "shim-bds-per-tile", Deny, Source,
        "model doc §4.3–4.4: live runtime BDs per shim tile ≤ 16; unfolded loops and factored wraps add tasks");
    MEMTILE_BDS_PER_CHANNEL = ("AS0411", "memtile-bds-per-channel", Deny, Source,
        "model doc §2a, §4.6: one memtile channel reaches 24 BDs (its parity half)");
    CORE_BDS = ("AS0412", "core-bds", Deny, Source,
        "model doc §2a, §4.5: 16 BDs per core tile shared by its 4 channels");
    REPEAT_COUNT = ("AS0413", "repeat-count", Deny, Source,
        "model doc §4.3: repeat = outer size × stride-0 dims − 1 ≤ 255 (NpuPushQueueOp::verify)");
    WRAP = ("AS0414", "wrap", Deny, Source,
        "model doc §2a, §3: d0 (granules) and d1 ≤ 1023 at shim/memtile, ≤ 255 at core; AIR factors larger sizes when it can");
    STRIDE = ("AS0415", "stride", Deny, Source,
        "model doc §2a, §3: step ≤ 2^20 granules (shim), 2^17 (memtile), 2^13 (core)");
    STRIDE_GUIDELINE = ("AS0416", "stride-guideline", Warn, Unverified,
        "model doc §3.5, §5 F9: AIR's 1,048,576-element bound; the documented GEMM data is inconsistent");
    ITERATION = ("AS0417", "iteration", Deny, Source,
        "model doc §2a, §3: iteration (4th) dimension ≤ 64");
    ALIGNMENT = ("AS0418", "four-byte-alignment", Deny, Source,
        "model doc §2a, §3: offsets, d0 size, strides and length are multiples of 4 bytes");
    INNER_STRIDE = ("AS0419", "sub-32-bit-inner-stride", Deny, Source,
        "model doc §2a, §3.4, §5 F32: innermost stride must be 1 for types narrower than 32 bits");
    SHIM_TASK_QUEUE = ("AS0420", "shim-task-queue", Warn, Unverified,
        "model doc §2a (4 tasks per channel), §4.3 (compiler handling varies by version)");
    BARE_HERD = ("AS0421", "bare-herd-in-multi-launch", Deny, Source,
        "model doc §4.2, §5 F33: a herd without launch+segment is dropped when other launches exist");
    SHARED_SEGMENT = ("AS0422", "segment-symbol-shared", Deny, Source,
        "model doc §4.2: every launch needs its own segment name to get its own aie.device");
    SHARED_CHANNEL = ("AS0423", "channel-symbol-shared", Deny, Source,
        "model doc §5 F33; SKILL debug-multi-launch-merge H2: launches must not share channel symbols");
    CROSS_LAUNCH_BDS = ("AS0424", "cross-launch-bds", Warn, Unverified,
        "model doc §4.2, §5 F24: whether shim BDs accumulate across the launches of one module is unverified");
    UTILISATION = ("AS0425", "utilisation", Note, Documented,
        "model doc §6 and the merge recipe");
    CORE_LOCKS = ("AS0426", "core-locks", Warn, Unverified,
        "model doc §4.5: two locks per DMA-attached buffer, 16 per core (lock sharing unverified)");
    BD_LENGTH = ("AS0427", "bd-length", Deny, Source,
        "model doc §2a: buffer length field 14 bits (core) / 17 bits (memtile) in 32-bit words");
    BD_DIMS = ("AS0428", "bd-dimensions", Deny, Source,
        "model doc §2a, §3.4: ≤ 3 data dimensions (core), 4 (memtile)");
    BO_SPAN = ("AS0429", "buffer-object-span", Deny, Documented,
        "model doc §4.3, §5 F28: host offsets are uint32, one buffer object spans < 4 GiB");
    MEMTILE_CHANNELS = ("AS0430", "memtile-dma-channels", Deny, Derived,
        "model doc §2a: 6 + 6 DMA channels per memtile");
    COMPILE_TIME = ("AS0431", "compile-time", Warn, Documented,
        "model doc §5 F30: 9+ launches in one module compile for minutes to hours");
    GENERIC_FORM = ("AS0432", "generic-form-not-analysed", Warn, Source,
        "air-stitch reads AIR's custom syntax; generic-form hierarchy ops are skipped");
    NOT_CHECKED = ("AS0433", "module-not-checked", Note, Source,
        "a module with syntax or scope errors is reported and not analysed");
    SHIM_DMA_TILE_SIZES = ("AS0434", "shim-dma-tile-sizes", Deny, Source,
        "mlir-air AIRDependencyScheduleOpt.cpp (air-opt-shim-dma-bds): a launch's air.shim_dma_tile_sizes is a non-empty array<i64> of sizes > 0, or the single 0");
    TILING_OVERRIDDEN = ("AS0435", "tiling-overridden", Note, Source,
        "mlir-air Passes.td shim-dma-tile-sizes: a non-empty global option wins over every launch's air.shim_dma_tile_sizes");
    SHIM_ITERATION_STRIDE = ("AS0436", "shim-iteration-stride", Warn, Source,
        "mlir-aie AIEXDialect.cpp verifyStridesWraps (encoded Stride 3 ≤ 2^20), aie-decompose-large-dma-bd (newer: one task per iteration); mlir-air enforceAIE2StrideLimit leaves dimension 0");
    SHIM_RUNTIME_OFFSETS = ("AS0437", "shim-runtime-offsets", Deny, Source,
        "mlir-air AIRRtToNpuPass.cpp (one non-constant offset per shim DMA; airrt-to-npu unrolls affine.for only, so launch loops air-opt-shim-dma-bds leaves as scf.for stay rolled)");
    HOST_VIEW_IN_SEQUENCE = ("AS0438", "host-view-in-sequence", Deny, Source,
        "mlir-aie AIEDMATasksToNPU.cpp (a runtime-sequence BD's buffer is a sequence argument or a subview/view/cast/reinterpret_cast chain of one); mlir-air air-to-std copies the function body's views into the sequence");
}

impl Rule {
    /// The rule as a lint (every check-bd finding follows the level the user chooses).
    pub fn lint(&self) -> Lint {
        Lint { code: self.code, name: self.name, default: self.level, hard_errors: false }
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

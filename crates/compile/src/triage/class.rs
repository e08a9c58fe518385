//! The classes of compiler failure, their codes, and the remedy of each with where it comes from.

use super::codes;
use serde::Serialize;

/// What kind of failure a finding is. The first six after `unknown` in mlir-air's list are the
/// multi-launch blockers of its `debug-multi-launch-merge` procedure; the others are the
/// resource and toolchain failures aircc reports besides them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    BdExhaustion,
    RepeatCount,
    DmaDims,
    Routing,
    Placement,
    HerdShape,
    Memory,
    Stack,
    Locks,
    BareHerd,
    TileBuffer,
    RuntimeOffsets,
    SequenceView,
    InvalidIr,
    CompileTimeout,
    UnsupportedOption,
    ToolMissing,
    Driver,
    Crash,
    Unknown,
}

/// A remedy and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remedy {
    pub text: &'static str,
    pub source: &'static str,
}

impl Class {
    pub const ALL: [Class; 20] = [
        Class::BdExhaustion,
        Class::RepeatCount,
        Class::DmaDims,
        Class::Routing,
        Class::Placement,
        Class::HerdShape,
        Class::Memory,
        Class::Stack,
        Class::Locks,
        Class::BareHerd,
        Class::TileBuffer,
        Class::RuntimeOffsets,
        Class::SequenceView,
        Class::InvalidIr,
        Class::CompileTimeout,
        Class::UnsupportedOption,
        Class::ToolMissing,
        Class::Driver,
        Class::Crash,
        Class::Unknown,
    ];

    /// The class's name in JSON and docs (`bd-exhaustion`).
    pub fn as_str(self) -> &'static str {
        match self {
            Class::BdExhaustion => "bd-exhaustion",
            Class::RepeatCount => "repeat-count",
            Class::DmaDims => "dma-dims",
            Class::Routing => "routing",
            Class::Placement => "placement",
            Class::HerdShape => "herd-shape",
            Class::Memory => "memory",
            Class::Stack => "stack",
            Class::Locks => "locks",
            Class::BareHerd => "bare-herd",
            Class::TileBuffer => "tile-buffer",
            Class::RuntimeOffsets => "runtime-offsets",
            Class::SequenceView => "sequence-view",
            Class::InvalidIr => "invalid-ir",
            Class::CompileTimeout => "compile-timeout",
            Class::UnsupportedOption => "unsupported-option",
            Class::ToolMissing => "tool-missing",
            Class::Driver => "driver",
            Class::Crash => "crash",
            Class::Unknown => "unknown",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Class::BdExhaustion => codes::BD_EXHAUSTION,
            Class::RepeatCount => codes::REPEAT_COUNT,
            Class::DmaDims => codes::DMA_DIMS,
            Class::Routing => codes::ROUTING,
            Class::Placement => codes::PLACEMENT,
            Class::HerdShape => codes::HERD_SHAPE,
            Class::Memory => codes::MEMORY,
            Class::Stack => codes::STACK,
            Class::Locks => codes::LOCKS,
            Class::BareHerd => codes::BARE_HERD,
            Class::TileBuffer => codes::TILE_BUFFER,
            Class::RuntimeOffsets => codes::RUNTIME_OFFSETS,
            Class::SequenceView => codes::SEQUENCE_VIEW,
            Class::InvalidIr => codes::INVALID_IR,
            Class::CompileTimeout => codes::COMPILE_TIMEOUT,
            Class::UnsupportedOption => codes::UNSUPPORTED_OPTION,
            Class::ToolMissing => codes::TOOL_MISSING,
            Class::Driver => codes::DRIVER,
            Class::Crash => codes::CRASH,
            Class::Unknown => codes::UNKNOWN,
        }
    }

    /// What the finding's message starts with.
    pub fn title(self) -> &'static str {
        match self {
            Class::BdExhaustion => "buffer descriptors exhausted",
            Class::RepeatCount => "repeat count or BD id out of range",
            Class::DmaDims => "DMA dimensions the BD cannot encode",
            Class::Routing => "no legal routing",
            Class::Placement => "placement failed",
            Class::HerdShape => "herd shape conflict",
            Class::Memory => "buffers exceed the tile's memory",
            Class::Stack => "core stack too small",
            Class::Locks => "out of locks",
            Class::BareHerd => "data movement outside the launch, segment and herd that own it",
            Class::TileBuffer => "a transfer's L1 or L2 buffer has no allocation on a tile",
            Class::RuntimeOffsets => "a shim DMA with more than one runtime offset",
            Class::SequenceView => "a host buffer view the runtime sequence cannot address",
            Class::InvalidIr => "the compiler's verifier refuses the module",
            Class::CompileTimeout => "compile-time blow-up",
            Class::UnsupportedOption => "aircc refused an option",
            Class::ToolMissing => "tool missing",
            Class::Driver => "aircc's own step failed",
            Class::Crash => "the compiler crashed",
            Class::Unknown => "unclassified compiler error",
        }
    }

    /// Whether tiling the launch loops of the failing slice is a remedy (the BDs or runtime
    /// offsets of its host transfers), so triage names the slice's tiling.
    pub fn tiling_helps(self) -> bool {
        matches!(self, Class::BdExhaustion | Class::RuntimeOffsets)
    }

    /// The class's remedy (a pattern may have a more specific one).
    pub fn remedy(self) -> Remedy {
        match self {
            Class::BdExhaustion => Remedy {
                text: "pad the offending dimension to a multiple of 1024 (GQA-aware reindexed padding for \
                       attention heads); if padding is infeasible, un-merge the last-added launch; else split \
                       the module into more, smaller ELFs (check-bd AS0410-AS0412 predict this); tiling \
                       the launch loops recycles shim BDs between tiles: a slice's shim_dma_tile_sizes in \
                       the plan (the global --air-runtime-loop-tiling-sizes overrides every slice's)",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 1 (BD exhaustion)",
            },
            Class::RepeatCount => Remedy {
                text: "split the outer dimension so the repeat count stays within 255 (for a GEMV: set k_split \
                       so that K = k_split x inner and k_split <= 255; for large M grow tile_m x herd_m)",
                source: "mlir-aie AIEXDialect.cpp NpuPushQueueOp::verify; mlir-air \
                         .claude/skills/phase-1-kernel-validation/SKILL.md and phase-5-decode-optimization/SKILL.md",
            },
            Class::DmaDims => Remedy {
                text: "re-tile the transfer so each BD dimension fits its range (a smaller tile in the dimension \
                       named, or split the transfer into more BDs); check-bd AS0414/AS0415/AS0436 name the DMA",
                source: "mlir-aie AIEXDialect.cpp verifyStridesWraps (the per-tile wrap/step widths)",
            },
            Class::Routing => Remedy {
                text: "air-stitch gives every slice its own prefix, so this is real congestion, not a name \
                       clash: route fewer flows through the tile named (share one channel for puts into one \
                       buffer, gather fewer streams into one memtile), or un-merge the last-added launch",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 2 (channel routing); \
                         mlir-aie AIECreatePathFindFlows.cpp",
            },
            Class::Placement => Remedy {
                text: "make the herds of one segment fit the core array (smaller herds, or fewer herds per \
                       segment), or give the tile fewer DMA streams (pack per-call constants into one buffer); \
                       check-bd AS0401/AS0402/AS0409 predict this",
                source: "mlir-air AIRHerdPlacementPass.cpp; mlir-aie's tile placer (SequentialPlacer)",
            },
            Class::HerdShape => Remedy {
                text: "keep the kernels whose herds conflict as separate XRT calls (do not merge them); this is \
                       a scoping decision, not a regression",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 3 (herd shape conflict)",
            },
            Class::Memory => Remedy {
                text: "shrink the tile's buffers: a smaller tile size, fewer buffers, or no ping-pong at that \
                       level (aircc --omit-ping-pong-transform=L1|L2); the MemoryMap note lists what is placed \
                       (check-bd AS0404-AS0406 predict this)",
                source: "mlir-aie AIEAssignBuffers.cpp",
            },
            Class::Stack => Remedy {
                text: "give the core the stack it needs: aircc --stack-size N (stack_size = N on aie.core, \
                       Worker(stack_size=N) in IRON) with N the bytes the message names",
                source: "mlir-aie aiecc's stack-size check (the message names the bytes needed)",
            },
            Class::Locks => Remedy {
                text: "use fewer DMA-attached buffers on the tile (each takes two locks): fewer channels or \
                       buffers per core, or no ping-pong at that level",
                source: "mlir-aie AIEAssignLockIDs.cpp (locks per tile of the target model)",
            },
            Class::BareHerd => Remedy {
                text: "wrap the bare air.herd in air.launch + air.segment: `air-stitch pass wrap-bare-herds` \
                       (merge does it for every slice)",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 4 (bare herd)",
            },
            Class::TileBuffer => Remedy {
                text: "allocate the L1 or L2 buffer (memref.alloc in the herd or segment that uses it, or above \
                       it) instead of passing it in as a function argument; pass only L3 memrefs as arguments; \
                       check-bd AS0446 names the transfer",
                source: "mlir-air mlir/lib/Conversion/AIRToAIESchedulingUtils.cpp (getBuffer: a transfer's L1 \
                         or L2 side traced to the memref.alloc air-to-aie makes its aie.buffer)",
            },
            Class::RuntimeOffsets => Remedy {
                text: "give the host transfer one loop of launch iterations at most: fold it into the BD's four \
                       dimensions (a 2-D host side, as upstream's GEMM writes C back), tile the launch loops \
                       (a slice's shim_dma_tile_sizes in the plan), or make the launch grid one-dimensional; check-bd \
                       AS0437 names the transfer",
                source: "mlir-air mlir/lib/Conversion/AIRRtToNpuPass.cpp (the DMA lowering takes one \
                         non-constant offset; runtime-sequence scf.for loops stay rolled since mlir-air #1816)",
            },
            Class::SequenceView => Remedy {
                text: "move the reshape (memref.collapse_shape / expand_shape) of the host argument into the \
                       air.launch body, as upstream's builders do, or pass the argument with the shape the \
                       kernel reads; check-bd AS0438 names the view",
                source: "mlir-aie lib/Dialect/AIEX/Transforms/AIEDMATasksToNPU.cpp (a BD's buffer is a block \
                         argument or a subview/view/cast/reinterpret_cast chain of one)",
            },
            Class::InvalidIr => Remedy {
                text: "fix what the message names: write `air.shim_dma_tile_sizes` as AIR takes it (a \
                       non-empty list of sizes > 0, or the single 0; check-bd AS0434 names the launch), and give \
                       every symbol one definition (`merge` prefixes each slice's)",
                source: "MLIR's symbol table verifier; mlir-air AIRDependencyScheduleOpt.cpp (air-opt-shim-dma-bds)",
            },
            Class::CompileTimeout => Remedy {
                text: "reduce the merge: drop the last-added launch and recompile; record the soft cap (about \
                       5-10 minutes) for this model",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 6 (compile-time blowup)",
            },
            Class::UnsupportedOption => Remedy {
                text: "use an option this aircc knows (`aircc --help` lists them), or install the mlir-air \
                       version that has it",
                source: "mlir-air tools/aircc/aircc.cpp (LLVM command-line parsing)",
            },
            Class::ToolMissing => Remedy {
                text: "install mlir-air as its docs say (pip install 'mlir_air[aie]' with the three -f pages of \
                       mlir-air/docs/buildingRyzenLin.md: aircc in mlir_air's bin/, aiecc in mlir_aie's) and put both bin/ \
                       on PATH, or name the tool (air-stitch compile --aircc PATH, $AIRCC, --peano)",
                source: "mlir-air tools/aircc/aircc.cpp (its tool lookup)",
            },
            Class::Driver => Remedy {
                text: "a file aircc reads or writes failed (the message names it and the system's reason): check \
                       that --tmpdir and the output directory exist, are writable and the disk is not full; a \
                       failed internal step (cloning the module, air-translate's JSON) is aircc's bug: report it \
                       with the log and the module",
                source: "mlir-air tools/aircc/aircc.cpp (its file handling and module cloning)",
            },
            Class::Crash => Remedy {
                text: "a bug of the compiler, whatever the input: the pass and pattern named are where to look. \
                       Reduce it: check the module first (air-stitch verify and check-bd: an invalid input can \
                       crash a pass), then un-merge launches until the smallest module that still crashes; \
                       report that module and this log to mlir-air (github.com/Xilinx/mlir-air/issues), and \
                       keep the kernels that crash together as separate calls meanwhile",
                source: "LLVM's crash handler (llvm/lib/Support/PrettyStackTrace.cpp and Signals.cpp: \
                         `PLEASE submit a bug report`, `Stack dump:`, the frames)",
            },
            Class::Unknown => Remedy {
                text: "not one of the known multi-launch blockers: read the lines, and report the full log with \
                       the merged module and the slices that were stitched",
                source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Failure mode",
            },
        }
    }

    /// The check-bd rules (`air_checkbd::rules`) that predict this class.
    pub fn check_bd_rules(self) -> &'static [&'static str] {
        use air_checkbd::rules as r;
        const BD: &[&str] = &[r::SHIM_BDS_PER_TILE.code, r::MEMTILE_BDS_PER_CHANNEL.code, r::CORE_BDS.code];
        const REPEAT: &[&str] = &[r::REPEAT_COUNT.code];
        const DMA: &[&str] = &[
            r::WRAP.code,
            r::STRIDE.code,
            r::ALIGNMENT.code,
            r::INNER_STRIDE.code,
            r::BD_LENGTH.code,
            r::BD_DIMS.code,
            r::SHIM_ITERATION_STRIDE.code,
        ];
        // A third stream on a core's DMA channels is multiplexed and fails in the router.
        const ROUTING: &[&str] = &[r::CORE_DMA_CHANNELS.code, r::SHARED_CHANNEL.code, r::L3_FAN_IN.code];
        // aie-place-tiles places shim and memtile DMA channels (`no ShimNOCTile has sufficient
        // DMA capacity`); air-insert-launch-around-herd rejects a segment symbol used twice.
        const PLACEMENT: &[&str] = &[
            r::HERD_FITS_ARRAY.code,
            r::HERDS_FIT_SEGMENT.code,
            r::SHIM_MM2S_CHANNELS.code,
            r::SHIM_S2MM_CHANNELS.code,
            r::MEMTILE_CHANNELS.code,
            r::SHARED_SEGMENT.code,
        ];
        const HERD: &[&str] = &[r::HERD_SHAPE_CONFLICT.code];
        const MEMORY: &[&str] = &[r::L1_PER_CORE.code, r::L2_PER_SEGMENT.code, r::L2_BUFFER_PER_MEMTILE.code];
        const STACK: &[&str] = &[r::L1_PER_CORE.code];
        const LOCKS: &[&str] = &[r::CORE_LOCKS.code];
        const RUNTIME_OFFSETS: &[&str] = &[r::SHIM_RUNTIME_OFFSETS.code];
        const SEQUENCE_VIEW: &[&str] = &[r::HOST_VIEW_IN_SEQUENCE.code];
        const INVALID_IR: &[&str] = &[r::SHIM_DMA_TILE_SIZES.code, r::HERD_NAME.code];
        // A split that never ends (an error: the compile cannot finish) and a dependency chain
        // whose canonicalisation explodes (a warning: it finishes, in hours).
        const COMPILE_TIME: &[&str] = &[r::ENDLESS_SPLIT.code, r::COMPILE_TIME.code];
        match self {
            Class::BdExhaustion => BD,
            Class::RepeatCount => REPEAT,
            Class::DmaDims => DMA,
            Class::Routing => ROUTING,
            Class::Placement => PLACEMENT,
            Class::HerdShape => HERD,
            Class::Memory => MEMORY,
            Class::Stack => STACK,
            Class::Locks => LOCKS,
            // aircc wraps bare herds itself (air-insert-launch-around-herd); a DMA outside every
            // segment and herd it does not move.
            Class::BareHerd => &[r::DMA_OUTSIDE_HIERARCHY.code],
            Class::TileBuffer => &[r::LOCAL_BUFFER_ARGUMENT.code],
            Class::RuntimeOffsets => RUNTIME_OFFSETS,
            Class::SequenceView => SEQUENCE_VIEW,
            Class::InvalidIr => INVALID_IR,
            Class::CompileTimeout => COMPILE_TIME,
            Class::UnsupportedOption | Class::ToolMissing | Class::Driver | Class::Crash | Class::Unknown => &[],
        }
    }
}

//! The message patterns of each class, from the upstream sources that print them. Named groups
//! become the finding's parameters (`col` and `row` together become `tile`).

use super::class::{Class, Remedy};
use regex::Regex;
use std::sync::LazyLock;

/// What a matching record does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A cause: a finding of its own.
    Cause,
    /// Detail of the finding of the same class just before it (`Unplaced herd: ...` after
    /// `No valid placement found.`), or a finding of its own when there is none.
    Detail,
    /// A conversion's follow-up of an error before it (`failed to legalize operation ...` after
    /// the pattern that refused the op): joins the last finding of the same pipeline, or is a
    /// cause of its own class when none came before.
    Consequence,
    /// aircc's wrapper around a failure (`Error: pass pipeline failed: ...`): context of the
    /// causes before it, never a cause.
    Wrapper,
}

/// One message pattern.
pub struct Pattern {
    pub class: Class,
    pub role: Role,
    /// Where the message is printed.
    pub source: &'static str,
    /// A remedy more specific than the class's.
    pub remedy: Option<Remedy>,
    pub regex: Regex,
}

const SUB_32_BIT: Remedy = Remedy {
    text: "change the producer's data layout so the DMA's innermost stride is 1 and every offset, size and \
           stride is a multiple of 4 bytes (often a different memref shape or transpose order in the producer \
           kernel; check-bd AS0418/AS0419 name the DMA)",
    source: "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md, Hypothesis 5 (DMA stride limitation, \
             sub-32-bit); mlir-aie AIEXDialect.cpp verifyStridesWraps",
};

const STRIDES: &str = "mlir-aie lib/Dialect/AIEX/IR/AIEXDialect.cpp verifyStridesWraps";
const PUSH_QUEUE: &str = "mlir-aie lib/Dialect/AIEX/IR/AIEXDialect.cpp NpuPushQueueOp::verify";
const BD_IDS: &str = "mlir-aie lib/Dialect/AIEX/Transforms/AIEAssignRuntimeSequenceBDIDs.cpp";
const ROUTER: &str = "mlir-aie lib/Dialect/AIE/Transforms/AIECreatePathFindFlows.cpp";
const HERD_PLACER: &str = "mlir-air mlir/lib/Transform/AIRHerdPlacementPass.cpp";
const TILE_PLACER: &str = "mlir-aie lib/Dialect/AIE/Transforms/AIEPlaceTiles (SequentialPlacer)";
const AIR_TO_AIE: &str = "mlir-air mlir/lib/Conversion/AIRToAIEPass.cpp";
const BUFFERS: &str = "mlir-aie lib/Dialect/AIE/Transforms/AIEAssignBuffers.cpp";
const AIECC: &str = "mlir-aie aiecc (the stack-size check after linking)";
const TILE_VERIFY: &str = "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp TileOp::verify";
const SYMBOLS: &str = "MLIR's symbol table verifier (SymbolTable::verifySymbolTable)";
const SHIM_BDS: &str =
    "mlir-air mlir/lib/Transform/AIRDependencyScheduleOpt.cpp (air-opt-shim-dma-bds: air.shim_dma_tile_sizes)";
const CONNECT: &str =
    "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp (a switchbox's connect ops: one source per destination port)";
const LOCK_VERIFY: &str =
    "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp LockOp::verify (lock ids per tile of the target model)";
const LOCK_IDS: &str = "mlir-aie lib/Dialect/AIE/Transforms/AIEAssignLockIDs.cpp";
const PLACER: &str = "mlir-aie lib/Dialect/AIE/Transforms/AIEPlacer.cpp (aie-place-tiles: DMA capacity per tile)";
const BD_VERIFY: &str = "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp DMABDOp::verify (static BDs)";
const DMA_BLOCKS: &str = "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp (a DMA op's BD blocks per tile)";
const FLOWS: &str = "mlir-air mlir/lib/Conversion/AIRToAIESchedulingUtils.cpp (one source per aie.flow)";
const SEGMENT_NAMES: &str =
    "mlir-air mlir/lib/Conversion/ConvertToAIRPass.cpp getSegmentNames (air-insert-launch-around-herd)";

const CHANNEL_PAIRS: &str = "mlir-air mlir/lib/Util/Dependency.cpp (a channel op whose other side the module lacks)";
const HERD_ACCESS: &str = "mlir-air mlir/lib/Dialect/AIR/IR/AIRDialect.cpp (air.herd's verifier: direct memory access)";
const MLIR_PARSER: &str = "MLIR's parser (an op of a dialect the tool does not load)";
const MLIR_DOMINANCE: &str = "MLIR's dominance verifier";
const MLIR_REGIONS: &str = "MLIR's region verifier (IsolatedFromAbove)";
const AIR_DEPENDENCY: &str = "mlir-air mlir/lib/Transform/AIRDependency.cpp";
const AIR_LOWERING: &str = "mlir-air mlir/lib/Conversion/AIRLoweringPass.cpp";
const TARGET_NPU: &str = "mlir-aie lib/Targets/AIETargetNPU.cpp";
const CHANNEL_PAIR_REMEDY: Remedy = Remedy {
    text: "every air.channel.put needs an air.channel.get of the same channel in the module, and every get a put \
           (merge keeps each slice's channels with their pairs; a hand-edited module may have lost one)",
    source: CHANNEL_PAIRS,
};
const HERD_ACCESS_REMEDY: Remedy = Remedy {
    text: "a core reads only its own L1 (and its neighbours'): stage the data into an L1 buffer with \
           air.dma_memcpy_nd first (air-stitch verify: AS0514 names the op)",
    source: HERD_ACCESS,
};
const NOT_AN_INPUT: Remedy = Remedy {
    text: "the module uses an op of a dialect aircc does not load (a test dialect, transform scripts): it is not an \
           input of the full pipeline; compile the AIR kernel itself",
    source: MLIR_PARSER,
};
const ALREADY_ASYNC: Remedy = Remedy {
    text: "the module is already in the asynchronous form air-dependency writes (async tokens on launch, segment, \
           herd and DMAs), which the full pipeline builds itself: give aircc the synchronous kernel (no `async`, \
           no tokens), as the builders emit it",
    source: "mlir-air tools/aircc/aircc.cpp (its pipeline runs air-dependency); MLIR's dominance verifier",
};
const DMA_TO_CHANNEL: &str = "mlir-air mlir/lib/Transform/AIRDmaToChannel.cpp (AIRDmaToAIRChannelConversion: \
                              a DMA inside an air.herd or air.segment only)";
const DMA_OUTSIDE_HIERARCHY: Remedy = Remedy {
    text: "an air.dma_memcpy_nd to or from an L1 or L2 buffer sits outside every air.segment and air.herd \
           (in a launch's or the function's body), and air-dma-to-channel converts only DMAs inside them: move \
           the L1 buffer and its DMAs into the herd, the L2 buffer and its DMAs into a segment (a bare herd: \
           `air-stitch pass wrap-bare-herds`, then move the DMAs in)",
    source: DMA_TO_CHANNEL,
};
const TILE_BUFFERS: &str = "mlir-air mlir/lib/Conversion/AIRToAIESchedulingUtils.cpp (TileDMAAllocator and \
                            MemTileDMAAllocator::getBuffer: a transfer's L1 or L2 side traced to its memref.alloc)";
const DMA_SIDES: Remedy = Remedy {
    text: "a DMA's memory spaces must match the hierarchy it sits in: inside an air.herd one side is L1, inside an \
           air.segment (outside herds) one side is L2; move the DMA to the level of its more local buffer",
    source: "mlir-air mlir/lib/Transform/AIRDmaToChannel.cpp replaceAIRDmaWithAIRChannelPairs",
};
const AIR_OPS_LEFT: Remedy = Remedy {
    text: "an AIR op outlived aircc's lowering and reached aiecc, which does not load the AIR dialect: the NPU \
           pipeline lowers air.launch, air.segment and air.herd inside a function, not inside air.rank (a \
           multi-device construct); compile the kernel without the air.rank around it",
    source: "mlir-air tools/aircc/aircc.cpp (aiecc takes the aie.device modules aircc writes)",
};
const AFFINE_LOOPS: Remedy = Remedy {
    text: "air-dependency rebuilds only scf.for and scf.parallel loops around AIR ops: lower affine loops first \
           (mlir-opt --lower-affine) or write them as scf.for; this is pipeline misuse, not a resource limit",
    source: "mlir-air mlir/lib/Transform/AIRDependency.cpp createAsyncLoopLikeOp",
};
const HERD_NAME: Remedy = Remedy {
    text: "give every air.herd a symbol name (`air.herd @name tile (...)`): the runtime lowering names each \
           herd's load after it",
    source: "mlir-air mlir/lib/Conversion/AIRLoweringPass.cpp AIRHerdConversion",
};
const DISPATCH_TIME_VALUES: Remedy = Remedy {
    text: "a DMA size or offset (or a runtime parameter) comes from a function argument, a value known only at \
           dispatch, and cannot be frozen into a static instruction stream: make it a compile-time constant, or \
           build with aircc --emit-txn-cpp, which emits a C++ builder that assembles the stream from the argument \
           (upstream test/aircc/emit_txn_cpp.mlir); check-bd notes such values (AS0400)",
    source:
        "mlir-aie lib/Targets/AIETargetNPU.cpp (static TXN translation); mlir-air tools/aircc/aircc.cpp --emit-txn-cpp",
};
const ISOLATED_FROM_ABOVE: Remedy = Remedy {
    text: "an op inside an air.herd or air.segment uses a value defined outside it, and their bodies are isolated \
           from above: pass the value in through the op's args(...); in a module already in air-dependency's \
           asynchronous form (air.execute, tokens) this is that form's consequence: give aircc the synchronous kernel",
    source: "MLIR's region verifier (IsolatedFromAbove); mlir-air air.herd/air.segment",
};
const PACKET_IDS: Remedy = Remedy {
    text: "too many packet flows share one tile's packet ids: keep fewer host transfers promoted to packet flows \
           in one segment (split the launch), or merge transfers into fewer channels",
    source: "mlir-aie lib/Dialect/AIE/IR/AIEDialect.cpp (a BD's packet id field: 5 bits)",
};

const SEGMENT_SYMBOLS: Remedy = Remedy {
    text: "give every air.segment of the module its own symbol (air-stitch merge prefixes them per slice); check-bd \
           AS0422 names both",
    source: SEGMENT_NAMES,
};
const AIRRT_TO_NPU: &str = "mlir-air mlir/lib/Conversion/AIRRtToNpuPass.cpp (the DMA lowering)";
const DMA_TASKS: &str = "mlir-aie lib/Dialect/AIEX/Transforms/AIEDMATasksToNPU.cpp";
const AIRRT: &str = "mlir-air AIRRt lowering (AIRRtToNpu); SKILL debug-multi-launch-merge Hypothesis 4";
const SKILL: &str = "mlir-air .claude/skills/debug-multi-launch-merge/SKILL.md (trigger patterns)";
const AIRCC: &str = "mlir-air tools/aircc/aircc.cpp";
const LLVM_CL: &str = "LLVM lib/Support/CommandLine.cpp (aircc's option parser)";
const MARKER: &str = "air-stitch compile (its own marker line)";

/// (class, role, source, remedy, pattern).
type Row = (Class, Role, &'static str, Option<Remedy>, &'static str);

const ROWS: &[Row] = &[
    // aircc's wrappers: context, never a cause.
    (Class::Unknown, Role::Wrapper, AIRCC, None, r"^Error: (?:pass pipeline failed|pass failed|failed to parse pass)"),
    (Class::Unknown, Role::Wrapper, AIRCC, None, r"^Error running command: (?P<command>\S+)"),
    (Class::Unknown, Role::Wrapper, AIRCC, None, r"^Error parsing MLIR file"),
    // A pass's bare report after the conversion that failed (air-dma-to-channel emits `error`).
    (Class::Unknown, Role::Wrapper, DMA_TO_CHANNEL, None, r"^error$"),
    // Markers air-stitch compile writes into the log.
    (
        Class::CompileTimeout,
        Role::Cause,
        MARKER,
        None,
        r"^air-stitch: aircc did not finish within (?P<timeout>\S+) \(--timeout\)",
    ),
    (Class::ToolMissing, Role::Cause, MARKER, None, r"^air-stitch: (?P<tool>\S+) not found: (?P<why>.*)"),
    // aircc's tool lookup.
    (
        Class::ToolMissing,
        Role::Cause,
        AIRCC,
        None,
        r"^Error: could not find (?:program: )?(?P<tool>[^\s]+)(?: in PATH)?",
    ),
    (Class::ToolMissing, Role::Cause, AIRCC, None, r"^Error: --emit-txn-cpp needs (?P<tool>\S+) on PATH"),
    // aircc's own steps: its files and its internal module copies.
    (
        Class::Driver,
        Role::Cause,
        AIRCC,
        None,
        r"^Error (?:creating (?:stderr )?temp file|creating (?:debug_ir )?directory|writing (?:file|module to)|copying|reading file)(?: (?P<file>\S+?))?:? (?P<why>.*)",
    ),
    (Class::Driver, Role::Cause, AIRCC, None, r"^Error: cannot write (?P<file>\S+): (?P<why>.*)"),
    (Class::Driver, Role::Cause, AIRCC, None, r"^Error: failed to clone module for (?P<step>.*)"),
    (Class::Driver, Role::Cause, AIRCC, None, r"^Error parsing JSON from air-translate"),
    (
        Class::UnsupportedOption,
        Role::Cause,
        AIRCC,
        None,
        r"^Error: (?P<option>--emit-txn-cpp) (?:requested but aiecc produced no|found \d+)",
    ),
    (Class::ToolMissing, Role::Cause, "the shell", None, r"(?P<tool>[\w.+-]+): (?:command )?not found$"),
    // Options.
    (Class::UnsupportedOption, Role::Cause, LLVM_CL, None, r"Unknown command line argument '(?P<option>[^']*)'"),
    (Class::UnsupportedOption, Role::Detail, LLVM_CL, None, r"Did you mean '(?P<suggestion>[^']*)'\?"),
    (Class::UnsupportedOption, Role::Cause, LLVM_CL, None, r"for the (?P<option>-{1,2}[\w-]+) option: (?P<why>.*)"),
    (
        Class::UnsupportedOption,
        Role::Cause,
        LLVM_CL,
        None,
        r"(?:Too many positional arguments|Not enough positional command line arguments)|(?P<option>-{1,2}[\w-]+)\S* may only occur zero or one times",
    ),
    (
        Class::UnsupportedOption,
        Role::Cause,
        AIRCC,
        None,
        r"^Error: (?P<option>--output-format=\w+) is not supported for --device=(?P<device>[\w-]+?)\.",
    ),
    // BD exhaustion: three wordings.
    (
        Class::BdExhaustion,
        Role::Cause,
        BD_IDS,
        None,
        r"Allocator exhausted available buffer descriptor IDs(?: for channel (?P<channel>\d+) on tile \((?P<col>\d+), ?(?P<row>\d+)\))?",
    ),
    (
        Class::BdExhaustion,
        Role::Cause,
        BD_IDS,
        None,
        r"Too many simultaneously active buffer descriptors on tile \((?P<col>\d+), ?(?P<row>\d+)\), which supports up to (?P<available_bds>\d+)",
    ),
    (Class::BdExhaustion, Role::Cause, SKILL, None, r"(?i)out of buffer descriptors"),
    (
        Class::BdExhaustion,
        Role::Cause,
        DMA_BLOCKS,
        None,
        r"'aie\.(?:memtile_dma|mem|shim_dma)' op has more than (?P<limit>\d+) blocks",
    ),
    // Repeat count, BD id.
    (Class::RepeatCount, Role::Cause, PUSH_QUEUE, None, r"Repeat count exceeds (?:the )?\[0:(?P<limit>\d+)\]"),
    (Class::RepeatCount, Role::Cause, PUSH_QUEUE, None, r"BD ID exceeds the maximum ID"),
    // DMA dimensions: each form of verifyStridesWraps, and the write-BD forms.
    (
        Class::DmaDims,
        Role::Cause,
        STRIDES,
        None,
        r"(?P<kind>Size|Stride) (?P<dimension>\d) exceeds the \[(?P<low>\d+):(?P<limit>\d+)\] range",
    ),
    (
        Class::DmaDims,
        Role::Cause,
        STRIDES,
        Some(SUB_32_BIT),
        r"Stride (?P<dimension>\d) is (?P<elements>\d+) elements \* (?P<element_bytes>\d+) bytes = (?P<bytes>\d+) bytes, which is not divisible by (?P<granule>\d+)",
    ),
    (
        Class::DmaDims,
        Role::Cause,
        STRIDES,
        Some(SUB_32_BIT),
        r"Transfer sizes must be multiples of (?P<granule>\d+) bytes\. (?P<elements>\d+) elements at (?P<element_bytes>\d+) bytes each equal (?P<bytes>\d+) bytes",
    ),
    (Class::DmaDims, Role::Cause, STRIDES, Some(SUB_32_BIT), r"Offset must be 4-byte-aligned"),
    (
        Class::DmaDims,
        Role::Cause,
        STRIDES,
        None,
        r"(?P<kind>Size|Stride) (?P<dimension>\d) must be a (?:positive|non-negative) integer",
    ),
    (
        Class::DmaDims,
        Role::Cause,
        STRIDES,
        None,
        r"(?:Iteration (?P<iteration>size|stride)|D(?P<dimension>\d) (?P<kind>Size|Stride)) exceeds the \[(?P<low>\d+):(?P<limit>\d+)\] range",
    ),
    (Class::DmaDims, Role::Cause, SKILL, Some(SUB_32_BIT), r"stride must be 1"),
    (
        Class::DmaDims,
        Role::Cause,
        BD_VERIFY,
        None,
        r"buffer descriptor length \((?P<words>\d+) 32-bit words\) exceeds the maximum of (?P<limit>\d+) words",
    ),
    (Class::DmaDims, Role::Cause, BD_VERIFY, None, r"(?:Size may not exceed 1023|Stride may not exceed \d+)"),
    (
        Class::DmaDims,
        Role::Cause,
        BD_VERIFY,
        None,
        r"Cannot give more than (?P<limit>\d+) dimensions for step sizes and wraps on this tile \(got (?P<dims>\d+)",
    ),
    (
        Class::DmaDims,
        Role::Cause,
        BD_VERIFY,
        None,
        r"Specified stride\(s\) and size\(s\) result in out of bounds access in buffer, for index (?P<index>\d+) in memref of length (?P<length>\d+)",
    ),
    (
        Class::Routing,
        Role::Cause,
        BD_VERIFY,
        Some(PACKET_IDS),
        r"Packet (?P<field>ID|type) field can only hold (?P<bits>\d+) bits",
    ),
    (Class::DmaDims, Role::Cause, BD_VERIFY, Some(SUB_32_BIT), r"transfer length must be multiple of 4"),
    (
        Class::DmaDims,
        Role::Cause,
        DMA_TASKS,
        None,
        r"Transfer size of (?P<bytes>\d+) bytes falls below minimum hardware transfer unit of (?P<granule>\d+) bytes",
    ),
    // Routing, with and without the detail.
    (
        Class::Routing,
        Role::Cause,
        ROUTER,
        None,
        r"Unable to find a legal routing(?:: (?P<detail>(?:.*?need the links from tile \((?P<col>\d+), ?(?P<row>\d+)\) to \((?P<other_col>\d+), ?(?P<other_row>\d+)\))?.*))?",
    ),
    (Class::Routing, Role::Cause, ROUTER, None, r"Couldn't connect|Unable to add fixed connections"),
    (Class::Routing, Role::Cause, SKILL, None, r"(?i)cannot route|channel allocation failed"),
    (Class::Routing, Role::Cause, FLOWS, None, r"found multiple inputs for an aie\.flow"),
    (Class::Routing, Role::Cause, AIR_TO_AIE, None, r"failed to get (?P<direction>S2MM|MM2S) tile for L3 allocation"),
    (
        Class::Routing,
        Role::Cause,
        CONNECT,
        None,
        r"connecting \((?P<from_bundle>\w+): ?(?P<from_channel>\d+)\) to \((?P<to_bundle>\w+): ?(?P<to_channel>\d+)\) on TileID\((?P<col>\d+), ?(?P<row>\d+)\) targets same dst as another connect op",
    ),
    // Herd shapes (before placement: a pinned-place conflict is a shape conflict).
    (
        Class::HerdShape,
        Role::Cause,
        HERD_PLACER,
        None,
        r"disagrees with sibling air\.herd '(?P<herd>[^']*)'(?:: x_loc/y_loc \((?P<col>\d+), (?P<row>\d+)\) vs \((?P<other_col>\d+), (?P<other_row>\d+)\))?",
    ),
    (Class::HerdShape, Role::Cause, SKILL, None, r"(?i)herd shape mismatch|herd dimension"),
    // Placement: AIR's herd placer, its shim placement, mlir-aie's tile placer.
    (Class::Placement, Role::Cause, HERD_PLACER, None, r"No valid placement found"),
    (Class::Placement, Role::Detail, HERD_PLACER, None, r"Unplaced herd: (?P<unplaced_herd>[\w.$-]+)"),
    (
        Class::Placement,
        Role::Cause,
        AIR_TO_AIE,
        None,
        r"failed to place logical shim tiles|no placement for logical shim tile",
    ),
    (
        Class::Placement,
        Role::Cause,
        TILE_PLACER,
        None,
        r"tile (?:\((?P<col>\d+), ?(?P<row>\d+)\) )?requires (?P<needed_inputs>\d+) input/(?P<needed_outputs>\d+) output DMA channels, but only (?P<available_inputs>\d+)(?: input/(?P<available_outputs>\d+) output)? available",
    ),
    (
        Class::Placement,
        Role::Detail,
        TILE_VERIFY,
        None,
        r"column index \((?P<column>\d+)\) must be less than the number of columns in the device \((?P<columns>\d+)\)",
    ),
    (
        Class::Placement,
        Role::Cause,
        TILE_PLACER,
        None,
        r"no available compute tiles for placement|no ShimNOCTile available|number of (?P<direction>input|output) DMA channel exceeded|Failed to find a tile matching",
    ),
    (
        Class::Placement,
        Role::Cause,
        PLACER,
        None,
        r"no (?P<tile_type>ShimNOCTile|MemTile) has sufficient DMA capacity for (?P<needed_inputs>\d+) input/(?P<needed_outputs>\d+) output channels",
    ),
    (
        Class::Placement,
        Role::Cause,
        SEGMENT_NAMES,
        Some(SEGMENT_SYMBOLS),
        r"'air\.segment' op unexpected duplicate symbol",
    ),
    // Memory.
    (
        Class::Memory,
        Role::Cause,
        BUFFERS,
        None,
        r"allocated buffers exceeded available memory(?: \((?P<needed_bytes>\d+)>(?P<available_bytes>\d+)\))?",
    ),
    (
        Class::Memory,
        Role::Cause,
        BUFFERS,
        None,
        r#"Failed to allocate buffer: "?(?P<buffer>[^"\s]+)"? with size: (?P<size_bytes>\d+) bytes"#,
    ),
    (
        Class::Memory,
        Role::Detail,
        BUFFERS,
        None,
        r"Bank-aware allocation failed|Basic sequential allocation (?:also )?failed",
    ),
    (Class::Memory, Role::Detail, BUFFERS, None, r"reserves (?P<data_bytes>\d+) bytes for its static data"),
    // Stack: both forms.
    (
        Class::Stack,
        Role::Cause,
        AIECC,
        None,
        r"stack_size = (?P<stack_size_bytes>\d+) is insufficient: this core needs (?P<needed_bytes>\d+) bytes",
    ),
    (
        Class::Stack,
        Role::Cause,
        AIECC,
        None,
        r"stack_size is absent, so this core uses the device default of (?P<stack_size_bytes>\d+) bytes, but it needs (?P<needed_bytes>\d+) bytes",
    ),
    // Locks.
    (Class::Locks, Role::Cause, LOCK_IDS, None, r"not allocated a lock"),
    (Class::Locks, Role::Cause, LOCK_VERIFY, None, r"lock assigned invalid id \(maximum is (?P<max_lock_id>\d+)\)"),
    // The runtime sequence: one non-constant offset or size per shim DMA; BD buffers it can trace.
    (
        Class::RuntimeOffsets,
        Role::Cause,
        AIRRT_TO_NPU,
        None,
        r"more than one runtime-valued DMA (?P<what>offset|size) is not supported",
    ),
    (
        Class::SequenceView,
        Role::Cause,
        DMA_TASKS,
        None,
        r"Buffer argument must be a constant aie\.buffer, a runtime sequence input argument, or a supported chain",
    ),
    // The compiler's verifiers.
    (Class::InvalidIr, Role::Cause, SYMBOLS, None, r"'(?P<symbol_op>[\w.]+)' op unexpected duplicate symbol"),
    (Class::InvalidIr, Role::Detail, SYMBOLS, None, r"redefinition of symbol named '(?P<symbol>[^']+)'"),
    (
        Class::InvalidIr,
        Role::Cause,
        SHIM_BDS,
        None,
        r"air\.shim_dma_tile_sizes (?:must not be empty|values must be > 0)",
    ),
    (
        Class::InvalidIr,
        Role::Cause,
        CHANNEL_PAIRS,
        Some(CHANNEL_PAIR_REMEDY),
        r"'(?P<channel_op>air\.channel\.(?:put|get))' op found channel op not in pairs",
    ),
    (
        Class::InvalidIr,
        Role::Cause,
        HERD_ACCESS,
        Some(HERD_ACCESS_REMEDY),
        r"inside 'air\.herd' accesses memref with memory_space (?P<memory_space>\w+)",
    ),
    // Inputs the full pipeline is not for: an op of a dialect aircc does not load, a module
    // already in the asynchronous form air-dependency writes.
    (Class::InvalidIr, Role::Cause, MLIR_PARSER, Some(NOT_AN_INPUT), r"custom op '(?P<unknown_op>[^']+)' is unknown"),
    (Class::InvalidIr, Role::Cause, MLIR_DOMINANCE, Some(ALREADY_ASYNC), r"operand #\d+ does not dominate this use"),
    (
        Class::InvalidIr,
        Role::Cause,
        AIRCC,
        Some(AIR_OPS_LEFT),
        r"Dialect `air' not found for custom op '(?P<unknown_op>air\.[\w.]+)'",
    ),
    (
        Class::InvalidIr,
        Role::Cause,
        AIR_DEPENDENCY,
        Some(AFFINE_LOOPS),
        r"'affine\.for' op unknown LoopLikeOpInterface op type",
    ),
    (Class::InvalidIr, Role::Cause, AIR_LOWERING, Some(HERD_NAME), r"error lowering air\.herd: herd name is undefined"),
    (
        Class::InvalidIr,
        Role::Cause,
        MLIR_REGIONS,
        Some(ISOLATED_FROM_ABOVE),
        r"'(?P<user_op>[\w.]+)' op using value defined outside the region",
    ),
    // A value known only at dispatch in what must be a static instruction stream.
    (
        Class::RuntimeOffsets,
        Role::Cause,
        TARGET_NPU,
        Some(DISPATCH_TIME_VALUES),
        r"Cannot translate (?P<npu_op>[\w.]+) with non-constant address or value to a static TXN binary",
    ),
    // Data movement outside the hierarchy that owns its buffer.
    (
        Class::BareHerd,
        Role::Cause,
        DMA_TO_CHANNEL,
        Some(DMA_OUTSIDE_HIERARCHY),
        r"failed to legalize operation 'air\.dma_memcpy_nd'",
    ),
    (
        Class::BareHerd,
        Role::Cause,
        DMA_TO_CHANNEL,
        Some(DMA_SIDES),
        r"'air\.dma_memcpy_nd' op has unexpected memref memory space at (?P<dma_side>internal|external)-side",
    ),
    // A transfer's L1 or L2 side with no tile buffer behind it.
    (Class::TileBuffer, Role::Cause, TILE_BUFFERS, None, r"op failed to get buffer\."),
    // What air-to-aie says next about the same transfer (its locks follow its buffer).
    (Class::TileBuffer, Role::Consequence, TILE_BUFFERS, None, r"op failed to allocate core locks"),
    // Bare herds (a legalization failure after another error is that error's follow-up).
    (Class::BareHerd, Role::Consequence, AIRRT, None, r"failed to legalize operation '(?P<airrt_op>airrt\.[\w.]+)'"),
    (Class::BareHerd, Role::Cause, AIRRT, None, r"airrt\.herd_load\b.*not found|undefined symbol: \S*herd"),
];

/// Every pattern, compiled once (a pattern that does not compile is left out; a unit test
/// checks that none is).
pub static PATTERNS: LazyLock<Vec<Pattern>> = LazyLock::new(|| {
    ROWS.iter()
        .filter_map(|&(class, role, source, remedy, pattern)| {
            Regex::new(pattern).ok().map(|regex| Pattern { class, role, source, remedy, regex })
        })
        .collect()
});

/// How many patterns the table has (to check that all compile).
#[cfg(test)]
pub fn table_len() -> usize {
    ROWS.len()
}

/// `'aie.tile' op ...`: the op a message is about.
pub static OP_PREFIX: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^'(?P<op>[A-Za-z_][\w$]*\.[\w.$]+)' op ").ok());

/// The first pattern that matches `text`, with its captures.
pub fn classify(text: &str) -> Option<(&'static Pattern, regex::Captures<'_>)> {
    PATTERNS.iter().find_map(|p| p.regex.captures(text).map(|c| (p, c)))
}

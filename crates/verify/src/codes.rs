//! Stable diagnostic codes of the verify crate (AS05xx), explained in `docs/verify.md`, and
//! the lints among them.

use air_diagnostics::{Level, Lint};

// ---- AIR structural checks (no LLVM) ----
/// A launch/segment/herd/rank body uses a value defined outside it (IsolatedFromAbove).
pub const OUTER_VALUE_IN_BODY: &str = "AS0501";
/// `args(...)` has a different number of `%inner=%outer` pairs than types.
pub const ARGS_ARITY: &str = "AS0502";
/// An `args(...)` type differs from the type of the operand it names.
pub const ARGS_TYPE_MISMATCH: &str = "AS0503";
/// Different numbers of ids and sizes: `(%x, %y) in (%sx=%c1)`.
pub const IDS_SIZES_COUNT: &str = "AS0504";
/// An async dependency is not an `!air.async.token`.
pub const DEPENDENCY_NOT_TOKEN: &str = "AS0505";
/// A terminator outside the op it terminates, or not the last op of its body.
pub const MISPLACED_TERMINATOR: &str = "AS0506";
/// `air.execute_terminator` operands do not match the `air.execute` result types.
pub const EXECUTE_RESULTS_MISMATCH: &str = "AS0507";
/// `air.channel.put/get` names a channel that no `air.channel` declares.
pub const UNDECLARED_CHANNEL: &str = "AS0508";
/// `air.channel.put/get` has the wrong number of bundle indices for its channel.
pub const CHANNEL_INDEX_COUNT: &str = "AS0509";
/// `func.return` operands do not match the enclosing function's results.
pub const RETURN_MISMATCH: &str = "AS0510";
/// `async` without a named result, or a named result without `async`.
pub const ASYNC_RESULT_MISMATCH: &str = "AS0511";
/// `air.rank` nested in a segment, herd or rank (AIR's RankOp verifier).
pub const RANK_NESTING: &str = "AS0512";
/// `memref.alloc` inside a segment (herd) outside L2/L1 (L1): `verifyAllocMemorySpace`.
pub const ALLOC_MEMORY_SPACE: &str = "AS0513";
/// A load, store or vector transfer inside a herd on a memref that is not in L1.
pub const HERD_DIRECT_ACCESS: &str = "AS0514";
/// A channel bundle index that is an `scf.for` induction variable.
pub const CHANNEL_INDEX_TEMPORAL: &str = "AS0515";
/// An `air.channel` with a `channel_type` AIR does not support.
pub const CHANNEL_TYPE: &str = "AS0516";
/// `broadcast_shape` of the wrong rank or against NumPy's broadcasting rules.
pub const BROADCAST_SHAPE: &str = "AS0517";
/// `packet_ids` on a non-packet channel, out of [0, 31], duplicated or not integers.
pub const PACKET_IDS: &str = "AS0518";
/// `air.refeed_count` not an integer in [1, INT32_MAX].
pub const REFEED_COUNT: &str = "AS0519";

// ---- AIR's ODS constraints and op verifiers, continued ----
/// A put/get breaking its channel type's rule (`npu_mmio` memory spaces, `gpu_symmetric_heap`
/// outside an `air.rank`).
pub const CHANNEL_TYPE_RULE: &str = "AS0560";
/// Different numbers of sizes and strides in an access pattern.
pub const SIZES_STRIDES_RANK: &str = "AS0561";
/// `pad_before`/`pad_after` not both present, of different lengths, or out of [0, 65535].
pub const PADDING: &str = "AS0562";
/// `src_rank`/`dst_rank` outside an `air.rank`, negative, or on a non-symmetric allocation.
pub const CROSS_RANK: &str = "AS0563";
/// Two symbols of one name in one symbol table.
pub const SYMBOL_REDEFINITION: &str = "AS0564";
/// An attribute of an AIR op of a kind its ODS definition does not allow.
pub const ATTRIBUTE_KIND: &str = "AS0565";
/// An operand of an AIR op of a type its ODS definition does not allow.
pub const OPERAND_TYPE: &str = "AS0566";
/// A value whose type differs from the type written for it in an AIR op.
pub const WRITTEN_TYPE_MISMATCH: &str = "AS0567";
/// A hierarchy or `air.execute` body with more than one block.
pub const REGION_SHAPE: &str = "AS0568";
/// Text AIR's custom parsers refuse though it reads fine generically: `dest(...)` on a get,
/// a channel without its bundle size, an unnamed hierarchy op without a body.
pub const AIR_SYNTAX: &str = "AS0569";
/// A generic-form AIR op whose operand segments, required attributes or entry block do not
/// fit its ODS definition.
pub const GENERIC_FORM: &str = "AS0570";
/// A `!air.*` type or `#air.*` attribute the AIR dialect does not define.
pub const UNKNOWN_AIR_TYPE: &str = "AS0571";
/// A `func.call` whose callee no function of the file defines or declares (MLIR's func.call
/// verifier: "'x' does not reference a valid function").
pub const UNDEFINED_CALLEE: &str = "AS0572";

/// The structural rules that are deliberately stricter than AIR's verifier (docs/verify.md
/// section 2): AIR accepts what they report, the lowering or the op's documented contract does
/// not. The differential test against AIR leaves them out of its equality count.
pub const STRICTER_THAN_AIR: &[&str] = &[EXECUTE_RESULTS_MISMATCH, UNDECLARED_CHANNEL, CHANNEL_INDEX_COUNT];

// ---- conversion to MLIR's generic form ----
/// A custom-form op of a dialect MLIR does not know here (aie, airrt, transform.air, ...).
pub const CANNOT_CONVERT: &str = "AS0520";
/// An `air.*` op name that AIR's ODS (AIR.td at the corpus commit) does not define.
pub const UNKNOWN_AIR_OP: &str = "AS0521";
/// An operand whose type is neither written in the op nor known from its definition.
pub const UNKNOWN_OPERAND_TYPE: &str = "AS0522";

// ---- MLIR (feature `mlir`) ----
/// An error reported by MLIR's parser or verifier.
pub const MLIR_ERROR: &str = "AS0530";
/// A warning reported by MLIR.
pub const MLIR_WARNING: &str = "AS0531";
/// A remark reported by MLIR.
pub const MLIR_REMARK: &str = "AS0532";
/// MLIR reported something it cannot judge without AIR registered (affine dims/symbols in
/// AIR hierarchy bodies, `#air.symmetric_heap` memory spaces): a note, not an error.
pub const MLIR_NEEDS_AIR: &str = "AS0542";
/// MLIR verification was skipped for a chunk (it has syntax errors or unconvertible ops).
pub const MLIR_SKIPPED: &str = "AS0540";
/// This build has no MLIR verification (built without feature `mlir`).
pub const MLIR_NOT_BUILT: &str = "AS0541";

// ---- AIR's own verifier (air-opt, `verify --air-opt`) ----
/// An error reported by AIR's parser or verifier (air-opt) on the file as written.
pub const AIR_ERROR: &str = "AS0550";
/// A warning reported by air-opt.
pub const AIR_WARNING: &str = "AS0551";
/// A remark, or a note without a diagnostic before it, reported by air-opt.
pub const AIR_REMARK: &str = "AS0552";
/// air-opt crashed (exit status 124 or above, or killed by a signal): no verdict.
pub const AIR_CRASHED: &str = "AS0553";
/// air-opt failed (exit status 1 to 123) without printing an error diagnostic.
pub const AIR_NO_DIAGNOSTIC: &str = "AS0554";

// ---- lints ----
/// verify's lints: the codes whose warnings and notes the user may allow, warn about or deny
/// (`-A/-W/-D NAME`, a plan's `[lints]`). Their errors are AIR's verdicts and stay errors
/// (`hard_errors`): `-A args-arity` hides an extra `args` type, never a missing one.
pub const LINTS: &[Lint] = &[
    Lint::with_hard_errors(ARGS_ARITY, "args-arity", Level::Warn),
    Lint::with_hard_errors(CHANNEL_INDEX_COUNT, "channel-index-count", Level::Warn),
    Lint::with_hard_errors(ATTRIBUTE_KIND, "attribute-kind", Level::Warn),
    Lint::with_hard_errors(MLIR_WARNING, "mlir-warning", Level::Warn),
    Lint::with_hard_errors(MLIR_REMARK, "mlir-remark", Level::Note),
    Lint::with_hard_errors(MLIR_SKIPPED, "mlir-skipped", Level::Note),
    Lint::with_hard_errors(MLIR_NOT_BUILT, "mlir-not-built", Level::Note),
    Lint::with_hard_errors(MLIR_NEEDS_AIR, "mlir-needs-air", Level::Note),
    Lint::with_hard_errors(AIR_WARNING, "air-opt-warning", Level::Warn),
    Lint::with_hard_errors(AIR_REMARK, "air-opt-remark", Level::Note),
];

//! Stable diagnostic codes of the verify crate (AS05xx), explained in `docs/verify.md`.

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

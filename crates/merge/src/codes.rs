//! Stable diagnostic codes of the passes and of `merge` (AS03xx), documented in
//! `docs/error-codes.md`.

pub const SLICE_HAS_ERRORS: &str = "AS0301";
pub const NO_KERNEL: &str = "AS0302";
pub const AMBIGUOUS_KERNEL: &str = "AS0303";
pub const KERNEL_NOT_FOUND: &str = "AS0304";
pub const KERNEL_UNSUPPORTED: &str = "AS0305";
pub const PLAN_SYNTAX: &str = "AS0310";
pub const PLAN_INVALID: &str = "AS0311";
pub const INDEX_OUT_OF_RANGE: &str = "AS0312";
pub const ARG_AND_ALIAS: &str = "AS0313";
pub const DUPLICATE_PREFIX: &str = "AS0314";
pub const BAD_PREFIX: &str = "AS0315";
pub const UNWIRED_ARG: &str = "AS0316";
pub const UNREFERENCED_ARG: &str = "AS0317";
pub const TYPE_MISMATCH: &str = "AS0318";
pub const UNKNOWN_ALIAS: &str = "AS0319";
pub const PRELUDE_ERROR: &str = "AS0320";
pub const DUPLICATE_SYMBOL: &str = "AS0321";
pub const KEPT_EXTERN_CONFLICT: &str = "AS0322";
pub const CROSS_SLICE_CHANNEL: &str = "AS0323";
pub const WRAP_UNSUPPORTED: &str = "AS0324";
pub const MODULE_ATTR_CONFLICT: &str = "AS0325";
pub const BIND_INVALID: &str = "AS0326";
pub const RESOURCES_CONFLICT: &str = "AS0327";
pub const BAD_FUNC_NAME: &str = "AS0328";
pub const INTERNAL_CHECK: &str = "AS0330";
pub const EXTERN_RENAMED: &str = "AS0340";
pub const TILE_SIZES_INVALID: &str = "AS0341";
pub const TILE_SIZES_CONFLICT: &str = "AS0342";
pub const TILE_SIZES_UNKNOWN_SLICE: &str = "AS0343";
/// A plan's `section = N` (or `FILE#N`) names no section of the file.
pub const SECTION_NOT_FOUND: &str = "AS0344";
/// A slice calls a function it neither defines nor declares.
pub const UNDECLARED_CALLEE: &str = "AS0345";
/// A zero-config merge's slice has no launch, segment or herd.
pub const NO_HIERARCHY: &str = "AS0346";

// Named buffers and `group` (AS085x), documented in docs/error-codes.md (AS085x).
pub const UNKNOWN_BUFFER_NAME: &str = "AS0850";
pub const DUPLICATE_BUFFER_NAME: &str = "AS0851";
pub const BAD_BUFFER_NAME: &str = "AS0852";
pub const LAYER_INVALID: &str = "AS0853";
pub const KERNEL_ARITY: &str = "AS0854";
pub const KERNEL_TYPE_MISMATCH: &str = "AS0855";
pub const CUT_MAX_LAUNCHES: &str = "AS0856";
pub const CUT_MERGE: &str = "AS0857";
pub const CUT_CHECK_BD: &str = "AS0858";
pub const CUT_ABI: &str = "AS0859";
pub const CUT_BACKEND: &str = "AS0860";
/// The layer's calls, replayed through `KernelCache.load_and_run`'s protocol for two
/// invocations, read a value that is not their invocation's (error).
pub const STALE_READ: &str = "AS0861";
/// A group ends before a kernel: with it, a backend option upstream measured as a regression
/// (ping-pong off) would apply to kernels that do not ask for it (note).
pub const CUT_OPTION_REGRESSION: &str = "AS0862";
/// A backend option one kernel sets applies to the other kernels of its group (note).
pub const OPTION_SPREAD: &str = "AS0863";
/// The compiler accepts a group check-bd rejects (`group --lower`): kept; check-bd is wrong
/// here (warning).
pub const CHECK_BD_OVERRULED: &str = "AS0864";
/// A group ends before a kernel: with it the compiler rejects the candidate, or gives no
/// verdict, though check-bd accepts it (`group --lower`; note).
pub const CUT_COMPILER: &str = "AS0865";
/// A group ends before a kernel: with it a launch-order runtime hazard upstream measured (a
/// GEMM with K not a multiple of 512 past launch 0: check-bd's AS0442) would be in the group
/// (note).
pub const CUT_LAUNCH_ORDER: &str = "AS0866";

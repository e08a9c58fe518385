//! Stable diagnostic codes of check-merge and inputs (AS0950–AS0979), documented in
//! docs/error-codes.md.

/// A prelude alias check-merge cannot bind as a view: not a prelude value, a view op it does
/// not read, or offsets, sizes or strides that are not constants.
pub const ALIAS_NOT_A_VIEW: &str = "AS0950";
/// A prelude alias whose view is not one contiguous range of its argument's bytes.
pub const VIEW_NOT_CONTIGUOUS: &str = "AS0951";
/// A slice argument whose byte size differs from the buffer (or view) wired to it, or a view
/// that reaches past its argument's end.
pub const BINDING_SIZE: &str = "AS0952";
/// A combined or slice argument check-merge cannot hold in a device buffer (a scalar, a
/// dynamic shape, an element type without a byte size), or a slice argument without wiring.
pub const UNBINDABLE_ARG: &str = "AS0953";
/// The inputs file has no member for an argument the device reads.
pub const INPUT_MISSING: &str = "AS0954";
/// An inputs member whose element type or element count differs from its argument's.
pub const INPUT_MISMATCH: &str = "AS0955";
/// A warning: an inputs member that names no combined argument (ignored).
pub const INPUT_UNKNOWN: &str = "AS0956";
/// An output candidate of the merged kernel fails the gate against the unmerged baseline.
pub const OUTPUT_DIVERGES: &str = "AS0960";
/// The first slice, in plan order, whose written arguments differ merged vs unmerged.
pub const FIRST_DIVERGENT_SLICE: &str = "AS0961";
/// The merged kernel's second run, on reused buffers, gave NaN or other values (stale BO).
pub const STALE_BUFFERS: &str = "AS0962";
/// A warning: the merged kernel is not faster than the slices run one by one.
pub const NOT_FASTER: &str = "AS0963";

//! Facts of the compiler's own time: a split that never ends, a chain that explodes.

/// What the compile time checks found.
#[derive(Clone, Debug)]
pub(crate) enum CompileTimeFact {}

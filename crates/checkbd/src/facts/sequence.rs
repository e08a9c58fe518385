//! Facts of host transfers the lowering cannot build.

use air_diagnostics::TextRange;

/// What the runtime-sequence checks found.
#[derive(Clone, Debug)]
pub(crate) enum SequenceFact {
    /// Several cores of a herd write one host location (`at`: the write's operand).
    FanIn { at: TextRange, herd: TextRange, writers: i64 },
    /// A host transfer keeps launch loops rolled around it, one runtime offset each.
    RuntimeOffsets {
        at: TextRange,
        /// The segment it waits for.
        segment: TextRange,
        /// The rolled loops' iterations per tile (`None`: not constant).
        rolled: Vec<Option<i64>>,
    },
    /// A view of a host argument outside any launch, with the transfers through it.
    HostView { at: TextRange, op: String, transfers: Vec<TextRange> },
}

//! Facts of the module as a whole: symbols shared across launches, generic-form ops,
//! buffer-object spans, a module with nothing to check.

use air_diagnostics::TextRange;

/// What the structure checks found.
#[derive(Clone, Debug)]
pub(crate) enum StructureFact {
    /// Two segments carry one symbol.
    SharedSegment {
        name: String,
        /// The second segment's symbol.
        second: TextRange,
        /// The first segment's symbol.
        first: TextRange,
    },
    /// A channel's put and get sit in different launches.
    SharedChannel {
        name: String,
        /// The side written later, and the one written earlier.
        later: TextRange,
        earlier: TextRange,
        /// The `air.channel` declaration, where there is one.
        declared: Option<TextRange>,
    },
    /// A hierarchy op in generic form, which the model does not read.
    GenericForm { at: TextRange },
    /// The module is already in air-dependency's asynchronous form (its first `async` op).
    AsyncForm { at: TextRange },
    /// An `air.herd` without a symbol name.
    UnnamedHerd { at: TextRange },
    /// An `air.dma_memcpy_nd` with an L1 or L2 side outside every segment and herd.
    DmaOutsideHierarchy { at: TextRange, local: &'static str },
    /// The L1 or L2 side of a DMA or channel op is a function argument typed in that memory.
    LocalBufferArgument { at: TextRange, arg: TextRange, local: &'static str },
    /// An L3 argument larger than one buffer object spans.
    BoSpan { at: TextRange, bytes: i64 },
    /// A GEMM whose K (at least 4096) is not a multiple of 512 is not the first launch of its function (a
    /// runtime hazard upstream measured: all-NaN output).
    UnalignedGemmNotFirst {
        /// Its A operand.
        at: TextRange,
        k: i64,
        /// Its launch's number in the function, from 1.
        launch: usize,
        /// Whether an earlier launch is a GEMM (the case upstream bisected).
        after_gemm: bool,
        launch_at: TextRange,
    },
    /// The module has no launch, segment or herd.
    NothingToCheck,
}

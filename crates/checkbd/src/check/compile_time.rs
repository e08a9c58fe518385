//! The compiler's own time: where it never finishes (AS0440, an error) and where its time
//! explodes (AS0431, a warning). Neither is a resource the NPU runs out of; both are loops of the
//! compiler, read in mlir-air at the pin and measured with the compiler kit (docs/check-bd.md,
//! "Compile time").
//!
//! - **A split that never ends** (AS0440). AIR factors a dimension above its bound (1023 in
//!   `canonicalizeWrapAndStrideList`; 64 outermost, 1024 inner in airrt-to-npu's
//!   `tileIllegalWrapDim`) by the largest factor at most the bound. A size with no factor in
//!   `[2, bound]` (a prime such as 1031, or 1031 · 1033) gets 1 from `findLargestFactor`, and the
//!   split writes the size back as the outer dimension and looks at it again: the pass never
//!   returns. The pattern simulation (`pattern::canon`, `pattern::lower`) stops there and says so
//!   (`EndlessSplit`); the compiler kit never finished one (`f17` ran 10 minutes).
//! - **A dependency chain that explodes** (AS0431). When a loop around a transfer does not fold
//!   into its BD, `air-opt-shim-dma-bds` unrolls it (`AIRUnrollScfForIntoBDChain`), and then the
//!   loops around it, whose bodies now hold only channel ops. Every outer iteration ends in an
//!   `air.wait_all` on the previous iterations' `wait_all`s; the `canonicalize` after the pass
//!   folds each of them into its users (`FoldWaitAll`, AIRDialect.cpp), copying its whole list of
//!   dependencies into every later one before they are deduplicated. The measured cost grows
//!   about fourfold per outer iteration, from a base set by the body ([`CHAIN_LIMIT`]; the sweep's
//!   `gemm-slow-n8192-tk512`, 16 iterations, does not finish in 300 s). A launch loop that does
//!   not fold stays rolled in the runtime sequence instead (mlir-air #1816), so only a failing
//!   loop inside the launch starts a chain, and runtime loop tiling ends each tile with a blocking
//!   wait, so a chain spans one tile (the GEMM of 14 iterations tiled 2,2 lowers in 2.9 s).

use super::Cx;
use crate::facts::compile_time::CompileTimeFact;
use air_model::pattern::canon::EndlessSplit;
use air_model::program::{Endpoint, Level};

pub(crate) use crate::facts::compile_time::{Chain, SplitOrigin};

/// Unrolled outer iterations around a loop that does not fold from which AS0431 warns. The time
/// grows about fourfold per iteration, from a base set by what each iteration holds: a body of one
/// host transfer and one herd takes 0.9 s at 12, 6.8 s at 14 and 125 s at 16; a 2048-row GEMM 17 s
/// at 12 and 69 s at 13 (docs/check-bd.md, "Compile time"). From 16 even the smallest body takes
/// minutes; below, a large body may too, which check-bd does not estimate (a known gap).
pub(crate) const CHAIN_LIMIT: i64 = 16;

/// AS0440 of `endpoint`'s side at `level`.
pub(crate) fn report_endless(
    cx: &mut Cx<'_>,
    endpoint: &Endpoint,
    split: &EndlessSplit,
    origin: SplitOrigin,
    level: Level,
) {
    cx.report(CompileTimeFact::Endless { operand: endpoint.operand_range, split: *split, origin, level });
}

/// AS0431 for one transfer whose chain reaches [`CHAIN_LIMIT`].
pub(crate) fn check_chain(cx: &mut Cx<'_>, endpoint: &Endpoint, chain: &Chain, tiled: bool) {
    if chain.iterations < CHAIN_LIMIT {
        return;
    }
    cx.report(CompileTimeFact::Chain {
        operand: endpoint.operand_range,
        chain: chain.clone(),
        tiled,
        limit: CHAIN_LIMIT,
    });
}

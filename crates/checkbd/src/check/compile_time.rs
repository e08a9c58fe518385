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

use super::{Cx, Finding};
use crate::rules;
use air_diagnostics::TextRange;
use air_model::pattern::canon::{EndlessSplit, SplitSite};
use air_model::program::Endpoint;

/// Unrolled outer iterations around a loop that does not fold from which AS0431 warns. The time
/// grows about fourfold per iteration, from a base set by what each iteration holds: a body of one
/// host transfer and one herd takes 0.9 s at 12, 6.8 s at 14 and 125 s at 16; a 2048-row GEMM 17 s
/// at 12 and 69 s at 13 (docs/check-bd.md, "Compile time"). From 16 even the smallest body takes
/// minutes; below, a large body may too, which check-bd does not estimate (a known gap).
pub(crate) const CHAIN_LIMIT: i64 = 16;

/// Where an endless split starts, for the message.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SplitOrigin {
    /// The transfer's pattern as written.
    Written,
    /// The pattern after a loop (with this many iterations) folds into it.
    Fold { trip: i64 },
}

/// AS0440: the compiler never finishes on this transfer.
pub(crate) fn emit_endless(
    cx: &mut Cx<'_>,
    endpoint: &Endpoint,
    split: &EndlessSplit,
    origin: SplitOrigin,
    level: &str,
) {
    let EndlessSplit { size, stride, max, site } = *split;
    let (pass, how) = match (site, level) {
        (SplitSite::TileIllegalWrapDim, _) => (
            "airrt-to-npu",
            format!("airrt-to-npu's tileIllegalWrapDim (AIRRtToNpuPass.cpp) factors a shim wrap at or above its bound ({} here) with findLargestAlignedFactor({size}, {max}, 1)", max + 1),
        ),
        (SplitSite::Canonicalize, "L2") => (
            "air-opt-memtile-dma-bds",
            format!("air-opt-memtile-dma-bds canonicalises the memtile side (canonicalizeWrapAndStrideList, mlir-air Util.cpp) and splits a size above {max} with findLargestFactor({size}, {max})"),
        ),
        (SplitSite::Canonicalize, _) => (
            match origin {
                SplitOrigin::Written => "air-to-aie",
                SplitOrigin::Fold { .. } => "air-opt-shim-dma-bds",
            },
            format!("AIR canonicalises the host side (canonicalizeWrapAndStrideList, mlir-air Util.cpp: air-to-aie's lowerAirExecute on the transfer as written, air-opt-shim-dma-bds after each loop fold) and splits a size above {max} with findLargestFactor({size}, {max})"),
        ),
    };
    let after = match origin {
        SplitOrigin::Written => String::new(),
        SplitOrigin::Fold { trip } => format!(" (the size comes from a loop of {trip} iterations folded into the BD)"),
    };
    // An even size has the factor 2 (e.g. 1031 → 1032 = 8 · 129, 67 → 68 = 4 · 17).
    let pad = size.saturating_add(size % 2);
    cx.emit(
        Finding::error(
            &rules::ENDLESS_SPLIT,
            format!("the compiler never finishes: {pass} splits a dimension of {size} (stride {stride}) of this {level} transfer forever"),
        )
        .at(cx.file, endpoint.operand_range, format!("{size} has no factor in [2, {max}]"))
        .note(format!("{how}{after}; it returns 1, so the split puts {size} back as the outer dimension, over a size-1 one, and examines it again: the pass never returns (the compiler kit never finished such a module: one ran 10 minutes)"))
        .help(format!("give the dimension a size with a factor of at most {max} (pad it to {pad}, or split the transfer), or keep it at most {max}")),
    );
}

/// A chain of unrolled iterations around a loop that does not fold (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    /// Outer iterations unrolled with the loop: the chain's length.
    pub(crate) iterations: i64,
    /// Their trip counts, outermost first.
    pub(crate) outer: Vec<i64>,
    /// The loop that does not fold: its iterations, its range and why it does not fold.
    pub(crate) inner_trip: i64,
    pub(crate) inner_range: TextRange,
    pub(crate) why: String,
}

/// AS0431 for one transfer whose chain reaches [`CHAIN_LIMIT`].
pub(crate) fn check_chain(cx: &mut Cx<'_>, endpoint: &Endpoint, chain: &Chain, tiled: bool) {
    if chain.iterations < CHAIN_LIMIT {
        return;
    }
    let outer = chain.outer.iter().map(i64::to_string).collect::<Vec<_>>().join(" × ");
    let window = if tiled { " per tile of the launch loops" } else { "" };
    cx.emit(
        Finding::warning(
            &rules::COMPILE_TIME,
            format!(
                "the compile time explodes: a loop of {} iterations around this L3 transfer cannot fold into its BD and is unrolled with {} outer iterations{window} ({outer}), which AIR chains one after another",
                chain.inner_trip, chain.iterations
            ),
        )
        .at(cx.file, endpoint.operand_range, format!("unrolled {} × {} times", chain.iterations, chain.inner_trip))
        .also(cx.file, chain.inner_range, format!("does not fold: {}", chain.why))
        .note("air-opt-shim-dma-bds unrolls the loop (AIRUnrollScfForIntoBDChain) and then the loops around it; each outer iteration ends in an air.wait_all on every earlier one, and the canonicalize that follows folds each into its users (FoldWaitAll, AIRDialect.cpp), copying its dependencies into every later one")
        .note(format!("measured with the compiler kit (docs/check-bd.md, \"Compile time\"): the time grows about fourfold per chained iteration; at {CHAIN_LIMIT} a body of one host transfer and one herd takes 2 minutes, an untiled 2048-row GEMM does not finish in 5"))
        .need(format!("{} chained iterations", chain.iterations), format!("fewer than {CHAIN_LIMIT}"))
        .help("tile this launch's loops (its slice's shim_dma_tile_sizes = [2, 2] in the plan, i.e. air.shim_dma_tile_sizes on the launch: each tile ends in a blocking wait, which cuts the chain), or make the loop fold (a step of at most 2^20 granules: a smaller tile_k_l2, or fewer dimensions)"),
    );
}

//! The text of the compile time findings: the split that never ends (AS0440) and the chain of
//! unrolled iterations that explodes (AS0431).

use super::fields::level_name;
use super::Finding;
use crate::facts::compile_time::{Chain, CompileTimeFact, SplitOrigin};
use crate::rules;
use air_diagnostics::{FileId, TextRange};
use air_model::pattern::canon::{EndlessSplit, SplitSite};
use air_model::program::Level;

pub(super) fn render(fact: &CompileTimeFact, file: FileId) -> Finding {
    match fact {
        CompileTimeFact::Endless { operand, split, origin, level } => endless(file, *operand, split, *origin, *level),
        CompileTimeFact::Chain { operand, chain, tiled, limit } => chain_finding(file, *operand, chain, *tiled, *limit),
    }
}

/// AS0440.
fn endless(file: FileId, operand: TextRange, split: &EndlessSplit, origin: SplitOrigin, level: Level) -> Finding {
    let EndlessSplit { size, stride, max, site } = *split;
    let (pass, how) = match (site, level) {
        (SplitSite::TileIllegalWrapDim, _) => (
            "airrt-to-npu",
            format!("airrt-to-npu's tileIllegalWrapDim (AIRRtToNpuPass.cpp) factors a shim wrap at or above its bound ({} here) with findLargestAlignedFactor({size}, {max}, 1)", max + 1),
        ),
        (SplitSite::Canonicalize, Level::L2) => (
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
    let level = level_name(level);
    Finding::error(
        &rules::ENDLESS_SPLIT,
        format!("the compiler never finishes: {pass} splits a dimension of {size} (stride {stride}) of this {level} transfer forever"),
    )
    .at(file, operand, format!("{size} has no factor in [2, {max}]"))
    .note(format!("{how}{after}; it returns 1, so the split puts {size} back as the outer dimension, over a size-1 one, and examines it again: the pass never returns (the compiler kit never finished such a module: one ran 10 minutes)"))
    .help(format!("give the dimension a size with a factor of at most {max} (pad it to {pad}, or split the transfer), or keep it at most {max}"))
}

/// AS0431.
fn chain_finding(file: FileId, operand: TextRange, chain: &Chain, tiled: bool, limit: i64) -> Finding {
    let outer = chain.outer.iter().map(i64::to_string).collect::<Vec<_>>().join(" × ");
    let window = if tiled { " per tile of the launch loops" } else { "" };
    Finding::warning(
        &rules::COMPILE_TIME,
        format!(
            "the compile time explodes: a loop of {} iterations around this L3 transfer cannot fold into its BD and is unrolled with {} outer iterations{window} ({outer}), which AIR chains one after another",
            chain.inner_trip, chain.iterations
        ),
    )
    .at(file, operand, format!("unrolled {} × {} times", chain.iterations, chain.inner_trip))
    .also(file, chain.inner_range, format!("does not fold: {}", chain.why))
    .note("air-opt-shim-dma-bds unrolls the loop (AIRUnrollScfForIntoBDChain) and then the loops around it; each outer iteration ends in an air.wait_all on every earlier one, and the canonicalize that follows folds each into its users (FoldWaitAll, AIRDialect.cpp), copying its dependencies into every later one")
    .note(format!("measured with the compiler kit (docs/check-bd.md, \"Compile time\"): the time grows about fourfold per chained iteration; at {limit} a body of one host transfer and one herd takes 2 minutes, an untiled 2048-row GEMM does not finish in 5"))
    .need(format!("{} chained iterations", chain.iterations), format!("fewer than {limit}"))
    .help("tile this launch's loops (its slice's shim_dma_tile_sizes = [2, 2] in the plan, i.e. air.shim_dma_tile_sizes on the launch: each tile ends in a blocking wait, which cuts the chain), or make the loop fold (a step of at most 2^20 granules: a smaller tile_k_l2, or fewer dimensions)")
}

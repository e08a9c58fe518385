//! The access-pattern rewrites keep their invariants on arbitrary patterns: canonicalisation
//! keeps the element count, folding and lowering account for every iteration (property tests).

use air_model::pattern::canon::{canonicalize, fold_loops, CanonParams, FoldParams, LoopDim};
use air_model::pattern::lower::lower_shim;
use air_model::pattern::Dim;
use proptest::prelude::*;

fn shim_params(volume: Option<i64>) -> FoldParams {
    FoldParams {
        max_dims: 4,
        skip_zero_stride: false,
        repeat_at_highest: true,
        canon: CanonParams { max_size: Some(1023), inner_alignment: 2, volume },
        elem_bits: 16,
        stride_check: true,
        contiguous_exception: false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Splitting and merging keep the number of elements a pattern moves.
    #[test]
    fn canonicalisation_keeps_the_element_count(
        dims in prop::collection::vec((1i64..5000, 0i64..100_000), 0..6)
    ) {
        let dims: Vec<Dim> = dims.into_iter().map(|(s, t)| Dim::new(s, t)).collect();
        let before: i64 = dims.iter().map(|d| d.size).product();
        let mut after = dims.clone();
        // An endless split (AS0440) leaves its dimension whole: the count holds either way.
        let _endless = canonicalize(&mut after, &CanonParams { max_size: Some(1023), inner_alignment: 2, volume: None });
        let moved: i64 = after.iter().map(|d| d.size).product();
        prop_assert_eq!(before, moved);
    }

    /// Folding never loses iterations: the BD pattern times the unrolled copies covers every
    /// (non-repeat) element of the loop nest, and the shim lowering ends with four dimensions.
    #[test]
    fn folding_and_lowering_account_for_every_iteration(
        own in prop::collection::vec((1i64..3000, 1i64..50_000), 1..4),
        loops in prop::collection::vec((1i64..2000, 0i64..3_000_000), 0..4),
    ) {
        let own: Vec<Dim> = own.into_iter().map(|(s, t)| Dim::new(s, t)).collect();
        let loops: Vec<LoopDim> = loops.into_iter().map(|(trip, stride)| LoopDim { trip, stride, step: 1 }).collect();
        let folded = fold_loops(&own, &loops, &shim_params(None));
        let expected: i128 = own.iter().map(|d| d.size as i128).product::<i128>()
            * loops.iter().map(|l| l.trip as i128).product::<i128>();
        let per_copy: i128 = folded.dims.iter().map(|d| d.size as i128).product();
        prop_assert_eq!(per_copy * folded.copies as i128, expected);
        let lowered = lower_shim(&folded.dims, 2, None);
        prop_assert_eq!(lowered.task.dims.len(), 4);
        prop_assert!(lowered.tasks >= 1);
    }
}

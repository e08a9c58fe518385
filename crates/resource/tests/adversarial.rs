//! check-bd on hostile input: huge and negative sizes, prime sizes, zero steps, dynamic shapes,
//! deep nesting, generic-form ops. Each must finish quickly without a panic, and the pattern
//! rewrites must keep their invariants on arbitrary patterns (property tests).

use air_diagnostics::FileId;
use air_resource::pattern::canon::{canonicalize, fold_loops, CanonParams, FoldParams, LoopDim};
use air_resource::pattern::lower::lower_shim;
use air_resource::pattern::Dim;
use air_resource::{check, CheckOptions};
use proptest::prelude::*;
use std::time::{Duration, Instant};

fn check_quickly(text: &str) -> Vec<String> {
    let parse = air_syntax::parse(text);
    let start = Instant::now();
    let report = check(&parse, FileId(0), &CheckOptions::default());
    assert!(start.elapsed() < Duration::from_secs(2), "check-bd took {:?}", start.elapsed());
    report.diagnostics.iter().map(|d| d.code.to_string()).collect()
}

fn herd_module(sizes: &str, loop_bounds: &str, dma: &str) -> String {
    format!(
        r#"func.func @f(%arg0: memref<1024xbf16>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 9223372036854775807 : index
  %neg = arith.constant -8 : index
  %prime = arith.constant 1000003 : index
  air.launch ({ids}) in ({sizes}) args(%a=%arg0) : memref<1024xbf16> {{
    air.segment @s args(%b=%a) : memref<1024xbf16> {{
      %c8 = arith.constant 8 : index
      air.herd @h tile (%x, %y) in (%sx=%c8, %sy=%c8) args(%m=%b) : memref<1024xbf16> {{
        %l1 = memref.alloc() : memref<64xbf16, 2 : i32>
        %z = arith.constant 0 : index
        %o = arith.constant 1 : index
        scf.for %i = {loop_bounds} {{
          {dma}
        }}
      }}
    }}
  }}
  return
}}
"#,
        ids = sizes.split(',').enumerate().map(|(i, _)| format!("%l{i}")).collect::<Vec<_>>().join(", "),
        sizes = sizes
    )
}

#[test]
fn hostile_sizes_and_bounds_terminate_without_panics() {
    let dmas = [
        "air.dma_memcpy_nd (%l1[] [] [], %m[%i] [%z] [%o]) : (memref<64xbf16, 2 : i32>, memref<1024xbf16>)",
        "air.dma_memcpy_nd (%l1[] [] [], %m[%i, %z] [%o, %o] [%z, %o]) : (memref<64xbf16, 2 : i32>, memref<1024xbf16>)",
        "air.dma_memcpy_nd (%l1[] [] [], %m[%i] [%o] [%i]) : (memref<64xbf16, 2 : i32>, memref<1024xbf16>)",
        "air.dma_memcpy_nd (%l1[] [] [], %m[] [] []) : (memref<64xbf16, 2 : i32>, memref<?xbf16>)",
        "air.dma_memcpy_nd (%l1[1, 2, 3] [4] [5, 6], %m[] [] []) : (memref<64xbf16, 2 : i32>, memref<1024xbf16>)",
        "air.channel.put @nowhere[%i, %x] (%m[%i] [%o] [%o]) : (memref<1024xbf16>)",
    ];
    let sizes = ["%s0=%big", "%s0=%neg, %s1=%prime", "%s0=%n", "%s0=%c1", "%s0=%prime, %s1=%prime, %s2=%prime"];
    let bounds = [
        "%c0 to %big step %c1",
        "%c0 to %prime step %neg",
        "%c0 to %n step %c1",
        "%c0 to %c1 step %c0",
        "%big to %c0 step %c1",
    ];
    for dma in dmas {
        for size in sizes {
            for bound in bounds {
                let text = herd_module(size, bound, dma);
                check_quickly(&text);
            }
        }
    }
}

#[test]
fn generic_form_and_deep_nesting_are_skipped_gracefully() {
    let generic = r#""func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  "air.launch"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
    "air.launch_terminator"() : () -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#;
    assert_eq!(check_quickly(generic), vec!["AS0432".to_string()]);
    let mut deep = String::from("func.func @d() {\n  %c0 = arith.constant 0 : index\n  %c2 = arith.constant 2 : index\n  %c1 = arith.constant 1 : index\n");
    for depth in 0..150 {
        deep.push_str(&format!("scf.for %i{depth} = %c0 to %c2 step %c1 {{\n"));
    }
    deep.push_str(&"}\n".repeat(150));
    deep.push_str("  return\n}\n");
    // No launch or herd: deep loops and nothing else to check (AS0441 says so).
    assert_eq!(check_quickly(&deep), vec!["AS0441".to_string()]);
}

fn shim_params(volume: Option<i64>) -> FoldParams {
    FoldParams {
        max_dims: 4,
        skip_zero_stride: false,
        repeat_at_highest: true,
        canon: CanonParams { max_size: Some(1023), inner_alignment: 2, volume },
        elem_bits: 16,
        stride_check: true,
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

//! check-bd on hostile input: huge and negative sizes, prime sizes, zero steps, dynamic shapes,
//! deep nesting, generic-form ops. Each must finish quickly without a panic (the pattern
//! rewrites' invariants are property tests of air-model, `crates/model/tests/patterns.rs`).

use air_checkbd::{check, CheckOptions};
use air_diagnostics::FileId;
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

//! Synthetic AIR text of any size, for benchmarks and scaling tests (the one home of it; the
//! kernels users build are kernelgen's, `tools/kernelgen`): a kernel with `launches` GEMM-shaped
//! launches (launch → segment with L2 staging over channels → herd with an L1 compute loop and
//! an extern call), in the printed style of real AIR IR ([`synthetic_slice`]); and one small
//! numbered kernel ([`synthetic_kernel`]).

use std::fmt::Write;

/// A kernel module with `launches` launches; about 2.2 KB per launch.
pub fn synthetic_slice(launches: usize) -> String {
    let mut out = String::new();
    out.push_str(
        "#map = affine_map<()[s0] -> (s0 * 64)>\n#map1 = affine_map<()[s0, s1] -> (s0 + s1 * 256)>\nmodule {\n",
    );
    for idx in 0..launches {
        let _ = writeln!(
            out,
            "  air.channel @chan_a_{idx} [1, 1]\n  air.channel @chan_b_{idx} [1, 1] {{broadcast_shape = [2, 2]}}"
        );
    }
    out.push_str("  func.func private @mm_kernel(memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>, memref<64x64xf32, 2 : i32>) attributes {link_with = \"mm.o\", llvm.emit_c_interface}\n");
    out.push_str("  func.func @kernel(%arg0: memref<1024x1024xbf16>, %arg1: memref<1024x1024xbf16>, %arg2: memref<1024x1024xf32>) {\n");
    out.push_str("    %c4 = arith.constant 4 : index\n    %c2 = arith.constant 2 : index\n");
    for idx in 0..launches {
        let _ = write!(
            out,
            r#"    %{t} = air.launch async (%arg3, %arg4) in (%arg5=%c4, %arg6=%c4) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<1024x1024xbf16>, memref<1024x1024xbf16>, memref<1024x1024xf32> attributes {{id = {id} : i32}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %0 = affine.apply #map()[%arg3]
      %1 = air.channel.put async @chan_a_{idx}[%c0, %c0] (%arg7[%0, %c0] [%c64, %c64] [%c64, %c1]) {{id = 1 : i32}} : (memref<1024x1024xbf16>)
      %2 = air.segment @seg_{idx} async args(%arg10=%arg3, %arg11=%arg8, %arg12=%arg9) : index, memref<1024x1024xbf16>, memref<1024x1024xf32> attributes {{id = 2 : i32}} {{
        %c2_0 = arith.constant 2 : index
        %async_token, %results = air.execute -> (memref<64x64xbf16, 1 : i32>) {{
          %alloc = memref.alloc() : memref<64x64xbf16, 1 : i32>
          air.execute_terminator %alloc : memref<64x64xbf16, 1 : i32>
        }}
        %3 = air.channel.get async [%async_token] @chan_a_{idx}[] (%results[] [] []) {{id = 3 : i32}} : (memref<64x64xbf16, 1 : i32>)
        %4 = air.channel.put async [%3] @chan_b_{idx}[] (%results[] [] []) {{id = 4 : i32}} : (memref<64x64xbf16, 1 : i32>)
        %5 = air.herd @herd_0 async tile (%arg13, %arg14) in (%arg15=%c2_0, %arg16=%c2_0) args(%arg17=%arg12, %arg18=%arg10) : memref<1024x1024xf32>, index attributes {{id = 5 : i32, link_with = "mm.o"}} {{
          %c0_1 = arith.constant 0 : index
          %c8 = arith.constant 8 : index
          %c1_2 = arith.constant 1 : index
          %a = memref.alloc() : memref<64x64xbf16, 2 : i32>
          %b = memref.alloc() : memref<64x64xbf16, 2 : i32>
          %acc = memref.alloc() : memref<64x64xf32, 2 : i32>
          scf.for %arg19 = %c0_1 to %c8 step %c1_2 {{
            %6 = affine.apply #map1()[%arg19, %arg13]
            air.channel.get @chan_b_{idx}[%arg13, %arg14] (%a[] [] []) {{id = 6 : i32}} : (memref<64x64xbf16, 2 : i32>)
            func.call @mm_kernel(%a, %b, %acc) : (memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>, memref<64x64xf32, 2 : i32>) -> ()
          }}
          air.dma_memcpy_nd (%arg17[%arg18, %c0_1] [%c8, %c8] [%c8, %c1_2], %acc[] [] []) {{id = 7 : i32}} : (memref<1024x1024xf32>, memref<64x64xf32, 2 : i32>)
          memref.dealloc %a : memref<64x64xbf16, 2 : i32>
          memref.dealloc %b : memref<64x64xbf16, 2 : i32>
          memref.dealloc %acc : memref<64x64xf32, 2 : i32>
        }}
        %7 = air.wait_all async [%4, %5]  {{id = 8 : i32}}
      }}
    }}
"#,
            t = format_args!("t{idx}"),
            id = idx * 10 + 1,
        );
    }
    out.push_str("    return\n  }\n}\n");
    out
}

/// One synthetic AIR kernel (a launch, a segment and a herd with a DMA), numbered `n` so that
/// symbols differ. Used when the corpus is absent.
pub fn synthetic_kernel(n: usize) -> String {
    format!(
        r#"func.func @kernel_{n}(%arg0: memref<64x64xbf16>, %arg1: memref<64x64xbf16>) {{
  %c1 = arith.constant 1 : index
  %0 = air.launch async (%x, %y) in (%sx=%c1, %sy=%c1) args(%a=%arg0, %b=%arg1) : memref<64x64xbf16>, memref<64x64xbf16> attributes {{id = 1 : i32}} {{
    %1 = air.segment @seg_{n} async  args(%sa=%a, %sb=%b) : memref<64x64xbf16>, memref<64x64xbf16> {{
      %c2 = arith.constant 2 : index
      %2 = air.herd @herd_{n} async  tile (%tx, %ty) in (%nx=%c2, %ny=%c2) args(%ha=%sa) : memref<64x64xbf16> {{
        %alloc = memref.alloc() : memref<32x32xbf16, 2 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %ha[%tx, %ty] [32, 32] [64, 1]) {{id = 3 : i32}} : (memref<32x32xbf16, 2 : i32>, memref<64x64xbf16>)
        memref.dealloc %alloc : memref<32x32xbf16, 2 : i32>
      }}
    }}
  }}
  return
}}
"#
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn synthetic_texts_look_like_air() {
        let slice = super::synthetic_slice(3);
        assert_eq!(slice.matches("air.launch").count(), 3);
        assert!(super::synthetic_kernel(7).contains("@herd_7"));
    }
}

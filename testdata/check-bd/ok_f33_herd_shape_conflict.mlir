// check-bd:
// The compiler kit accepts it (mlir-air e972f29): herds sharing a symbol conflict only when their pinned x_loc/y_loc disagree (AS0403).
// F33 (model doc §5; SKILL debug-multi-launch-merge H3): an RMSNorm [8,1] herd and a GEMM [8,4]
// accumulator-zeroing herd stitched into one segment under the same symbol @herd_0: herds sharing
// a symbol share tiles, so their shapes conflict.
#map = affine_map<()[s0, s1] -> (s0 + s1 * 256)>
module {
  func.func private @rms_norm_row(memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>) attributes {link_with = "rms.o", llvm.emit_c_interface}
  func.func private @zero_f32(memref<64x64xf32, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func @fused(%arg0: memref<2048x2048xbf16>) {
    air.launch () in () args(%arg2=%arg0) : memref<2048x2048xbf16> {
      air.segment @fused_seg  args(%arg4=%arg2) : memref<2048x2048xbf16> {
        %c8 = arith.constant 8 : index
        %c4 = arith.constant 4 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg6, %arg7) in (%arg8=%c8, %arg9=%c1) args(%arg10=%arg4) : memref<2048x2048xbf16> attributes {link_with = "rms.o"} {
          %alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_1 = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          scf.for %arg11 = %c0 to %c256 step %c1_1 {
            %0 = affine.apply #map()[%arg11, %arg6]
            air.dma_memcpy_nd (%alloc[] [] [], %arg10[%0, %c0] [%c1_1, %c2048] [%c2048, %c1_1]) : (memref<2048xbf16, 2 : i32>, memref<2048x2048xbf16>)
            func.call @rms_norm_row(%alloc, %alloc_0) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>) -> ()
            air.dma_memcpy_nd (%arg10[%0, %c0] [%c1_1, %c2048] [%c2048, %c1_1], %alloc_0[] [] []) : (memref<2048x2048xbf16>, memref<2048xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<2048xbf16, 2 : i32>
        }
        air.herd @herd_0  tile (%arg6, %arg7) in (%arg8=%c8, %arg9=%c4) attributes {link_with = "mm.o"} {
          %alloc = memref.alloc() : memref<64x64xf32, 2 : i32>
          func.call @zero_f32(%alloc) : (memref<64x64xf32, 2 : i32>) -> ()
          memref.dealloc %alloc : memref<64x64xf32, 2 : i32>
        }
      }
    }
    return
  }
}

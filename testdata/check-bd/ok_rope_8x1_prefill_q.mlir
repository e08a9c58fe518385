// check-bd:
// §6 working case: llama-3.2-1B prefill RoPE on Q, 65536 rows × 64, herd 8×1 (rms_gemms_rope_multi.py
// _build_rope_2d): 2-D arguments collapsed to 1-D inside the launch, 3 row streams per core.
#map = affine_map<()[s0, s1, s2] -> ((s0 + s1 * 8192 + s2 * 8192) * 64)>
module {
  func.func private @rope(memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) attributes {link_with = "rope.o", llvm.emit_c_interface}
  func.func @rope_2d(%arg0: memref<2048x2048xbf16>, %arg1: memref<4194304xbf16>, %arg2: memref<2048x2048xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<2048x2048xbf16>, memref<4194304xbf16>, memref<2048x2048xbf16> {
      %collapse_shape = memref.collapse_shape %arg3 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
      %collapse_shape_0 = memref.collapse_shape %arg5 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
      air.segment @rope_seg  args(%arg6=%collapse_shape, %arg7=%arg4, %arg8=%collapse_shape_0) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @rope_herd  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {link_with = "rope.o"} {
          %alloc = memref.alloc() : memref<64xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
          %c64_i32 = arith.constant 64 : i32
          %c0 = arith.constant 0 : index
          %c8192 = arith.constant 8192 : index
          %c1_3 = arith.constant 1 : index
          scf.for %arg16 = %c0 to %c8192 step %c1_3 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            %c64 = arith.constant 64 : index
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [%c64] [%c1_3]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            air.dma_memcpy_nd (%alloc_1[] [] [], %arg14[%0] [%c64] [%c1_3]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            func.call @rope(%alloc, %alloc_1, %alloc_2, %c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [%c64] [%c1_3], %alloc_2[] [] []) : (memref<4194304xbf16>, memref<64xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<64xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<64xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

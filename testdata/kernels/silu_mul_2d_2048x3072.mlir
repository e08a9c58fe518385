#map = affine_map<()[s0, s1, s2] -> (s0 + (s1 + s2) * 3072)>
module {
  func.func private @silu_and_mul_bf16(memref<3072xbf16, 2 : i32>, memref<3072xbf16, 2 : i32>, memref<3072xbf16, 2 : i32>, i32) attributes {link_with = "silu_and_mul.o", llvm.emit_c_interface}
  func.func @silu_and_mul_2d(%arg0: memref<2048x3072xbf16>, %arg1: memref<2048x3072xbf16>, %arg2: memref<2048x3072xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<2048x3072xbf16>, memref<2048x3072xbf16>, memref<2048x3072xbf16> {
      %collapse_shape = memref.collapse_shape %arg3 [[0, 1]] : memref<2048x3072xbf16> into memref<6291456xbf16>
      %collapse_shape_0 = memref.collapse_shape %arg4 [[0, 1]] : memref<2048x3072xbf16> into memref<6291456xbf16>
      %collapse_shape_1 = memref.collapse_shape %arg5 [[0, 1]] : memref<2048x3072xbf16> into memref<6291456xbf16>
      air.segment @silu_mul_seg  args(%arg6=%collapse_shape, %arg7=%collapse_shape_0, %arg8=%collapse_shape_1) : memref<6291456xbf16>, memref<6291456xbf16>, memref<6291456xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<6291456xbf16>, memref<6291456xbf16>, memref<6291456xbf16> attributes {link_with = "silu_and_mul.o"} {
          %alloc = memref.alloc() : memref<3072xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<3072xbf16, 2 : i32>
          %alloc_3 = memref.alloc() : memref<3072xbf16, 2 : i32>
          %c3072_i32 = arith.constant 3072 : i32
          %c0 = arith.constant 0 : index
          %c6291456 = arith.constant 6291456 : index
          %c24576 = arith.constant 24576 : index
          scf.for %arg16 = %c0 to %c6291456 step %c24576 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [3072] [1]) : (memref<3072xbf16, 2 : i32>, memref<6291456xbf16>)
            air.dma_memcpy_nd (%alloc_2[] [] [], %arg14[%0] [3072] [1]) : (memref<3072xbf16, 2 : i32>, memref<6291456xbf16>)
            func.call @silu_and_mul_bf16(%alloc, %alloc_2, %alloc_3, %c3072_i32) : (memref<3072xbf16, 2 : i32>, memref<3072xbf16, 2 : i32>, memref<3072xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [3072] [1], %alloc_3[] [] []) : (memref<6291456xbf16>, memref<3072xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<3072xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<3072xbf16, 2 : i32>
          memref.dealloc %alloc_3 : memref<3072xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

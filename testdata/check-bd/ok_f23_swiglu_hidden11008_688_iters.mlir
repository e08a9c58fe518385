// check-bd:
// F23 (model doc §5) shipping point: SwiGLU hidden 11008 × seq 2048, 688 iterations per launch.
#map = affine_map<()[s0, s1, s2] -> (s0 + s1 * 4096 + s2 * 4096)>
module {
  func.func private @silu_and_mul_bf16(memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, i32) attributes {link_with = "silu_and_mul.o", llvm.emit_c_interface}
  func.func @silu_and_mul_2d(%arg0: memref<2048x11008xbf16>, %arg1: memref<2048x11008xbf16>, %arg2: memref<2048x11008xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<2048x11008xbf16>, memref<2048x11008xbf16>, memref<2048x11008xbf16> {
      %collapse_shape = memref.collapse_shape %arg3 [[0, 1]] : memref<2048x11008xbf16> into memref<22544384xbf16>
      %collapse_shape_0 = memref.collapse_shape %arg4 [[0, 1]] : memref<2048x11008xbf16> into memref<22544384xbf16>
      %collapse_shape_1 = memref.collapse_shape %arg5 [[0, 1]] : memref<2048x11008xbf16> into memref<22544384xbf16>
      air.segment @silu_mul_seg  args(%arg6=%collapse_shape, %arg7=%collapse_shape_0, %arg8=%collapse_shape_1) : memref<22544384xbf16>, memref<22544384xbf16>, memref<22544384xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<22544384xbf16>, memref<22544384xbf16>, memref<22544384xbf16> attributes {link_with = "silu_and_mul.o"} {
          %alloc = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %c4096_i32 = arith.constant 4096 : i32
          %c0 = arith.constant 0 : index
          %c22544384 = arith.constant 22544384 : index
          %c32768_s = arith.constant 32768 : index
          scf.for %arg16 = %c0 to %c22544384 step %c32768_s {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            %c4096 = arith.constant 4096 : index
            %c1_2 = arith.constant 1 : index
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [%c4096] [%c1_2]) : (memref<4096xbf16, 2 : i32>, memref<22544384xbf16>)
            air.dma_memcpy_nd (%alloc_0[] [] [], %arg14[%0] [%c4096] [%c1_2]) : (memref<4096xbf16, 2 : i32>, memref<22544384xbf16>)
            func.call @silu_and_mul_bf16(%alloc, %alloc_0, %alloc_1, %c4096_i32) : (memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [%c4096] [%c1_2], %alloc_1[] [] []) : (memref<22544384xbf16>, memref<4096xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<4096xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

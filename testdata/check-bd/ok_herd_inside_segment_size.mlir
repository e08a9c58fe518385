// check-bd: --device npu2
// Issue 32: the twin of f_herd_outside_segment_size: the segment declares 8×1, the herd is 8×1.
// each core streams A and B in and C out, interleaved by core every 2048 elements.
#map = affine_map<()[s0, s1, s2] -> (s0 + s1 * 2048 + s2 * 2048)>
module {
  func.func private @eltwise_add_bf16(memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32) attributes {link_with = "add.o", llvm.emit_c_interface}
  func.func @eltwise_add(%arg0: memref<4194304xbf16>, %arg1: memref<4194304xbf16>, %arg2: memref<4194304xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> {
      air.segment @eltwise_add_seg  args(%arg6=%arg3, %arg7=%arg4, %arg8=%arg5) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {x_size = 8 : i64, y_size = 1 : i64} {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {link_with = "add.o"} {
          %alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %c2048_i32 = arith.constant 2048 : i32
          %c0 = arith.constant 0 : index
          %c4194304 = arith.constant 4194304 : index
          %c16384 = arith.constant 16384 : index
          scf.for %arg16 = %c0 to %c4194304 step %c16384 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            %c2048 = arith.constant 2048 : index
            %c1_2 = arith.constant 1 : index
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [%c2048] [%c1_2]) : (memref<2048xbf16, 2 : i32>, memref<4194304xbf16>)
            air.dma_memcpy_nd (%alloc_0[] [] [], %arg14[%0] [%c2048] [%c1_2]) : (memref<2048xbf16, 2 : i32>, memref<4194304xbf16>)
            func.call @eltwise_add_bf16(%alloc, %alloc_0, %alloc_1, %c2048_i32) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [%c2048] [%c1_2], %alloc_1[] [] []) : (memref<4194304xbf16>, memref<2048xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<2048xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

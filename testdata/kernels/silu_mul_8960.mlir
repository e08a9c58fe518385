#map = affine_map<()[s0, s1, s2] -> (s0 + (s1 + s2) * 1120)>
module {
  func.func private @silu_and_mul_bf16(memref<1120xbf16, 2 : i32>, memref<1120xbf16, 2 : i32>, memref<1120xbf16, 2 : i32>, i32) attributes {link_with = "silu_and_mul.o", llvm.emit_c_interface}
  func.func @silu_and_mul(%arg0: memref<8960xbf16>, %arg1: memref<8960xbf16>, %arg2: memref<8960xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<8960xbf16>, memref<8960xbf16>, memref<8960xbf16> {
      air.segment @silu_mul_seg  args(%arg6=%arg3, %arg7=%arg4, %arg8=%arg5) : memref<8960xbf16>, memref<8960xbf16>, memref<8960xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<8960xbf16>, memref<8960xbf16>, memref<8960xbf16> attributes {link_with = "silu_and_mul.o"} {
          %alloc = memref.alloc() : memref<1120xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<1120xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<1120xbf16, 2 : i32>
          %c1120_i32 = arith.constant 1120 : i32
          %c0 = arith.constant 0 : index
          %c8960 = arith.constant 8960 : index
          %c8960_2 = arith.constant 8960 : index
          scf.for %arg16 = %c0 to %c8960 step %c8960_2 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [1120] [1]) : (memref<1120xbf16, 2 : i32>, memref<8960xbf16>)
            air.dma_memcpy_nd (%alloc_0[] [] [], %arg14[%0] [1120] [1]) : (memref<1120xbf16, 2 : i32>, memref<8960xbf16>)
            func.call @silu_and_mul_bf16(%alloc, %alloc_0, %alloc_1, %c1120_i32) : (memref<1120xbf16, 2 : i32>, memref<1120xbf16, 2 : i32>, memref<1120xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [1120] [1], %alloc_1[] [] []) : (memref<8960xbf16>, memref<1120xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<1120xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<1120xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<1120xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

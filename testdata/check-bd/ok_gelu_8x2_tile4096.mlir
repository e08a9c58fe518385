// check-bd:
// §6 working case: SmolVLA GELU, N = 8,388,608 bf16, herd 8×2, tile_n 4096 (16 cores, 16 input streams).
#map = affine_map<()[s0, s1, s2] -> (s0 + s1 * 8192 + s2 * 4096)>
module {
  func.func private @gelu_bf16(memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, i32) attributes {link_with = "gelu.o", llvm.emit_c_interface}
  func.func @gelu(%arg0: memref<8388608xbf16>, %arg1: memref<8388608xbf16>) {
    air.launch () in () args(%arg2=%arg0, %arg3=%arg1) : memref<8388608xbf16>, memref<8388608xbf16> {
      air.segment @gelu_seg  args(%arg4=%arg2, %arg5=%arg3) : memref<8388608xbf16>, memref<8388608xbf16> {
        %c8 = arith.constant 8 : index
        %c2 = arith.constant 2 : index
        air.herd @herd_0  tile (%arg6, %arg7) in (%arg8=%c8, %arg9=%c2) args(%arg10=%arg4, %arg11=%arg5) : memref<8388608xbf16>, memref<8388608xbf16> attributes {link_with = "gelu.o"} {
          %alloc = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %c4096_i32 = arith.constant 4096 : i32
          %c0 = arith.constant 0 : index
          %c8388608 = arith.constant 8388608 : index
          %c65536 = arith.constant 65536 : index
          scf.for %arg12 = %c0 to %c8388608 step %c65536 {
            %0 = affine.apply #map()[%arg12, %arg6, %arg7]
            %c4096 = arith.constant 4096 : index
            %c1 = arith.constant 1 : index
            air.dma_memcpy_nd (%alloc[] [] [], %arg10[%0] [%c4096] [%c1]) : (memref<4096xbf16, 2 : i32>, memref<8388608xbf16>)
            func.call @gelu_bf16(%alloc, %alloc_0, %c4096_i32) : (memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg11[%0] [%c4096] [%c1], %alloc_0[] [] []) : (memref<8388608xbf16>, memref<4096xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<4096xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

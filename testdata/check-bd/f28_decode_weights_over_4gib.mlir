// check-bd: --omit-pingpong
// expect: warning AS0429 line 8
// F28 (model doc §5): decode weights of Qwen3-8B q4 packed into one buffer object of 4.41 GiB: shim
// BD offsets are uint32, so every offset past 4 GiB wraps and every logit is NaN (silent).
#map = affine_map<()[s0, s1] -> (s0 * 8192 + s1 * 1024)>
module {
  func.func private @dequant_matvec_q4(memref<1024xi8, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) attributes {link_with = "mv_q4.o", llvm.emit_c_interface}
  func.func @decode_weights(%arg0: memref<4735369216xi8>, %arg1: memref<4096xbf16>, %arg2: memref<8192xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<4735369216xi8>, memref<4096xbf16>, memref<8192xbf16> {
      air.segment @decode_seg  args(%arg6=%arg3, %arg7=%arg4, %arg8=%arg5) : memref<4735369216xi8>, memref<4096xbf16>, memref<8192xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<4735369216xi8>, memref<4096xbf16>, memref<8192xbf16> attributes {link_with = "mv_q4.o"} {
          %alloc = memref.alloc() : memref<1024xi8, 2 : i32>
          %alloc_0 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<8xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_2 = arith.constant 1 : index
          %c4096 = arith.constant 4096 : index
          %c1024 = arith.constant 1024 : index
          air.dma_memcpy_nd (%alloc_0[] [] [], %arg14[%c0] [%c4096] [%c1_2]) : (memref<4096xbf16, 2 : i32>, memref<4096xbf16>)
          %c8_3 = arith.constant 8 : index
          scf.for %arg16 = %c0 to %c8_3 step %c1_2 {
            %0 = affine.apply #map()[%arg16, %arg9]
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [%c1024] [%c1_2]) : (memref<1024xi8, 2 : i32>, memref<4735369216xi8>)
            func.call @dequant_matvec_q4(%alloc, %alloc_0, %alloc_1) : (memref<1024xi8, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
          }
          %1 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg9]
          air.dma_memcpy_nd (%arg15[%1] [%c8_3] [%c1_2], %alloc_1[] [] []) : (memref<8192xbf16>, memref<8xbf16, 2 : i32>)
          memref.dealloc %alloc : memref<1024xi8, 2 : i32>
          memref.dealloc %alloc_0 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<8xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

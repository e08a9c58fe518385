// check-bd:
// expect: error AS0401 line 12
// F35 (model doc §5; also F6 num_cascade_stages=8): a decode o_gemv_ffn cascade at emb ≥ 2560 needs
// ≥ 5 cascade stages, one per core row; a herd has at most 4 core rows: not buildable.
module {
  func.func private @gemv_partial(memref<512x32xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<32xf32, 2 : i32>) attributes {link_with = "mv_cascade.o", llvm.emit_c_interface}
  func.func @o_gemv_cascade(%arg0: memref<2560x2560xbf16>, %arg1: memref<2560xbf16>, %arg2: memref<2560xf32>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<2560x2560xbf16>, memref<2560xbf16>, memref<2560xf32> {
      air.segment @cascade_seg  args(%arg6=%arg3, %arg7=%arg4, %arg8=%arg5) : memref<2560x2560xbf16>, memref<2560xbf16>, memref<2560xf32> {
        %c1 = arith.constant 1 : index
        %c5 = arith.constant 5 : index
        air.herd @cascade_herd  tile (%arg9, %arg10) in (%arg11=%c1, %arg12=%c5) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<2560x2560xbf16>, memref<2560xbf16>, memref<2560xf32> attributes {link_with = "mv_cascade.o"} {
          %alloc = memref.alloc() : memref<512x32xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<512xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<32xf32, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_2 = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %c32 = arith.constant 32 : index
          %c512 = arith.constant 512 : index
          %c2560 = arith.constant 2560 : index
          %0 = affine.apply affine_map<()[s0] -> (s0 * 512)>()[%arg10]
          air.dma_memcpy_nd (%alloc_0[] [] [], %arg14[%0] [%c512] [%c1_2]) : (memref<512xbf16, 2 : i32>, memref<2560xbf16>)
          air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0, %c0] [%c512, %c32] [%c2560, %c1_2]) : (memref<512x32xbf16, 2 : i32>, memref<2560x2560xbf16>)
          func.call @gemv_partial(%alloc, %alloc_0, %alloc_1) : (memref<512x32xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<32xf32, 2 : i32>) -> ()
          air.dma_memcpy_nd (%arg15[%c0] [%c32] [%c1_2], %alloc_1[] [] []) : (memref<2560xf32>, memref<32xf32, 2 : i32>)
          memref.dealloc %alloc : memref<512x32xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<512xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<32xf32, 2 : i32>
        }
      }
    }
    return
  }
}

#map = affine_map<()[s0, s1, s2] -> ((s0 + (s1 + s2) * 12) * 128)>
module {
  func.func private @rope(memref<128xbf16, 2 : i32>, memref<128xbf16, 2 : i32>, memref<128xbf16, 2 : i32>, i32) attributes {link_with = "rope.o", llvm.emit_c_interface}
  func.func @rope_1d(%arg0: memref<1536xbf16>, %arg1: memref<1536xbf16>, %arg2: memref<1536xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<1536xbf16>, memref<1536xbf16>, memref<1536xbf16> {
      air.segment @rope_seg  args(%arg6=%arg3, %arg7=%arg4, %arg8=%arg5) : memref<1536xbf16>, memref<1536xbf16>, memref<1536xbf16> {
        %c1 = arith.constant 1 : index
        %c1_0 = arith.constant 1 : index
        air.herd @rope_herd  tile (%arg9, %arg10) in (%arg11=%c1, %arg12=%c1_0) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<1536xbf16>, memref<1536xbf16>, memref<1536xbf16> attributes {link_with = "rope.o"} {
          %alloc = memref.alloc() : memref<128xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<128xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<128xbf16, 2 : i32>
          %c128_i32 = arith.constant 128 : i32
          %c0 = arith.constant 0 : index
          %c12 = arith.constant 12 : index
          %c1_3 = arith.constant 1 : index
          scf.for %arg16 = %c0 to %c12 step %c1_3 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [128] [1]) : (memref<128xbf16, 2 : i32>, memref<1536xbf16>)
            air.dma_memcpy_nd (%alloc_1[] [] [], %arg14[%0] [128] [1]) : (memref<128xbf16, 2 : i32>, memref<1536xbf16>)
            func.call @rope(%alloc, %alloc_1, %alloc_2, %c128_i32) : (memref<128xbf16, 2 : i32>, memref<128xbf16, 2 : i32>, memref<128xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%arg15[%0] [128] [1], %alloc_2[] [] []) : (memref<1536xbf16>, memref<128xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<128xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<128xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<128xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

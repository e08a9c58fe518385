// check-bd: --omit-pingpong --stack-size 10240
// expect: error AS0404 line 12
// F29 (model doc §5): a K=4096 decode core holding 7 × 8 KiB buffers, built with a 10,240-byte stack
// (aircc --stack-size 10240 for a deep kernel call chain): 57,344 + 10,240 B > 64 KiB of L1.
module {
  func.func private @decode_block(memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>) attributes {link_with = "decode.o", llvm.emit_c_interface}
  func.func @decode(%arg0: memref<32768xbf16>, %arg1: memref<32768xbf16>) {
    air.launch () in () args(%arg2=%arg0, %arg3=%arg1) : memref<32768xbf16>, memref<32768xbf16> {
      air.segment @decode_seg  args(%arg4=%arg2, %arg5=%arg3) : memref<32768xbf16>, memref<32768xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg6, %arg7) in (%arg8=%c8, %arg9=%c1) args(%arg10=%arg4, %arg11=%arg5) : memref<32768xbf16>, memref<32768xbf16> attributes {link_with = "decode.o"} {
          %alloc = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_3 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_4 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %alloc_5 = memref.alloc() : memref<4096xbf16, 2 : i32>
          %c1_6 = arith.constant 1 : index
          %c4096 = arith.constant 4096 : index
          %0 = affine.apply affine_map<()[s0] -> (s0 * 4096)>()[%arg6]
          air.dma_memcpy_nd (%alloc[] [] [], %arg10[%0] [%c4096] [%c1_6]) : (memref<4096xbf16, 2 : i32>, memref<32768xbf16>)
          func.call @decode_block(%alloc, %alloc_0, %alloc_1, %alloc_2, %alloc_3, %alloc_4, %alloc_5) : (memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>, memref<4096xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%arg11[%0] [%c4096] [%c1_6], %alloc_5[] [] []) : (memref<32768xbf16>, memref<4096xbf16, 2 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_3 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_4 : memref<4096xbf16, 2 : i32>
          memref.dealloc %alloc_5 : memref<4096xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

// check-bd: --omit-pingpong
// expect: error AS0413 line 38
// F18 (model doc §5): GEMV M=8960, K=1536, herd 8, tile_m 8, m_input 4: the B vector is re-read
// launches × tile_m/m_input = 140 × 2 = 280 times > 256 (aiex.npu.push_queue repeat count).
#map = affine_map<()[s0] -> (s0 * 64)>
#map1 = affine_map<()[s0] -> (s0 * 8)>
#map2 = affine_map<()[s0, s1] -> (s0 + s1)>
module {
  func.func private @matvec_vectorized_bf16_bf16(i32, i32, i32, memref<4x1536xbf16, 2 : i32>, memref<1536xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func private @linalg_fill_bf16(memref<8xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func @matvec_bf16(%arg0: memref<8960x1536xbf16>, %arg1: memref<1536xbf16>, %arg2: memref<8960xbf16>) {
    %c140 = arith.constant 140 : index
    air.launch (%arg3) in (%arg4=%c140) args(%arg5=%arg0, %arg6=%arg1, %arg7=%arg2) : memref<8960x1536xbf16>, memref<1536xbf16>, memref<8960xbf16> {
      air.segment @matvec_bf16_0  args(%arg8=%arg3, %arg9=%arg5, %arg10=%arg6, %arg11=%arg7) : index, memref<8960x1536xbf16>, memref<1536xbf16>, memref<8960xbf16> {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c8_s = arith.constant 8 : index
        %c64_s = arith.constant 64 : index
        %c1536_s = arith.constant 1536 : index
        %0 = affine.apply #map()[%arg8]
        %alloc = memref.alloc() : memref<64x1536xbf16, 1 : i32>
        %alloc_0 = memref.alloc() : memref<64xbf16, 1 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %arg9[%0, %c0_s] [%c64_s, %c1536_s] [%c1536_s, %c1_s]) : (memref<64x1536xbf16, 1 : i32>, memref<8960x1536xbf16>)
        air.herd @herd_0  tile (%arg12, %arg13) in (%arg14=%c8_s, %arg15=%c1_s) args(%arg16=%alloc, %arg17=%arg10, %arg18=%alloc_0) : memref<64x1536xbf16, 1 : i32>, memref<1536xbf16>, memref<64xbf16, 1 : i32> attributes {link_with = "mv.o"} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4_h = arith.constant 4 : index
          %c8_h = arith.constant 8 : index
          %c1536_h = arith.constant 1536 : index
          %c4_i32 = arith.constant 4 : i32
          %c1536_i32 = arith.constant 1536 : i32
          %alloc_1 = memref.alloc() : memref<4x1536xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_3 = memref.alloc() : memref<8xbf16, 2 : i32>
          func.call @linalg_fill_bf16(%alloc_3) : (memref<8xbf16, 2 : i32>) -> ()
          %1 = affine.apply #map1()[%arg12]
          scf.for %arg19 = %c0_h to %c8_h step %c4_h {
            air.dma_memcpy_nd (%alloc_2[] [] [], %arg17[%c0_h] [%c1536_h] [%c1_h]) : (memref<1536xbf16, 2 : i32>, memref<1536xbf16>)
            %2 = affine.apply #map2()[%1, %arg19]
            air.dma_memcpy_nd (%alloc_1[] [] [], %arg16[%2, %c0_h] [%c4_h, %c1536_h] [%c1536_h, %c1_h]) : (memref<4x1536xbf16, 2 : i32>, memref<64x1536xbf16, 1 : i32>)
            %3 = arith.index_cast %arg19 : index to i32
            func.call @matvec_vectorized_bf16_bf16(%c4_i32, %c1536_i32, %3, %alloc_1, %alloc_2, %alloc_3) : (i32, i32, i32, memref<4x1536xbf16, 2 : i32>, memref<1536xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
          }
          air.dma_memcpy_nd (%arg18[%1] [%c8_h] [%c1_h], %alloc_3[] [] []) : (memref<64xbf16, 1 : i32>, memref<8xbf16, 2 : i32>)
          memref.dealloc %alloc_1 : memref<4x1536xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_3 : memref<8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%arg11[%0] [%c64_s] [%c1_s], %alloc_0[] [] []) : (memref<8960xbf16>, memref<64xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<64x1536xbf16, 1 : i32>
        memref.dealloc %alloc_0 : memref<64xbf16, 1 : i32>
      }
    }
    return
  }
}

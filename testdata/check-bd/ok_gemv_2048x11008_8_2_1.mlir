// check-bd: --omit-pingpong
// §6 working case: Qwen2.5-3B down GEMV 2048×11008 at 8/2/1 (L1 forces m_input=1).
#map = affine_map<()[s0] -> (s0 * 16)>
#map1 = affine_map<()[s0] -> (s0 * 2)>
#map2 = affine_map<()[s0, s1] -> (s0 + s1)>
module {
  func.func private @matvec_vectorized_bf16_bf16(i32, i32, i32, memref<1x11008xbf16, 2 : i32>, memref<11008xbf16, 2 : i32>, memref<2xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func private @linalg_fill_bf16(memref<2xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func @matvec_bf16(%arg0: memref<2048x11008xbf16>, %arg1: memref<11008xbf16>, %arg2: memref<2048xbf16>) {
    %c128 = arith.constant 128 : index
    air.launch (%arg3) in (%arg4=%c128) args(%arg5=%arg0, %arg6=%arg1, %arg7=%arg2) : memref<2048x11008xbf16>, memref<11008xbf16>, memref<2048xbf16> {
      air.segment @matvec_bf16_0  args(%arg8=%arg3, %arg9=%arg5, %arg10=%arg6, %arg11=%arg7) : index, memref<2048x11008xbf16>, memref<11008xbf16>, memref<2048xbf16> {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c8_s = arith.constant 8 : index
        %c16_s = arith.constant 16 : index
        %c11008_s = arith.constant 11008 : index
        %0 = affine.apply #map()[%arg8]
        %alloc = memref.alloc() : memref<16x11008xbf16, 1 : i32>
        %alloc_0 = memref.alloc() : memref<16xbf16, 1 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %arg9[%0, %c0_s] [%c16_s, %c11008_s] [%c11008_s, %c1_s]) : (memref<16x11008xbf16, 1 : i32>, memref<2048x11008xbf16>)
        air.herd @herd_0  tile (%arg12, %arg13) in (%arg14=%c8_s, %arg15=%c1_s) args(%arg16=%alloc, %arg17=%arg10, %arg18=%alloc_0) : memref<16x11008xbf16, 1 : i32>, memref<11008xbf16>, memref<16xbf16, 1 : i32> attributes {link_with = "mv.o"} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c11008_h = arith.constant 11008 : index
          %c1_i32 = arith.constant 1 : i32
          %c11008_i32 = arith.constant 11008 : i32
          %alloc_1 = memref.alloc() : memref<1x11008xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<11008xbf16, 2 : i32>
          %alloc_3 = memref.alloc() : memref<2xbf16, 2 : i32>
          func.call @linalg_fill_bf16(%alloc_3) : (memref<2xbf16, 2 : i32>) -> ()
          %1 = affine.apply #map1()[%arg12]
          scf.for %arg19 = %c0_h to %c2_h step %c1_h {
            air.dma_memcpy_nd (%alloc_2[] [] [], %arg17[%c0_h] [%c11008_h] [%c1_h]) : (memref<11008xbf16, 2 : i32>, memref<11008xbf16>)
            %2 = affine.apply #map2()[%1, %arg19]
            air.dma_memcpy_nd (%alloc_1[] [] [], %arg16[%2, %c0_h] [%c1_h, %c11008_h] [%c11008_h, %c1_h]) : (memref<1x11008xbf16, 2 : i32>, memref<16x11008xbf16, 1 : i32>)
            %3 = arith.index_cast %arg19 : index to i32
            func.call @matvec_vectorized_bf16_bf16(%c1_i32, %c11008_i32, %3, %alloc_1, %alloc_2, %alloc_3) : (i32, i32, i32, memref<1x11008xbf16, 2 : i32>, memref<11008xbf16, 2 : i32>, memref<2xbf16, 2 : i32>) -> ()
          }
          air.dma_memcpy_nd (%arg18[%1] [%c2_h] [%c1_h], %alloc_3[] [] []) : (memref<16xbf16, 1 : i32>, memref<2xbf16, 2 : i32>)
          memref.dealloc %alloc_1 : memref<1x11008xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<11008xbf16, 2 : i32>
          memref.dealloc %alloc_3 : memref<2xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%arg11[%0] [%c16_s] [%c1_s], %alloc_0[] [] []) : (memref<2048xbf16>, memref<16xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<16x11008xbf16, 1 : i32>
        memref.dealloc %alloc_0 : memref<16xbf16, 1 : i32>
      }
    }
    return
  }
}

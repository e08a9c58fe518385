#map = affine_map<()[s0] -> (s0 * 64)>
#map1 = affine_map<()[s0] -> (s0 * 4)>
module {
  func.func private @matvec_vectorized_bf16_bf16(i32, i32, i32, memref<4x1536xbf16, 2 : i32>, memref<1536xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func private @linalg_fill_bf16(bf16, memref<8xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func @matvec_bf16(%arg0: memref<8960x1536xbf16>, %arg1: memref<1536xbf16>, %arg2: memref<8960xbf16>) {
    %c140 = arith.constant 140 : index
    %c1 = arith.constant 1 : index
    air.launch (%arg3, %arg4) in (%arg5=%c140, %arg6=%c1) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<8960x1536xbf16>, memref<1536xbf16>, memref<8960xbf16> {
      air.segment @matvec_bf16_0  args(%arg10=%arg3, %arg11=%arg7, %arg12=%arg8, %arg13=%arg9) : index, memref<8960x1536xbf16>, memref<1536xbf16>, memref<8960xbf16> {
        %0 = affine.apply #map()[%arg10]
        %alloc = memref.alloc() : memref<8x8x1536xbf16, 1 : i32>
        %alloc_0 = memref.alloc() : memref<8x8xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<4x1536xbf16, 2 : i32>
        %alloc_2 = memref.alloc() : memref<1536xbf16, 2 : i32>
        %alloc_3 = memref.alloc() : memref<8xbf16, 2 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %arg11[0, %0, 0] [8, 8, 1536] [12288, 1536, 1]) : (memref<8x8x1536xbf16, 1 : i32>, memref<8960x1536xbf16>)
        %c8 = arith.constant 8 : index
        %c1_4 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg14, %arg15) in (%arg16=%c8, %arg17=%c1_4) args(%arg18=%alloc_1, %arg19=%alloc_2, %arg20=%alloc_3, %arg21=%alloc, %arg22=%arg12, %arg23=%alloc_0) : memref<4x1536xbf16, 2 : i32>, memref<1536xbf16, 2 : i32>, memref<8xbf16, 2 : i32>, memref<8x8x1536xbf16, 1 : i32>, memref<1536xbf16>, memref<8x8xbf16, 1 : i32> attributes {link_with = "mv.o"} {
          %cst = arith.constant 0.000000e+00 : bf16
          func.call @linalg_fill_bf16(%cst, %arg20) : (bf16, memref<8xbf16, 2 : i32>) -> ()
          %c0 = arith.constant 0 : index
          %c2 = arith.constant 2 : index
          %c1_5 = arith.constant 1 : index
          scf.for %arg24 = %c0 to %c2 step %c1_5 {
            %1 = affine.apply #map1()[%arg24]
            air.dma_memcpy_nd (%arg19[] [] [], %arg22[] [1536] [1]) : (memref<1536xbf16, 2 : i32>, memref<1536xbf16>)
            air.dma_memcpy_nd (%arg18[] [] [], %arg21[%arg14, %1, 0] [1, 4, 1536] [12288, 1536, 1]) : (memref<4x1536xbf16, 2 : i32>, memref<8x8x1536xbf16, 1 : i32>)
            %2 = arith.index_cast %1 : index to i32
            %c4_i32 = arith.constant 4 : i32
            %c1536_i32 = arith.constant 1536 : i32
            func.call @matvec_vectorized_bf16_bf16(%c4_i32, %c1536_i32, %2, %arg18, %arg19, %arg20) : (i32, i32, i32, memref<4x1536xbf16, 2 : i32>, memref<1536xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
          }
          air.dma_memcpy_nd (%arg23[%arg14, 0] [1, 8] [8, 1], %arg20[] [8] [1]) : (memref<8x8xbf16, 1 : i32>, memref<8xbf16, 2 : i32>)
        }
        air.dma_memcpy_nd (%arg13[%0] [64] [1], %alloc_0[0, 0] [8, 8] [8, 1]) : (memref<8960xbf16>, memref<8x8xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<8x8x1536xbf16, 1 : i32>
        memref.dealloc %alloc_0 : memref<8x8xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<4x1536xbf16, 2 : i32>
        memref.dealloc %alloc_2 : memref<1536xbf16, 2 : i32>
        memref.dealloc %alloc_3 : memref<8xbf16, 2 : i32>
      }
    }
    return
  }
}

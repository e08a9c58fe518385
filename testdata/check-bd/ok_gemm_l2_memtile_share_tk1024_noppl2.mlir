// check-bd: --omit-ping-pong-transform=L2
// The compiler kit accepts it (mlir-air e972f29, mlir-aie 7e00b57). The twin of
// f_gemm_l2_memtile_share_tk1024 without L2 ping-pong: the first 4 memtiles each hold a 256 KiB
// B piece, a 64 KiB A piece and a 32 KiB C piece (352 KiB), the last 4 an A and a C piece.
#map = affine_map<()[s0] -> (s0 * 256)>
#map1 = affine_map<()[s0] -> (s0 * 512)>
#map2 = affine_map<()[s0] -> (s0 * 1024)>
#map3 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func private @zero_f32_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @op_has_no_registered_library_name_m32(memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @f32_to_bf16_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func @matmul_bf16(%arg0: memref<512x2048xbf16>, %arg1: memref<2048x2048xbf16>, %arg2: memref<512x2048xbf16>) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    air.launch (%arg3, %arg4) in (%arg5=%c2, %arg6=%c4) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<512x2048xbf16>, memref<2048x2048xbf16>, memref<512x2048xbf16> {
      air.segment @matmul_seg  args(%arg10=%arg3, %arg11=%arg4, %arg12=%arg7, %arg13=%arg8, %arg14=%arg9) : index, index, memref<512x2048xbf16>, memref<2048x2048xbf16>, memref<512x2048xbf16> {
        %alloc = memref.alloc() : memref<8x1x32x1024xbf16, 1 : i32>
        %alloc_0 = memref.alloc() : memref<1x4x1024x128xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %alloc_2 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %0 = affine.apply #map()[%arg10]
        %1 = affine.apply #map1()[%arg11]
        %c8 = arith.constant 8 : index
        %c4_3 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8, %arg18=%c4_3) args(%arg19=%alloc_2) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg19[%arg15, %arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %c0 = arith.constant 0 : index
        %c2_4 = arith.constant 2 : index
        %c1 = arith.constant 1 : index
        scf.for %arg15 = %c0 to %c2_4 step %c1 {
          %2 = affine.apply #map2()[%arg15]
          air.dma_memcpy_nd (%alloc[] [] [], %arg12[0, 0, %0, %2] [8, 1, 32, 1024] [65536, 1024, 2048, 1]) : (memref<8x1x32x1024xbf16, 1 : i32>, memref<512x2048xbf16>)
          air.dma_memcpy_nd (%alloc_0[] [] [], %arg13[0, 0, %2, %1] [1, 4, 1024, 128] [2097152, 128, 2048, 1]) : (memref<1x4x1024x128xbf16, 1 : i32>, memref<2048x2048xbf16>)
          %c8_7 = arith.constant 8 : index
          %c4_8 = arith.constant 4 : index
          air.herd @herd_0  tile (%arg16, %arg17) in (%arg18=%c8_7, %arg19=%c4_8) args(%arg20=%alloc_2, %arg21=%alloc, %arg22=%alloc_0) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x1024xbf16, 1 : i32>, memref<1x4x1024x128xbf16, 1 : i32> attributes {link_with = "mm_m32.o"} {
            %alloc_9 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %alloc_10 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %c0_11 = arith.constant 0 : index
            %c32 = arith.constant 32 : index
            %c1_12 = arith.constant 1 : index
            scf.for %arg23 = %c0_11 to %c32 step %c1_12 {
              %3 = affine.apply #map3()[%arg23]
              air.dma_memcpy_nd (%alloc_9[] [] [], %arg21[%arg16, 0, 0, 0, 0, %3] [1, 1, 4, 4, 8, 8] [32768, 32768, 8, 8192, 1024, 1]) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<8x1x32x1024xbf16, 1 : i32>)
              air.dma_memcpy_nd (%alloc_10[] [] [], %arg22[0, %arg17, 0, 0, %3, 0] [1, 1, 16, 4, 8, 8] [524288, 131072, 8, 1024, 128, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x1024x128xbf16, 1 : i32>)
              %subview = memref.subview %arg20[%arg16, %arg17, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%alloc_9, %alloc_10, %subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %alloc_9 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %alloc_10 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %c8_5 = arith.constant 8 : index
        %c4_6 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8_5, %arg18=%c4_6) args(%arg19=%alloc_2, %arg20=%alloc, %arg21=%alloc_0, %arg22=%alloc_1) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x1024xbf16, 1 : i32>, memref<1x4x1024x128xbf16, 1 : i32>, memref<8x4x32x128xbf16, 1 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg19[%arg15, %arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %alloc_7 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%subview, %alloc_7) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%arg22[%arg15, %arg16, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1], %alloc_7[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<8x4x32x128xbf16, 1 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %alloc_7 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%arg14[%0, %1] [256, 512] [2048, 1], %alloc_1[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<512x2048xbf16>, memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<8x1x32x1024xbf16, 1 : i32>
        memref.dealloc %alloc_0 : memref<1x4x1024x128xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %alloc_2 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
    }
    return
  }
}

#map = affine_map<()[s0] -> (s0 * 256)>
#map1 = affine_map<()[s0] -> (s0 * 512)>
#map2 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func private @zero_f32_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @op_has_no_registered_library_name_m32(memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @f32_to_bf16_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func @matmul_bf16(%arg0: memref<2048x1536xbf16>, %arg1: memref<1536x1536xbf16>, %arg2: memref<2048x1536xbf16>) {
    %c8 = arith.constant 8 : index
    %c3 = arith.constant 3 : index
    air.launch (%arg3, %arg4) in (%arg5=%c8, %arg6=%c3) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<2048x1536xbf16>, memref<1536x1536xbf16>, memref<2048x1536xbf16> {
      air.segment @matmul_seg  args(%arg10=%arg3, %arg11=%arg4, %arg12=%arg7, %arg13=%arg8, %arg14=%arg9) : index, index, memref<2048x1536xbf16>, memref<1536x1536xbf16>, memref<2048x1536xbf16> {
        %alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %alloc_0 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %alloc_2 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %0 = affine.apply #map()[%arg10]
        %1 = affine.apply #map1()[%arg11]
        %c8_3 = arith.constant 8 : index
        %c4 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8_3, %arg18=%c4) args(%arg19=%alloc_2) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg19[%arg15, %arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %c0 = arith.constant 0 : index
        %c6 = arith.constant 6 : index
        %c1 = arith.constant 1 : index
        scf.for %arg15 = %c0 to %c6 step %c1 {
          %2 = affine.apply #map()[%arg15]
          air.dma_memcpy_nd (%alloc[] [] [], %arg12[0, 0, %0, %2] [8, 1, 32, 256] [49152, 256, 1536, 1]) : (memref<8x1x32x256xbf16, 1 : i32>, memref<2048x1536xbf16>)
          air.dma_memcpy_nd (%alloc_0[] [] [], %arg13[0, 0, %2, %1] [1, 4, 256, 128] [393216, 128, 1536, 1]) : (memref<1x4x256x128xbf16, 1 : i32>, memref<1536x1536xbf16>)
          %c8_6 = arith.constant 8 : index
          %c4_7 = arith.constant 4 : index
          air.herd @herd_0  tile (%arg16, %arg17) in (%arg18=%c8_6, %arg19=%c4_7) args(%arg20=%alloc_2, %arg21=%alloc, %arg22=%alloc_0) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32> attributes {link_with = "mm_m32.o"} {
            %alloc_8 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %alloc_9 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %c0_10 = arith.constant 0 : index
            %c8_11 = arith.constant 8 : index
            %c1_12 = arith.constant 1 : index
            scf.for %arg23 = %c0_10 to %c8_11 step %c1_12 {
              %3 = affine.apply #map2()[%arg23]
              air.dma_memcpy_nd (%alloc_8[] [] [], %arg21[%arg16, 0, 0, 0, 0, %3] [1, 1, 4, 4, 8, 8] [8192, 8192, 8, 2048, 256, 1]) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>)
              air.dma_memcpy_nd (%alloc_9[] [] [], %arg22[0, %arg17, 0, 0, %3, 0] [1, 1, 16, 4, 8, 8] [131072, 32768, 8, 1024, 128, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x256x128xbf16, 1 : i32>)
              %subview = memref.subview %arg20[%arg16, %arg17, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%alloc_8, %alloc_9, %subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %alloc_8 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %alloc_9 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %c8_4 = arith.constant 8 : index
        %c4_5 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8_4, %arg18=%c4_5) args(%arg19=%alloc_2, %arg20=%alloc, %arg21=%alloc_0, %arg22=%alloc_1) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32>, memref<8x4x32x128xbf16, 1 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg19[%arg15, %arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %alloc_6 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%subview, %alloc_6) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%arg22[%arg15, %arg16, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1], %alloc_6[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<8x4x32x128xbf16, 1 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %alloc_6 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%arg14[%0, %1] [256, 512] [1536, 1], %alloc_1[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<2048x1536xbf16>, memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %alloc_0 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %alloc_2 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
    }
    return
  }
}

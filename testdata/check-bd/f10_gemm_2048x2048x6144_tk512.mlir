// check-bd: --air-runtime-loop-tiling-sizes 2,2
// expect: exit 1
// The compiler kit rejects it (`Stride 2 exceeds the [1:1048576] range.`), and so does check-bd (AS0415):
// tiled with windows of two launch iterations, the K loop folds through AIR's stride exception (its
// stride extends the B panel's rows contiguously), the merged rows are split back by the 1023 wrap
// bound, and the step between the pieces is over the 2^20-granule field.
// F10 (model doc §5): GEMM 2048×2048×6144 at tile_k_l2=512: "Too many simultaneously active buffer
// descriptors on tile (1,0)" (the model doc's reading: the K step does not fold, 16 BDs for B per
// launch tile); the pinned compiler folds it and fails the stride instead (above).
#map = affine_map<()[s0] -> (s0 * 512)>
#map1 = affine_map<()[s0] -> (s0 * 512)>
#map2 = affine_map<()[s0] -> (s0 * 512)>
#map3 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func private @zero_f32_mn(memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @matmul_bf16_f32(memref<1x1x4x8x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func @matmul_bf16(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048x6144xbf16>, %arg2: memref<2048x6144xf32>) {
    %c4 = arith.constant 4 : index
    %c12_0 = arith.constant 12 : index
    air.launch (%arg3, %arg4) in (%arg5=%c4, %arg6=%c12_0) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<2048x2048xbf16>, memref<2048x6144xbf16>, memref<2048x6144xf32> {
      air.segment @matmul_seg  args(%arg10=%arg3, %arg11=%arg4, %arg12=%arg7, %arg13=%arg8, %arg14=%arg9) : index, index, memref<2048x2048xbf16>, memref<2048x6144xbf16>, memref<2048x6144xf32> {
        %c4_s = arith.constant 4 : index
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c8 = arith.constant 8 : index
        %c16 = arith.constant 16 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %c128 = arith.constant 128 : index
        %c512 = arith.constant 512 : index
        %c2048 = arith.constant 2048 : index
        %c6144 = arith.constant 6144 : index
        %c131072_a = arith.constant 131072 : index
        %c3145728_b = arith.constant 3145728 : index
        %c512_o = arith.constant 512 : index
        %c32768_o = arith.constant 32768 : index
        %c8192_o = arith.constant 8192 : index
        %alloc = memref.alloc() : memref<8x1x64x512xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<1x4x512x128xbf16, 1 : i32>
        %alloc_2 = memref.alloc() : memref<8x4x64x128xf32, 1 : i32>
        %alloc_3 = memref.alloc() : memref<8x4x16x8x8x8xf32, 2 : i32>
        %0 = affine.apply #map()[%arg10]
        %1 = affine.apply #map1()[%arg11]
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8, %arg18=%c4_s) args(%arg19=%alloc_3) : memref<8x4x16x8x8x8xf32, 2 : i32> attributes {link_with = "mm.o"} {
          %subview = memref.subview %arg19[%arg15, %arg16, 0, 0, 0, 0] [1, 1, 16, 8, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x8x8x8xf32, 2 : i32> to memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn(%subview) : (memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        scf.for %arg20 = %c0 to %c4_s step %c1 {
          %2 = affine.apply #map2()[%arg20]
          air.dma_memcpy_nd (%alloc[] [] [], %arg12[%c0, %c0, %0, %2] [%c8, %c1, %c64, %c512] [%c131072_a, %c512, %c2048, %c1]) : (memref<8x1x64x512xbf16, 1 : i32>, memref<2048x2048xbf16>)
          air.dma_memcpy_nd (%alloc_1[] [] [], %arg13[%c0, %c0, %2, %1] [%c1, %c4_s, %c512, %c128] [%c3145728_b, %c128, %c6144, %c1]) : (memref<1x4x512x128xbf16, 1 : i32>, memref<2048x6144xbf16>)
          air.herd @herd_0  tile (%arg21, %arg22) in (%arg23=%c8, %arg24=%c4_s) args(%arg25=%alloc_3, %arg26=%alloc, %arg27=%alloc_1) : memref<8x4x16x8x8x8xf32, 2 : i32>, memref<8x1x64x512xbf16, 1 : i32>, memref<1x4x512x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c4_h = arith.constant 4 : index
            %c8_h = arith.constant 8 : index
            %c16_h = arith.constant 16 : index
            %c32_h = arith.constant 32 : index
            %c32768_x = arith.constant 32768 : index
            %c4096_x = arith.constant 4096 : index
            %c512_x = arith.constant 512 : index
            %c262144_x = arith.constant 262144 : index
            %c65536_x = arith.constant 65536 : index
            %c1024_x = arith.constant 1024 : index
            %c128_x = arith.constant 128 : index
            %alloc_4 = memref.alloc() : memref<1x1x4x8x8x8xbf16, 2 : i32>
            %alloc_5 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            scf.for %arg28 = %c0_h to %c16_h step %c1_h {
              %3 = affine.apply #map3()[%arg28]
              air.dma_memcpy_nd (%alloc_4[] [] [], %arg26[%arg21, %c0_h, %c0_h, %c0_h, %c0_h, %3] [%c1_h, %c1_h, %c4_h, %c8_h, %c8_h, %c8_h] [%c32768_x, %c32768_x, %c8_h, %c4096_x, %c512_x, %c1_h]) : (memref<1x1x4x8x8x8xbf16, 2 : i32>, memref<8x1x64x512xbf16, 1 : i32>)
              air.dma_memcpy_nd (%alloc_5[] [] [], %arg27[%c0_h, %arg22, %c0_h, %c0_h, %3, %c0_h] [%c1_h, %c1_h, %c16_h, %c4_h, %c8_h, %c8_h] [%c262144_x, %c65536_x, %c8_h, %c1024_x, %c128_x, %c1_h]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x512x128xbf16, 1 : i32>)
              %subview = memref.subview %arg25[%arg21, %arg22, 0, 0, 0, 0] [1, 1, 16, 8, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x8x8x8xf32, 2 : i32> to memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @matmul_bf16_f32(%alloc_4, %alloc_5, %subview) : (memref<1x1x4x8x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x8x8x8xf32, strided<[32768, 8192, 512, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %alloc_4 : memref<1x1x4x8x8x8xbf16, 2 : i32>
            memref.dealloc %alloc_5 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        air.herd @herd_0  tile (%arg36, %arg37) in (%arg38=%c8, %arg39=%c4_s) args(%arg40=%alloc_3, %arg41=%alloc, %arg42=%alloc_1, %arg43=%alloc_2) : memref<8x4x16x8x8x8xf32, 2 : i32>, memref<8x1x64x512xbf16, 1 : i32>, memref<1x4x512x128xbf16, 1 : i32>, memref<8x4x64x128xf32, 1 : i32> attributes {link_with = "mm.o"} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4_h = arith.constant 4 : index
          %c8_h = arith.constant 8 : index
          %c16_h = arith.constant 16 : index
          %c32_h = arith.constant 32 : index
          %c64_d = arith.constant 64 : index
          %c128_d = arith.constant 128 : index
          %c512_d = arith.constant 512 : index
          %c8192_d = arith.constant 8192 : index
          %c32768_d = arith.constant 32768 : index
          air.dma_memcpy_nd (%arg43[%arg36, %arg37, %c0_h, %c0_h] [%c1_h, %c1_h, %c64_d, %c128_d] [%c32768_d, %c8192_d, %c128_d, %c1_h], %arg40[%arg36, %arg37, %c0_h, %c0_h, %c0_h, %c0_h] [%c1_h, %c1_h, %c8_h, %c8_h, %c16_h, %c8_h] [%c32768_d, %c8192_d, %c64_d, %c8_h, %c512_d, %c1_h]) : (memref<8x4x64x128xf32, 1 : i32>, memref<8x4x16x8x8x8xf32, 2 : i32>)
        }
        air.dma_memcpy_nd (%arg14[%0, %1] [%c512_o, %c512_o] [%c6144, %c1], %alloc_2[%c0, %c0, %c0, %c0] [%c8, %c64, %c4_s, %c128] [%c32768_o, %c128, %c8192_o, %c1]) : (memref<2048x6144xf32>, memref<8x4x64x128xf32, 1 : i32>)
        memref.dealloc %alloc : memref<8x1x64x512xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<1x4x512x128xbf16, 1 : i32>
        memref.dealloc %alloc_2 : memref<8x4x64x128xf32, 1 : i32>
        memref.dealloc %alloc_3 : memref<8x4x16x8x8x8xf32, 2 : i32>
      }
    }
    return
  }
}

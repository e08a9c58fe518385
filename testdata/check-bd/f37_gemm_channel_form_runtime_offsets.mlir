// check-bd:
// expect: error AS0437 line 107
// kernelgen gemm --form channels (2048³, tile 32/256/32/128, herd 8×4, launch 8×4): the C readback
// is an air.channel.get written at launch level after the segment that puts it, so
// air-opt-shim-dma-bds cannot isolate it from the segment and both launch loops stay rolled
// around it; airrt-to-npu rejects the shim DMA: `more than one runtime-valued DMA offset is not
// supported` (the compiler kit: rejected). Upstream's DMA form (testdata/kernels/gemm_*) lowers.
#map = affine_map<()[s0] -> (s0 * 256)>
#map1 = affine_map<()[s0] -> (s0 * 512)>
#map2 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @chan_a_l3l2 [1, 1]
  air.channel @chan_b_l3l2 [1, 1]
  air.channel @chan_a_l2l1 [8, 1] {broadcast_shape = [8, 4]}
  air.channel @chan_b_l2l1 [1, 4] {broadcast_shape = [8, 4]}
  air.channel @chan_c_l1l2 [8, 4]
  air.channel @chan_c_l2l3 [1, 1]
  func.func private @zero_f32_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @op_has_no_registered_library_name_m32(memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @f32_to_bf16_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func @matmul_bf16(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048x2048xbf16>, %arg2: memref<2048x2048xbf16>) {
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    air.launch (%arg3, %arg4) in (%arg5=%c8, %arg6=%c4) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
      %0 = affine.apply #map()[%arg3]
      %1 = affine.apply #map1()[%arg4]
      %c0 = arith.constant 0 : index
      %c8_0 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      scf.for %arg10 = %c0 to %c8_0 step %c1 {
        %2 = affine.apply #map()[%arg10]
        air.channel.put  @chan_a_l3l2[] (%arg7[0, 0, %0, %2] [8, 1, 32, 256] [65536, 256, 2048, 1]) : (memref<2048x2048xbf16>)
        air.channel.put  @chan_b_l3l2[] (%arg8[0, 0, %2, %1] [1, 4, 256, 128] [524288, 128, 2048, 1]) : (memref<2048x2048xbf16>)
      }
      air.segment @matmul_seg  {
        %alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %alloc_2 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %alloc_3 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %c0_4 = arith.constant 0 : index
        %c1_5 = arith.constant 1 : index
        %c8_6 = arith.constant 8 : index
        %c4_7 = arith.constant 4 : index
        %c8_8 = arith.constant 8 : index
        %c4_9 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg10, %arg11) in (%arg12=%c8_8, %arg13=%c4_9) args(%arg14=%alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg14[%arg10, %arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %c0_10 = arith.constant 0 : index
        %c8_11 = arith.constant 8 : index
        %c1_12 = arith.constant 1 : index
        scf.for %arg10 = %c0_10 to %c8_11 step %c1_12 {
          air.channel.get  @chan_a_l3l2[] (%alloc[] [] []) : (memref<8x1x32x256xbf16, 1 : i32>)
          air.channel.get  @chan_b_l3l2[] (%alloc_1[] [] []) : (memref<1x4x256x128xbf16, 1 : i32>)
          %c0_15 = arith.constant 0 : index
          %c8_16 = arith.constant 8 : index
          %c1_17 = arith.constant 1 : index
          scf.for %arg11 = %c0_15 to %c8_16 step %c1_17 {
            %2 = affine.apply #map2()[%arg11]
            scf.parallel (%arg12) = (%c0_4) to (%c8_6) step (%c1_5) {
              air.channel.put  @chan_a_l2l1[%arg12, %c0_4] (%alloc[%arg12, 0, 0, 0, 0, %2] [1, 1, 4, 4, 8, 8] [8192, 8192, 8, 2048, 256, 1]) : (memref<8x1x32x256xbf16, 1 : i32>)
              scf.reduce 
            }
            scf.parallel (%arg12) = (%c0_4) to (%c4_7) step (%c1_5) {
              air.channel.put  @chan_b_l2l1[%c0_4, %arg12] (%alloc_1[0, %arg12, 0, 0, %2, 0] [1, 1, 16, 4, 8, 8] [131072, 32768, 8, 1024, 128, 1]) : (memref<1x4x256x128xbf16, 1 : i32>)
              scf.reduce 
            }
          }
          %c8_18 = arith.constant 8 : index
          %c4_19 = arith.constant 4 : index
          air.herd @herd_0  tile (%arg11, %arg12) in (%arg13=%c8_18, %arg14=%c4_19) args(%arg15=%alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
            %alloc_20 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %alloc_21 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %c0_22 = arith.constant 0 : index
            %c8_23 = arith.constant 8 : index
            %c1_24 = arith.constant 1 : index
            scf.for %arg16 = %c0_22 to %c8_23 step %c1_24 {
              air.channel.get  @chan_a_l2l1[%arg11, %arg12] (%alloc_20[] [] []) : (memref<1x1x4x4x8x8xbf16, 2 : i32>)
              air.channel.get  @chan_b_l2l1[%arg11, %arg12] (%alloc_21[] [] []) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
              %subview = memref.subview %arg15[%arg11, %arg12, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%alloc_20, %alloc_21, %subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %alloc_20 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %alloc_21 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %c8_13 = arith.constant 8 : index
        %c4_14 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg10, %arg11) in (%arg12=%c8_13, %arg13=%c4_14) args(%arg14=%alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %subview = memref.subview %arg14[%arg10, %arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %alloc_15 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%subview, %alloc_15) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.channel.put  @chan_c_l1l2[%arg10, %arg11] (%alloc_15[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %alloc_15 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        scf.parallel (%arg10, %arg11) = (%c0_4, %c0_4) to (%c8_6, %c4_7) step (%c1_5, %c1_5) {
          air.channel.get  @chan_c_l1l2[%arg10, %arg11] (%alloc_2[%arg10, %arg11, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
          scf.reduce 
        }
        air.channel.put  @chan_c_l2l3[] (%alloc_2[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %alloc_2 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %alloc_3 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
      air.channel.get  @chan_c_l2l3[] (%arg9[%0, %1] [256, 512] [2048, 1]) : (memref<2048x2048xbf16>)
    }
    return
  }
}

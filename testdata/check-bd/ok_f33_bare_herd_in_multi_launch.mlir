// check-bd: --air-runtime-loop-tiling-sizes 2,2
// The compiler kit accepts it (mlir-air e972f29): aircc's air-insert-launch-around-herd gives the bare herd its own launch (7 sequences).
// F33 (model doc §5, SKILL debug-multi-launch-merge H4): rms_gemms_rope with the RMSNorm herd left
// bare next to five launches: the compiler drops it silently and its output stays zero.
#rms_map = affine_map<()[s0, s1] -> (s0 + s1 * 256)>
#rms_map1 = affine_map<(d0) -> (d0)>
#q_map = affine_map<()[s0] -> (s0 * 256)>
#q_map1 = affine_map<()[s0] -> (s0 * 512)>
#q_map2 = affine_map<()[s0] -> (s0 * 256)>
#q_map3 = affine_map<()[s0] -> (s0 * 32)>
#k_map = affine_map<()[s0] -> (s0 * 256)>
#k_map1 = affine_map<()[s0] -> (s0 * 512)>
#k_map2 = affine_map<()[s0] -> (s0 * 256)>
#k_map3 = affine_map<()[s0] -> (s0 * 32)>
#v_map = affine_map<()[s0] -> (s0 * 256)>
#v_map1 = affine_map<()[s0] -> (s0 * 512)>
#v_map2 = affine_map<()[s0] -> (s0 * 256)>
#v_map3 = affine_map<()[s0] -> (s0 * 32)>
#rope_q_map = affine_map<()[s0, s1, s2] -> ((s0 + s1 * 8192 + s2 * 8192) * 64)>
#rope_k_map = affine_map<()[s0, s1, s2] -> ((s0 + s1 * 2048 + s2 * 2048) * 64)>
module {
  func.func private @zero_f32_mn(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @matmul_bf16_f32(memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @f32_to_bf16_mn(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @rope(memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) attributes {link_with = "rope.o", llvm.emit_c_interface}
  func.func @rms_gemms_rope(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048xbf16>, %arg2: memref<2048x2048xbf16>, %arg3: memref<2048x2048xbf16>, %arg4: memref<2048x2048xbf16>, %arg5: memref<2048x512xbf16>, %arg6: memref<2048x512xbf16>, %arg7: memref<2048x512xbf16>, %arg8: memref<2048x512xbf16>, %arg9: memref<4194304xbf16>, %arg10: memref<1048576xbf16>, %arg11: memref<2048x2048xbf16>, %arg12: memref<2048x512xbf16>) {
        %rms_c8 = arith.constant 8 : index
        %rms_c1 = arith.constant 1 : index
        air.herd @rms_herd_0  tile (%rms_arg3, %rms_arg4) in (%rms_arg5=%rms_c8, %rms_arg6=%rms_c1) args(%rms_arg7=%arg0, %rms_arg8=%arg1, %rms_arg9=%arg2) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
          %rms_alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          %rms_alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %rms_alloc_1 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %rms_alloc_2 = memref.alloc() : memref<16xf32, 2 : i32>
          %rms_alloc_3 = memref.alloc() : memref<16xbf16, 2 : i32>
          %rms_c0 = arith.constant 0 : index
          %rms_cst = arith.constant 0.000000e+00 : bf16
          %rms_cst_4 = arith.constant 0.000000e+00 : f32
          %rms_cst_5 = arith.constant 2.048000e+03 : f32
          %rms_cst_6 = arith.constant 9.99999974E-6 : f32
          %rms_0 = vector.broadcast %rms_cst_4 : f32 to vector<16xf32>
          %rms_c2048 = arith.constant 2048 : index
          %rms_c1_7 = arith.constant 1 : index
          air.dma_memcpy_nd (%rms_alloc_1[] [] [], %rms_arg8[%rms_c0] [%rms_c2048] [%rms_c1_7]) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16>)
          %rms_c256 = arith.constant 256 : index
          scf.for %rms_arg10 = %rms_c0 to %rms_c256 step %rms_c1_7 {
            %rms_1 = affine.apply #rms_map()[%rms_arg10, %rms_arg3]
            air.dma_memcpy_nd (%rms_alloc[] [] [], %rms_arg7[%rms_1, %rms_c0] [%rms_c1_7, %rms_c2048] [%rms_c2048, %rms_c1_7]) : (memref<2048xbf16, 2 : i32>, memref<2048x2048xbf16>)
            vector.transfer_write %rms_0, %rms_alloc_2[%rms_c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
            %rms_c16 = arith.constant 16 : index
            scf.for %rms_arg11 = %rms_c0 to %rms_c2048 step %rms_c16 {
              %rms_subview = memref.subview %rms_alloc[%rms_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %rms_5 = vector.transfer_read %rms_subview[%rms_c0], %rms_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %rms_6 = arith.mulf %rms_5, %rms_5 : vector<16xbf16>
              vector.transfer_write %rms_6, %rms_alloc_3[%rms_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
              %rms_7 = vector.transfer_read %rms_alloc_3[%rms_c0], %rms_cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
              %rms_8 = arith.extf %rms_7 : vector<16xbf16> to vector<16xf32>
              %rms_9 = vector.transfer_read %rms_alloc_2[%rms_c0], %rms_cst_4 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
              %rms_10 = arith.addf %rms_9, %rms_8 : vector<16xf32>
              vector.transfer_write %rms_10, %rms_alloc_2[%rms_c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
            }
            %rms_2 = vector.transfer_read %rms_alloc_2[%rms_c0], %rms_cst_4 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
            %rms_3 = vector.reduction <add>, %rms_2 : vector<16xf32> into f32
            %rms_4 = arith.divf %rms_3, %rms_cst_5 : f32
            %rms_11 = arith.addf %rms_4, %rms_cst_6 : f32
            %rms_12 = math.rsqrt %rms_11 : f32
            %rms_13 = arith.truncf %rms_12 : f32 to bf16
            %rms_14 = vector.broadcast %rms_13 : bf16 to vector<16xbf16>
            scf.for %rms_arg11 = %rms_c0 to %rms_c2048 step %rms_c16 {
              %rms_subview = memref.subview %rms_alloc[%rms_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %rms_subview_8 = memref.subview %rms_alloc_1[%rms_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %rms_subview_9 = memref.subview %rms_alloc_0[%rms_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %rms_15 = vector.transfer_read %rms_subview[%rms_c0], %rms_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %rms_16 = vector.transfer_read %rms_subview_8[%rms_c0], %rms_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %rms_17 = arith.mulf %rms_15, %rms_14 : vector<16xbf16>
              %rms_18 = arith.mulf %rms_17, %rms_16 : vector<16xbf16>
              vector.transfer_write %rms_18, %rms_subview_9[%rms_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            }
            air.dma_memcpy_nd (%rms_arg9[%rms_1, %rms_c0] [%rms_c1_7, %rms_c2048] [%rms_c2048, %rms_c1_7], %rms_alloc_0[] [] []) : (memref<2048x2048xbf16>, memref<2048xbf16, 2 : i32>)
          }
          memref.dealloc %rms_alloc : memref<2048xbf16, 2 : i32>
          memref.dealloc %rms_alloc_0 : memref<2048xbf16, 2 : i32>
          memref.dealloc %rms_alloc_1 : memref<2048xbf16, 2 : i32>
          memref.dealloc %rms_alloc_2 : memref<16xf32, 2 : i32>
          memref.dealloc %rms_alloc_3 : memref<16xbf16, 2 : i32>
        }
    %q_c8 = arith.constant 8 : index
    %q_c4_0 = arith.constant 4 : index
    air.launch (%q_arg3, %q_arg4) in (%q_arg5=%q_c8, %q_arg6=%q_c4_0) args(%q_arg7=%arg2, %q_arg8=%arg3, %q_arg9=%arg4) : memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
      air.segment @q_matmul_seg  args(%q_arg10=%q_arg3, %q_arg11=%q_arg4, %q_arg12=%q_arg7, %q_arg13=%q_arg8, %q_arg14=%q_arg9) : index, index, memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
        %q_c8_s = arith.constant 8 : index
        %q_c0 = arith.constant 0 : index
        %q_c1 = arith.constant 1 : index
        %q_c4 = arith.constant 4 : index
        %q_c16 = arith.constant 16 : index
        %q_c32 = arith.constant 32 : index
        %q_c128 = arith.constant 128 : index
        %q_c256 = arith.constant 256 : index
        %q_c2048 = arith.constant 2048 : index
        %q_c65536_a = arith.constant 65536 : index
        %q_c524288_b = arith.constant 524288 : index
        %q_c256_o = arith.constant 256 : index
        %q_c512_o = arith.constant 512 : index
        %q_c16384_o = arith.constant 16384 : index
        %q_c4096_o = arith.constant 4096 : index
        %q_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %q_alloc_1 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %q_alloc_2 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %q_alloc_3 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %q_0 = affine.apply #q_map()[%q_arg10]
        %q_1 = affine.apply #q_map1()[%q_arg11]
        air.herd @q_herd_0  tile (%q_arg15, %q_arg16) in (%q_arg17=%q_c8_s, %q_arg18=%q_c4) args(%q_arg19=%q_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm.o"} {
          %q_subview = memref.subview %q_arg19[%q_arg15, %q_arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn(%q_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        scf.for %q_arg20 = %q_c0 to %q_c8_s step %q_c1 {
          %q_2 = affine.apply #q_map2()[%q_arg20]
          air.dma_memcpy_nd (%q_alloc[] [] [], %q_arg12[%q_c0, %q_c0, %q_0, %q_2] [%q_c8_s, %q_c1, %q_c32, %q_c256] [%q_c65536_a, %q_c256, %q_c2048, %q_c1]) : (memref<8x1x32x256xbf16, 1 : i32>, memref<2048x2048xbf16>)
          air.dma_memcpy_nd (%q_alloc_1[] [] [], %q_arg13[%q_c0, %q_c0, %q_2, %q_1] [%q_c1, %q_c4, %q_c256, %q_c128] [%q_c524288_b, %q_c128, %q_c2048, %q_c1]) : (memref<1x4x256x128xbf16, 1 : i32>, memref<2048x2048xbf16>)
          air.herd @q_herd_0  tile (%q_arg21, %q_arg22) in (%q_arg23=%q_c8_s, %q_arg24=%q_c4) args(%q_arg25=%q_alloc_3, %q_arg26=%q_alloc, %q_arg27=%q_alloc_1) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
            %q_c0_h = arith.constant 0 : index
            %q_c1_h = arith.constant 1 : index
            %q_c4_h = arith.constant 4 : index
            %q_c8_h = arith.constant 8 : index
            %q_c16_h = arith.constant 16 : index
            %q_c32_h = arith.constant 32 : index
            %q_c8192_x = arith.constant 8192 : index
            %q_c2048_x = arith.constant 2048 : index
            %q_c256_x = arith.constant 256 : index
            %q_c131072_x = arith.constant 131072 : index
            %q_c32768_x = arith.constant 32768 : index
            %q_c1024_x = arith.constant 1024 : index
            %q_c128_x = arith.constant 128 : index
            %q_alloc_4 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %q_alloc_5 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            scf.for %q_arg28 = %q_c0_h to %q_c8_h step %q_c1_h {
              %q_3 = affine.apply #q_map3()[%q_arg28]
              air.dma_memcpy_nd (%q_alloc_4[] [] [], %q_arg26[%q_arg21, %q_c0_h, %q_c0_h, %q_c0_h, %q_c0_h, %q_3] [%q_c1_h, %q_c1_h, %q_c4_h, %q_c4_h, %q_c8_h, %q_c8_h] [%q_c8192_x, %q_c8192_x, %q_c8_h, %q_c2048_x, %q_c256_x, %q_c1_h]) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>)
              air.dma_memcpy_nd (%q_alloc_5[] [] [], %q_arg27[%q_c0_h, %q_arg22, %q_c0_h, %q_c0_h, %q_3, %q_c0_h] [%q_c1_h, %q_c1_h, %q_c16_h, %q_c4_h, %q_c8_h, %q_c8_h] [%q_c131072_x, %q_c32768_x, %q_c8_h, %q_c1024_x, %q_c128_x, %q_c1_h]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x256x128xbf16, 1 : i32>)
              %q_subview = memref.subview %q_arg25[%q_arg21, %q_arg22, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @matmul_bf16_f32(%q_alloc_4, %q_alloc_5, %q_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %q_alloc_4 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %q_alloc_5 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        air.herd @q_herd_0  tile (%q_arg36, %q_arg37) in (%q_arg38=%q_c8_s, %q_arg39=%q_c4) args(%q_arg40=%q_alloc_3, %q_arg41=%q_alloc, %q_arg42=%q_alloc_1, %q_arg43=%q_alloc_2) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32>, memref<8x4x32x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
          %q_c0_h = arith.constant 0 : index
          %q_c1_h = arith.constant 1 : index
          %q_c4_h = arith.constant 4 : index
          %q_c8_h = arith.constant 8 : index
          %q_c16_h = arith.constant 16 : index
          %q_c32_h = arith.constant 32 : index
          %q_c32_d = arith.constant 32 : index
          %q_c64_d = arith.constant 64 : index
          %q_c128_d = arith.constant 128 : index
          %q_c256_d = arith.constant 256 : index
          %q_c4096_d = arith.constant 4096 : index
          %q_c16384_d = arith.constant 16384 : index
          %q_subview_d = memref.subview %q_arg40[%q_arg36, %q_arg37, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %q_alloc_d = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn(%q_subview_d, %q_alloc_d) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%q_arg43[%q_arg36, %q_arg37, %q_c0_h, %q_c0_h] [%q_c1_h, %q_c1_h, %q_c32_d, %q_c128_d] [%q_c16384_d, %q_c4096_d, %q_c128_d, %q_c1_h], %q_alloc_d[%q_c0_h, %q_c0_h, %q_c0_h, %q_c0_h, %q_c0_h, %q_c0_h] [%q_c1_h, %q_c1_h, %q_c4_h, %q_c8_h, %q_c16_h, %q_c8_h] [%q_c4096_d, %q_c4096_d, %q_c64_d, %q_c8_h, %q_c256_d, %q_c1_h]) : (memref<8x4x32x128xbf16, 1 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %q_alloc_d : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%q_arg14[%q_0, %q_1] [%q_c256_o, %q_c512_o] [%q_c2048, %q_c1], %q_alloc_2[%q_c0, %q_c0, %q_c0, %q_c0] [%q_c8_s, %q_c32, %q_c4, %q_c128] [%q_c16384_o, %q_c128, %q_c4096_o, %q_c1]) : (memref<2048x2048xbf16>, memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %q_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %q_alloc_1 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %q_alloc_2 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %q_alloc_3 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
    }
    %k_c8 = arith.constant 8 : index
    %k_c1_0 = arith.constant 1 : index
    air.launch (%k_arg3, %k_arg4) in (%k_arg5=%k_c8, %k_arg6=%k_c1_0) args(%k_arg7=%arg2, %k_arg8=%arg5, %k_arg9=%arg6) : memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
      air.segment @k_matmul_seg  args(%k_arg10=%k_arg3, %k_arg11=%k_arg4, %k_arg12=%k_arg7, %k_arg13=%k_arg8, %k_arg14=%k_arg9) : index, index, memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
        %k_c8_s = arith.constant 8 : index
        %k_c0 = arith.constant 0 : index
        %k_c1 = arith.constant 1 : index
        %k_c4 = arith.constant 4 : index
        %k_c16 = arith.constant 16 : index
        %k_c32 = arith.constant 32 : index
        %k_c128 = arith.constant 128 : index
        %k_c256 = arith.constant 256 : index
        %k_c512 = arith.constant 512 : index
        %k_c2048 = arith.constant 2048 : index
        %k_c65536_a = arith.constant 65536 : index
        %k_c131072_b = arith.constant 131072 : index
        %k_c256_o = arith.constant 256 : index
        %k_c512_o = arith.constant 512 : index
        %k_c16384_o = arith.constant 16384 : index
        %k_c4096_o = arith.constant 4096 : index
        %k_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %k_alloc_1 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %k_alloc_2 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %k_alloc_3 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %k_0 = affine.apply #k_map()[%k_arg10]
        %k_1 = affine.apply #k_map1()[%k_arg11]
        air.herd @k_herd_0  tile (%k_arg15, %k_arg16) in (%k_arg17=%k_c8_s, %k_arg18=%k_c4) args(%k_arg19=%k_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm.o"} {
          %k_subview = memref.subview %k_arg19[%k_arg15, %k_arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn(%k_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        scf.for %k_arg20 = %k_c0 to %k_c8_s step %k_c1 {
          %k_2 = affine.apply #k_map2()[%k_arg20]
          air.dma_memcpy_nd (%k_alloc[] [] [], %k_arg12[%k_c0, %k_c0, %k_0, %k_2] [%k_c8_s, %k_c1, %k_c32, %k_c256] [%k_c65536_a, %k_c256, %k_c2048, %k_c1]) : (memref<8x1x32x256xbf16, 1 : i32>, memref<2048x2048xbf16>)
          air.dma_memcpy_nd (%k_alloc_1[] [] [], %k_arg13[%k_c0, %k_c0, %k_2, %k_1] [%k_c1, %k_c4, %k_c256, %k_c128] [%k_c131072_b, %k_c128, %k_c512, %k_c1]) : (memref<1x4x256x128xbf16, 1 : i32>, memref<2048x512xbf16>)
          air.herd @k_herd_0  tile (%k_arg21, %k_arg22) in (%k_arg23=%k_c8_s, %k_arg24=%k_c4) args(%k_arg25=%k_alloc_3, %k_arg26=%k_alloc, %k_arg27=%k_alloc_1) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
            %k_c0_h = arith.constant 0 : index
            %k_c1_h = arith.constant 1 : index
            %k_c4_h = arith.constant 4 : index
            %k_c8_h = arith.constant 8 : index
            %k_c16_h = arith.constant 16 : index
            %k_c32_h = arith.constant 32 : index
            %k_c8192_x = arith.constant 8192 : index
            %k_c2048_x = arith.constant 2048 : index
            %k_c256_x = arith.constant 256 : index
            %k_c131072_x = arith.constant 131072 : index
            %k_c32768_x = arith.constant 32768 : index
            %k_c1024_x = arith.constant 1024 : index
            %k_c128_x = arith.constant 128 : index
            %k_alloc_4 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %k_alloc_5 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            scf.for %k_arg28 = %k_c0_h to %k_c8_h step %k_c1_h {
              %k_3 = affine.apply #k_map3()[%k_arg28]
              air.dma_memcpy_nd (%k_alloc_4[] [] [], %k_arg26[%k_arg21, %k_c0_h, %k_c0_h, %k_c0_h, %k_c0_h, %k_3] [%k_c1_h, %k_c1_h, %k_c4_h, %k_c4_h, %k_c8_h, %k_c8_h] [%k_c8192_x, %k_c8192_x, %k_c8_h, %k_c2048_x, %k_c256_x, %k_c1_h]) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>)
              air.dma_memcpy_nd (%k_alloc_5[] [] [], %k_arg27[%k_c0_h, %k_arg22, %k_c0_h, %k_c0_h, %k_3, %k_c0_h] [%k_c1_h, %k_c1_h, %k_c16_h, %k_c4_h, %k_c8_h, %k_c8_h] [%k_c131072_x, %k_c32768_x, %k_c8_h, %k_c1024_x, %k_c128_x, %k_c1_h]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x256x128xbf16, 1 : i32>)
              %k_subview = memref.subview %k_arg25[%k_arg21, %k_arg22, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @matmul_bf16_f32(%k_alloc_4, %k_alloc_5, %k_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %k_alloc_4 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %k_alloc_5 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        air.herd @k_herd_0  tile (%k_arg36, %k_arg37) in (%k_arg38=%k_c8_s, %k_arg39=%k_c4) args(%k_arg40=%k_alloc_3, %k_arg41=%k_alloc, %k_arg42=%k_alloc_1, %k_arg43=%k_alloc_2) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32>, memref<8x4x32x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
          %k_c0_h = arith.constant 0 : index
          %k_c1_h = arith.constant 1 : index
          %k_c4_h = arith.constant 4 : index
          %k_c8_h = arith.constant 8 : index
          %k_c16_h = arith.constant 16 : index
          %k_c32_h = arith.constant 32 : index
          %k_c32_d = arith.constant 32 : index
          %k_c64_d = arith.constant 64 : index
          %k_c128_d = arith.constant 128 : index
          %k_c256_d = arith.constant 256 : index
          %k_c4096_d = arith.constant 4096 : index
          %k_c16384_d = arith.constant 16384 : index
          %k_subview_d = memref.subview %k_arg40[%k_arg36, %k_arg37, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %k_alloc_d = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn(%k_subview_d, %k_alloc_d) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%k_arg43[%k_arg36, %k_arg37, %k_c0_h, %k_c0_h] [%k_c1_h, %k_c1_h, %k_c32_d, %k_c128_d] [%k_c16384_d, %k_c4096_d, %k_c128_d, %k_c1_h], %k_alloc_d[%k_c0_h, %k_c0_h, %k_c0_h, %k_c0_h, %k_c0_h, %k_c0_h] [%k_c1_h, %k_c1_h, %k_c4_h, %k_c8_h, %k_c16_h, %k_c8_h] [%k_c4096_d, %k_c4096_d, %k_c64_d, %k_c8_h, %k_c256_d, %k_c1_h]) : (memref<8x4x32x128xbf16, 1 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %k_alloc_d : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%k_arg14[%k_0, %k_1] [%k_c256_o, %k_c512_o] [%k_c512, %k_c1], %k_alloc_2[%k_c0, %k_c0, %k_c0, %k_c0] [%k_c8_s, %k_c32, %k_c4, %k_c128] [%k_c16384_o, %k_c128, %k_c4096_o, %k_c1]) : (memref<2048x512xbf16>, memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %k_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %k_alloc_1 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %k_alloc_2 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %k_alloc_3 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
    }
    %v_c8 = arith.constant 8 : index
    %v_c1_0 = arith.constant 1 : index
    air.launch (%v_arg3, %v_arg4) in (%v_arg5=%v_c8, %v_arg6=%v_c1_0) args(%v_arg7=%arg2, %v_arg8=%arg7, %v_arg9=%arg8) : memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
      air.segment @v_matmul_seg  args(%v_arg10=%v_arg3, %v_arg11=%v_arg4, %v_arg12=%v_arg7, %v_arg13=%v_arg8, %v_arg14=%v_arg9) : index, index, memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
        %v_c8_s = arith.constant 8 : index
        %v_c0 = arith.constant 0 : index
        %v_c1 = arith.constant 1 : index
        %v_c4 = arith.constant 4 : index
        %v_c16 = arith.constant 16 : index
        %v_c32 = arith.constant 32 : index
        %v_c128 = arith.constant 128 : index
        %v_c256 = arith.constant 256 : index
        %v_c512 = arith.constant 512 : index
        %v_c2048 = arith.constant 2048 : index
        %v_c65536_a = arith.constant 65536 : index
        %v_c131072_b = arith.constant 131072 : index
        %v_c256_o = arith.constant 256 : index
        %v_c512_o = arith.constant 512 : index
        %v_c16384_o = arith.constant 16384 : index
        %v_c4096_o = arith.constant 4096 : index
        %v_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %v_alloc_1 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %v_alloc_2 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %v_alloc_3 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %v_0 = affine.apply #v_map()[%v_arg10]
        %v_1 = affine.apply #v_map1()[%v_arg11]
        air.herd @v_herd_0  tile (%v_arg15, %v_arg16) in (%v_arg17=%v_c8_s, %v_arg18=%v_c4) args(%v_arg19=%v_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm.o"} {
          %v_subview = memref.subview %v_arg19[%v_arg15, %v_arg16, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn(%v_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        scf.for %v_arg20 = %v_c0 to %v_c8_s step %v_c1 {
          %v_2 = affine.apply #v_map2()[%v_arg20]
          air.dma_memcpy_nd (%v_alloc[] [] [], %v_arg12[%v_c0, %v_c0, %v_0, %v_2] [%v_c8_s, %v_c1, %v_c32, %v_c256] [%v_c65536_a, %v_c256, %v_c2048, %v_c1]) : (memref<8x1x32x256xbf16, 1 : i32>, memref<2048x2048xbf16>)
          air.dma_memcpy_nd (%v_alloc_1[] [] [], %v_arg13[%v_c0, %v_c0, %v_2, %v_1] [%v_c1, %v_c4, %v_c256, %v_c128] [%v_c131072_b, %v_c128, %v_c512, %v_c1]) : (memref<1x4x256x128xbf16, 1 : i32>, memref<2048x512xbf16>)
          air.herd @v_herd_0  tile (%v_arg21, %v_arg22) in (%v_arg23=%v_c8_s, %v_arg24=%v_c4) args(%v_arg25=%v_alloc_3, %v_arg26=%v_alloc, %v_arg27=%v_alloc_1) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
            %v_c0_h = arith.constant 0 : index
            %v_c1_h = arith.constant 1 : index
            %v_c4_h = arith.constant 4 : index
            %v_c8_h = arith.constant 8 : index
            %v_c16_h = arith.constant 16 : index
            %v_c32_h = arith.constant 32 : index
            %v_c8192_x = arith.constant 8192 : index
            %v_c2048_x = arith.constant 2048 : index
            %v_c256_x = arith.constant 256 : index
            %v_c131072_x = arith.constant 131072 : index
            %v_c32768_x = arith.constant 32768 : index
            %v_c1024_x = arith.constant 1024 : index
            %v_c128_x = arith.constant 128 : index
            %v_alloc_4 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %v_alloc_5 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            scf.for %v_arg28 = %v_c0_h to %v_c8_h step %v_c1_h {
              %v_3 = affine.apply #v_map3()[%v_arg28]
              air.dma_memcpy_nd (%v_alloc_4[] [] [], %v_arg26[%v_arg21, %v_c0_h, %v_c0_h, %v_c0_h, %v_c0_h, %v_3] [%v_c1_h, %v_c1_h, %v_c4_h, %v_c4_h, %v_c8_h, %v_c8_h] [%v_c8192_x, %v_c8192_x, %v_c8_h, %v_c2048_x, %v_c256_x, %v_c1_h]) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>)
              air.dma_memcpy_nd (%v_alloc_5[] [] [], %v_arg27[%v_c0_h, %v_arg22, %v_c0_h, %v_c0_h, %v_3, %v_c0_h] [%v_c1_h, %v_c1_h, %v_c16_h, %v_c4_h, %v_c8_h, %v_c8_h] [%v_c131072_x, %v_c32768_x, %v_c8_h, %v_c1024_x, %v_c128_x, %v_c1_h]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x4x256x128xbf16, 1 : i32>)
              %v_subview = memref.subview %v_arg25[%v_arg21, %v_arg22, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @matmul_bf16_f32(%v_alloc_4, %v_alloc_5, %v_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %v_alloc_4 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %v_alloc_5 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        air.herd @v_herd_0  tile (%v_arg36, %v_arg37) in (%v_arg38=%v_c8_s, %v_arg39=%v_c4) args(%v_arg40=%v_alloc_3, %v_arg41=%v_alloc, %v_arg42=%v_alloc_1, %v_arg43=%v_alloc_2) : memref<8x4x16x4x8x8xf32, 2 : i32>, memref<8x1x32x256xbf16, 1 : i32>, memref<1x4x256x128xbf16, 1 : i32>, memref<8x4x32x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
          %v_c0_h = arith.constant 0 : index
          %v_c1_h = arith.constant 1 : index
          %v_c4_h = arith.constant 4 : index
          %v_c8_h = arith.constant 8 : index
          %v_c16_h = arith.constant 16 : index
          %v_c32_h = arith.constant 32 : index
          %v_c32_d = arith.constant 32 : index
          %v_c64_d = arith.constant 64 : index
          %v_c128_d = arith.constant 128 : index
          %v_c256_d = arith.constant 256 : index
          %v_c4096_d = arith.constant 4096 : index
          %v_c16384_d = arith.constant 16384 : index
          %v_subview_d = memref.subview %v_arg40[%v_arg36, %v_arg37, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %v_alloc_d = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn(%v_subview_d, %v_alloc_d) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%v_arg43[%v_arg36, %v_arg37, %v_c0_h, %v_c0_h] [%v_c1_h, %v_c1_h, %v_c32_d, %v_c128_d] [%v_c16384_d, %v_c4096_d, %v_c128_d, %v_c1_h], %v_alloc_d[%v_c0_h, %v_c0_h, %v_c0_h, %v_c0_h, %v_c0_h, %v_c0_h] [%v_c1_h, %v_c1_h, %v_c4_h, %v_c8_h, %v_c16_h, %v_c8_h] [%v_c4096_d, %v_c4096_d, %v_c64_d, %v_c8_h, %v_c256_d, %v_c1_h]) : (memref<8x4x32x128xbf16, 1 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %v_alloc_d : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        air.dma_memcpy_nd (%v_arg14[%v_0, %v_1] [%v_c256_o, %v_c512_o] [%v_c512, %v_c1], %v_alloc_2[%v_c0, %v_c0, %v_c0, %v_c0] [%v_c8_s, %v_c32, %v_c4, %v_c128] [%v_c16384_o, %v_c128, %v_c4096_o, %v_c1]) : (memref<2048x512xbf16>, memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %v_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %v_alloc_1 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %v_alloc_2 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %v_alloc_3 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
    }
    air.launch () in () args(%rope_q_arg3=%arg4, %rope_q_arg4=%arg9, %rope_q_arg5=%arg11) : memref<2048x2048xbf16>, memref<4194304xbf16>, memref<2048x2048xbf16> {
      %rope_q_collapse_shape = memref.collapse_shape %rope_q_arg3 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
      %rope_q_collapse_shape_0 = memref.collapse_shape %rope_q_arg5 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
      air.segment @rope_q_rope_seg  args(%rope_q_arg6=%rope_q_collapse_shape, %rope_q_arg7=%rope_q_arg4, %rope_q_arg8=%rope_q_collapse_shape_0) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> {
        %rope_q_c8 = arith.constant 8 : index
        %rope_q_c1 = arith.constant 1 : index
        air.herd @rope_q_rope_herd  tile (%rope_q_arg9, %rope_q_arg10) in (%rope_q_arg11=%rope_q_c8, %rope_q_arg12=%rope_q_c1) args(%rope_q_arg13=%rope_q_arg6, %rope_q_arg14=%rope_q_arg7, %rope_q_arg15=%rope_q_arg8) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {link_with = "rope.o"} {
          %rope_q_alloc = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_q_alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_q_alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_q_c64_i32 = arith.constant 64 : i32
          %rope_q_c0 = arith.constant 0 : index
          %rope_q_c8192 = arith.constant 8192 : index
          %rope_q_c1_3 = arith.constant 1 : index
          scf.for %rope_q_arg16 = %rope_q_c0 to %rope_q_c8192 step %rope_q_c1_3 {
            %rope_q_0 = affine.apply #rope_q_map()[%rope_q_arg16, %rope_q_arg9, %rope_q_arg10]
            %rope_q_c64 = arith.constant 64 : index
            air.dma_memcpy_nd (%rope_q_alloc[] [] [], %rope_q_arg13[%rope_q_0] [%rope_q_c64] [%rope_q_c1_3]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            air.dma_memcpy_nd (%rope_q_alloc_1[] [] [], %rope_q_arg14[%rope_q_0] [%rope_q_c64] [%rope_q_c1_3]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            func.call @rope(%rope_q_alloc, %rope_q_alloc_1, %rope_q_alloc_2, %rope_q_c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%rope_q_arg15[%rope_q_0] [%rope_q_c64] [%rope_q_c1_3], %rope_q_alloc_2[] [] []) : (memref<4194304xbf16>, memref<64xbf16, 2 : i32>)
          }
          memref.dealloc %rope_q_alloc : memref<64xbf16, 2 : i32>
          memref.dealloc %rope_q_alloc_1 : memref<64xbf16, 2 : i32>
          memref.dealloc %rope_q_alloc_2 : memref<64xbf16, 2 : i32>
        }
      }
    }
    air.launch () in () args(%rope_k_arg3=%arg6, %rope_k_arg4=%arg10, %rope_k_arg5=%arg12) : memref<2048x512xbf16>, memref<1048576xbf16>, memref<2048x512xbf16> {
      %rope_k_collapse_shape = memref.collapse_shape %rope_k_arg3 [[0, 1]] : memref<2048x512xbf16> into memref<1048576xbf16>
      %rope_k_collapse_shape_0 = memref.collapse_shape %rope_k_arg5 [[0, 1]] : memref<2048x512xbf16> into memref<1048576xbf16>
      air.segment @rope_k_rope_seg  args(%rope_k_arg6=%rope_k_collapse_shape, %rope_k_arg7=%rope_k_arg4, %rope_k_arg8=%rope_k_collapse_shape_0) : memref<1048576xbf16>, memref<1048576xbf16>, memref<1048576xbf16> {
        %rope_k_c8 = arith.constant 8 : index
        %rope_k_c1 = arith.constant 1 : index
        air.herd @rope_k_rope_herd  tile (%rope_k_arg9, %rope_k_arg10) in (%rope_k_arg11=%rope_k_c8, %rope_k_arg12=%rope_k_c1) args(%rope_k_arg13=%rope_k_arg6, %rope_k_arg14=%rope_k_arg7, %rope_k_arg15=%rope_k_arg8) : memref<1048576xbf16>, memref<1048576xbf16>, memref<1048576xbf16> attributes {link_with = "rope.o"} {
          %rope_k_alloc = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_k_alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_k_alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rope_k_c64_i32 = arith.constant 64 : i32
          %rope_k_c0 = arith.constant 0 : index
          %rope_k_c2048 = arith.constant 2048 : index
          %rope_k_c1_3 = arith.constant 1 : index
          scf.for %rope_k_arg16 = %rope_k_c0 to %rope_k_c2048 step %rope_k_c1_3 {
            %rope_k_0 = affine.apply #rope_k_map()[%rope_k_arg16, %rope_k_arg9, %rope_k_arg10]
            %rope_k_c64 = arith.constant 64 : index
            air.dma_memcpy_nd (%rope_k_alloc[] [] [], %rope_k_arg13[%rope_k_0] [%rope_k_c64] [%rope_k_c1_3]) : (memref<64xbf16, 2 : i32>, memref<1048576xbf16>)
            air.dma_memcpy_nd (%rope_k_alloc_1[] [] [], %rope_k_arg14[%rope_k_0] [%rope_k_c64] [%rope_k_c1_3]) : (memref<64xbf16, 2 : i32>, memref<1048576xbf16>)
            func.call @rope(%rope_k_alloc, %rope_k_alloc_1, %rope_k_alloc_2, %rope_k_c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%rope_k_arg15[%rope_k_0] [%rope_k_c64] [%rope_k_c1_3], %rope_k_alloc_2[] [] []) : (memref<1048576xbf16>, memref<64xbf16, 2 : i32>)
          }
          memref.dealloc %rope_k_alloc : memref<64xbf16, 2 : i32>
          memref.dealloc %rope_k_alloc_1 : memref<64xbf16, 2 : i32>
          memref.dealloc %rope_k_alloc_2 : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

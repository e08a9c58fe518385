#r_map = affine_map<()[s0, s1] -> (s0 + s1 * 256)>
#q_map = affine_map<()[s0] -> (s0 * 256)>
#q_map1 = affine_map<()[s0] -> (s0 * 512)>
#q_map2 = affine_map<()[s0] -> (s0 * 32)>
#rq_map = affine_map<()[s0, s1] -> ((s0 + s1 * 8192) * 64)>
#rk_map = affine_map<()[s0, s1] -> ((s0 + s1 * 2048) * 64)>
module {
  air.channel @q_chan_a_l3l2 [1, 1]
  air.channel @q_chan_b_l3l2 [1, 1]
  air.channel @q_chan_a_l2l1 [8, 1] {broadcast_shape = [8, 4]}
  air.channel @q_chan_b_l2l1 [1, 4] {broadcast_shape = [8, 4]}
  air.channel @q_chan_c_l1l2 [8, 4]
  air.channel @q_chan_c_l2l3 [1, 1]
  air.channel @k_chan_a_l3l2 [1, 1]
  air.channel @k_chan_b_l3l2 [1, 1]
  air.channel @k_chan_a_l2l1 [8, 1] {broadcast_shape = [8, 4]}
  air.channel @k_chan_b_l2l1 [1, 4] {broadcast_shape = [8, 4]}
  air.channel @k_chan_c_l1l2 [8, 4]
  air.channel @k_chan_c_l2l3 [1, 1]
  air.channel @v_chan_a_l3l2 [1, 1]
  air.channel @v_chan_b_l3l2 [1, 1]
  air.channel @v_chan_a_l2l1 [8, 1] {broadcast_shape = [8, 4]}
  air.channel @v_chan_b_l2l1 [1, 4] {broadcast_shape = [8, 4]}
  air.channel @v_chan_c_l1l2 [8, 4]
  air.channel @v_chan_c_l2l3 [1, 1]
  func.func private @zero_f32_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @op_has_no_registered_library_name_m32(memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @f32_to_bf16_mn_m32(memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) attributes {link_with = "mm_m32.o", llvm.emit_c_interface}
  func.func private @rope(memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) attributes {link_with = "rope.o", llvm.emit_c_interface}
  func.func @rms_gemms_rope(
    %arg0: memref<2048x2048xbf16>,
    %arg1: memref<2048xbf16>,
    %arg2: memref<2048x2048xbf16>,
    %arg3: memref<2048x2048xbf16>,
    %arg4: memref<2048x2048xbf16>,
    %arg5: memref<2048x512xbf16>,
    %arg6: memref<2048x512xbf16>,
    %arg7: memref<2048x512xbf16>,
    %arg8: memref<2048x512xbf16>,
    %arg9: memref<4194304xbf16>,
    %arg10: memref<1048576xbf16>,
    %arg11: memref<2048x2048xbf16>,
    %arg12: memref<2048x512xbf16>
  ) {
    // slice r: ../kernels/rmsnorm_2048x2048.mlir (@weighted_rms_norm)
    air.launch () in () args(%r_arg12=%arg0, %r_arg13=%arg1, %r_arg14=%arg2) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
      air.segment @r_weighted_rms_norm_seg args(%r_arg15=%r_arg12, %r_arg16=%r_arg13, %r_arg17=%r_arg14) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
        %r_c8 = arith.constant 8 : index
        %r_c1 = arith.constant 1 : index
        air.herd @r_herd_0  tile (%r_arg3, %r_arg4) in (%r_arg5=%r_c8, %r_arg6=%r_c1) args(%r_arg7=%r_arg15, %r_arg8=%r_arg16, %r_arg9=%r_arg17) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
          %r_alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          %r_alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %r_alloc_1 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %r_alloc_2 = memref.alloc() : memref<16xbf16, 2 : i32>
          %r_c0 = arith.constant 0 : index
          %r_cst = arith.constant 0.000000e+00 : bf16
          %r_cst_3 = arith.constant 2.048000e+03 : bf16
          %r_cst_4 = arith.constant 1.001358e-05 : bf16
          %r_0 = vector.broadcast %r_cst : bf16 to vector<16xbf16>
          air.dma_memcpy_nd (%r_alloc_1[] [] [], %r_arg8[0] [2048] [1]) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16>)
          %r_c0_5 = arith.constant 0 : index
          %r_c256 = arith.constant 256 : index
          %r_c1_6 = arith.constant 1 : index
          scf.for %r_arg10 = %r_c0_5 to %r_c256 step %r_c1_6 {
            %r_1 = affine.apply #r_map()[%r_arg10, %r_arg3]
            air.dma_memcpy_nd (%r_alloc[] [] [], %r_arg7[%r_1, 0] [1, 2048] [2048, 1]) : (memref<2048xbf16, 2 : i32>, memref<2048x2048xbf16>)
            vector.transfer_write %r_0, %r_alloc_2[%r_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
            %r_c0_7 = arith.constant 0 : index
            %r_c2048 = arith.constant 2048 : index
            %r_c16 = arith.constant 16 : index
            scf.for %r_arg11 = %r_c0_7 to %r_c2048 step %r_c16 {
              %r_subview = memref.subview %r_alloc[%r_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_subview_11 = memref.subview %r_alloc_0[%r_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_10 = vector.transfer_read %r_subview[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %r_11 = arith.mulf %r_10, %r_10 : vector<16xbf16>
              vector.transfer_write %r_11, %r_subview_11[%r_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_12 = vector.transfer_read %r_subview_11[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %r_13 = vector.transfer_read %r_alloc_2[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
              %r_14 = arith.addf %r_13, %r_12 : vector<16xbf16>
              vector.transfer_write %r_14, %r_alloc_2[%r_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
            }
            %r_2 = vector.transfer_read %r_alloc_2[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
            %r_3 = vector.reduction <add>, %r_2 : vector<16xbf16> into bf16
            %r_4 = arith.divf %r_3, %r_cst_3 : bf16
            %r_5 = arith.addf %r_4, %r_cst_4 : bf16
            %r_6 = arith.extf %r_5 : bf16 to f32
            %r_7 = math.rsqrt %r_6 : f32
            %r_8 = arith.truncf %r_7 : f32 to bf16
            %r_9 = vector.broadcast %r_8 : bf16 to vector<16xbf16>
            %r_c0_8 = arith.constant 0 : index
            %r_c2048_9 = arith.constant 2048 : index
            %r_c16_10 = arith.constant 16 : index
            scf.for %r_arg11 = %r_c0_8 to %r_c2048_9 step %r_c16_10 {
              %r_subview = memref.subview %r_alloc[%r_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_subview_11 = memref.subview %r_alloc_1[%r_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_subview_12 = memref.subview %r_alloc_0[%r_arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %r_10 = vector.transfer_read %r_subview[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %r_11 = vector.transfer_read %r_subview_11[%r_c0], %r_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %r_12 = arith.mulf %r_10, %r_9 : vector<16xbf16>
              %r_13 = arith.mulf %r_12, %r_11 : vector<16xbf16>
              vector.transfer_write %r_13, %r_subview_12[%r_c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            }
            air.dma_memcpy_nd (%r_arg9[%r_1, 0] [1, 2048] [2048, 1], %r_alloc_0[] [] []) : (memref<2048x2048xbf16>, memref<2048xbf16, 2 : i32>)
          }
          memref.dealloc %r_alloc : memref<2048xbf16, 2 : i32>
          memref.dealloc %r_alloc_0 : memref<2048xbf16, 2 : i32>
          memref.dealloc %r_alloc_1 : memref<2048xbf16, 2 : i32>
          memref.dealloc %r_alloc_2 : memref<16xbf16, 2 : i32>
        }
      }
    }
    // slice q: kernels/gemm_2048x2048x2048.mlir (@matmul_bf16)
    %q_c8 = arith.constant 8 : index
    %q_c4 = arith.constant 4 : index
    air.launch (%q_arg3, %q_arg4) in (%q_arg5=%q_c8, %q_arg6=%q_c4) args(%q_arg7=%arg2, %q_arg8=%arg3, %q_arg9=%arg4) : memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
      %q_0 = affine.apply #q_map()[%q_arg3]
      %q_1 = affine.apply #q_map1()[%q_arg4]
      %q_c0 = arith.constant 0 : index
      %q_c8_0 = arith.constant 8 : index
      %q_c1 = arith.constant 1 : index
      scf.for %q_arg10 = %q_c0 to %q_c8_0 step %q_c1 {
        %q_2 = affine.apply #q_map()[%q_arg10]
        air.channel.put  @q_chan_a_l3l2[] (%q_arg7[0, 0, %q_0, %q_2] [8, 1, 32, 256] [65536, 256, 2048, 1]) : (memref<2048x2048xbf16>)
        air.channel.put  @q_chan_b_l3l2[] (%q_arg8[0, 0, %q_2, %q_1] [1, 4, 256, 128] [524288, 128, 2048, 1]) : (memref<2048x2048xbf16>)
      }
      air.segment @q_matmul_seg  {
        %q_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %q_alloc_1 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %q_alloc_2 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %q_alloc_3 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %q_c0_4 = arith.constant 0 : index
        %q_c1_5 = arith.constant 1 : index
        %q_c8_6 = arith.constant 8 : index
        %q_c4_7 = arith.constant 4 : index
        %q_c8_8 = arith.constant 8 : index
        %q_c4_9 = arith.constant 4 : index
        air.herd @q_herd_0  tile (%q_arg10, %q_arg11) in (%q_arg12=%q_c8_8, %q_arg13=%q_c4_9) args(%q_arg14=%q_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %q_subview = memref.subview %q_arg14[%q_arg10, %q_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%q_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %q_c0_10 = arith.constant 0 : index
        %q_c8_11 = arith.constant 8 : index
        %q_c1_12 = arith.constant 1 : index
        scf.for %q_arg10 = %q_c0_10 to %q_c8_11 step %q_c1_12 {
          air.channel.get  @q_chan_a_l3l2[] (%q_alloc[] [] []) : (memref<8x1x32x256xbf16, 1 : i32>)
          air.channel.get  @q_chan_b_l3l2[] (%q_alloc_1[] [] []) : (memref<1x4x256x128xbf16, 1 : i32>)
          %q_c0_15 = arith.constant 0 : index
          %q_c8_16 = arith.constant 8 : index
          %q_c1_17 = arith.constant 1 : index
          scf.for %q_arg11 = %q_c0_15 to %q_c8_16 step %q_c1_17 {
            %q_2 = affine.apply #q_map2()[%q_arg11]
            scf.parallel (%q_arg12) = (%q_c0_4) to (%q_c8_6) step (%q_c1_5) {
              air.channel.put  @q_chan_a_l2l1[%q_arg12, %q_c0_4] (%q_alloc[%q_arg12, 0, 0, 0, 0, %q_2] [1, 1, 4, 4, 8, 8] [8192, 8192, 8, 2048, 256, 1]) : (memref<8x1x32x256xbf16, 1 : i32>)
              scf.reduce 
            }
            scf.parallel (%q_arg12) = (%q_c0_4) to (%q_c4_7) step (%q_c1_5) {
              air.channel.put  @q_chan_b_l2l1[%q_c0_4, %q_arg12] (%q_alloc_1[0, %q_arg12, 0, 0, %q_2, 0] [1, 1, 16, 4, 8, 8] [131072, 32768, 8, 1024, 128, 1]) : (memref<1x4x256x128xbf16, 1 : i32>)
              scf.reduce 
            }
          }
          %q_c8_18 = arith.constant 8 : index
          %q_c4_19 = arith.constant 4 : index
          air.herd @q_herd_0  tile (%q_arg11, %q_arg12) in (%q_arg13=%q_c8_18, %q_arg14=%q_c4_19) args(%q_arg15=%q_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
            %q_alloc_20 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %q_alloc_21 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %q_c0_22 = arith.constant 0 : index
            %q_c8_23 = arith.constant 8 : index
            %q_c1_24 = arith.constant 1 : index
            scf.for %q_arg16 = %q_c0_22 to %q_c8_23 step %q_c1_24 {
              air.channel.get  @q_chan_a_l2l1[%q_arg11, %q_arg12] (%q_alloc_20[] [] []) : (memref<1x1x4x4x8x8xbf16, 2 : i32>)
              air.channel.get  @q_chan_b_l2l1[%q_arg11, %q_arg12] (%q_alloc_21[] [] []) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
              %q_subview = memref.subview %q_arg15[%q_arg11, %q_arg12, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%q_alloc_20, %q_alloc_21, %q_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %q_alloc_20 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %q_alloc_21 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %q_c8_13 = arith.constant 8 : index
        %q_c4_14 = arith.constant 4 : index
        air.herd @q_herd_0  tile (%q_arg10, %q_arg11) in (%q_arg12=%q_c8_13, %q_arg13=%q_c4_14) args(%q_arg14=%q_alloc_3) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %q_subview = memref.subview %q_arg14[%q_arg10, %q_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %q_alloc_15 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%q_subview, %q_alloc_15) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.channel.put  @q_chan_c_l1l2[%q_arg10, %q_arg11] (%q_alloc_15[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %q_alloc_15 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        scf.parallel (%q_arg10, %q_arg11) = (%q_c0_4, %q_c0_4) to (%q_c8_6, %q_c4_7) step (%q_c1_5, %q_c1_5) {
          air.channel.get  @q_chan_c_l1l2[%q_arg10, %q_arg11] (%q_alloc_2[%q_arg10, %q_arg11, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
          scf.reduce 
        }
        air.channel.put  @q_chan_c_l2l3[] (%q_alloc_2[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %q_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %q_alloc_1 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %q_alloc_2 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %q_alloc_3 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
      air.channel.get  @q_chan_c_l2l3[] (%q_arg9[%q_0, %q_1] [256, 512] [2048, 1]) : (memref<2048x2048xbf16>)
    }
    // slice k: kernels/gemm_2048x2048x512.mlir (@matmul_bf16)
    %k_c8 = arith.constant 8 : index
    %k_c1 = arith.constant 1 : index
    air.launch (%k_arg3, %k_arg4) in (%k_arg5=%k_c8, %k_arg6=%k_c1) args(%k_arg7=%arg2, %k_arg8=%arg5, %k_arg9=%arg6) : memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
      %k_0 = affine.apply #q_map()[%k_arg3]
      %k_1 = affine.apply #q_map1()[%k_arg4]
      %k_c0 = arith.constant 0 : index
      %k_c8_0 = arith.constant 8 : index
      %k_c1_1 = arith.constant 1 : index
      scf.for %k_arg10 = %k_c0 to %k_c8_0 step %k_c1_1 {
        %k_2 = affine.apply #q_map()[%k_arg10]
        air.channel.put  @k_chan_a_l3l2[] (%k_arg7[0, 0, %k_0, %k_2] [8, 1, 32, 256] [65536, 256, 2048, 1]) : (memref<2048x2048xbf16>)
        air.channel.put  @k_chan_b_l3l2[] (%k_arg8[0, 0, %k_2, %k_1] [1, 4, 256, 128] [131072, 128, 512, 1]) : (memref<2048x512xbf16>)
      }
      air.segment @k_matmul_seg  {
        %k_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %k_alloc_2 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %k_alloc_3 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %k_alloc_4 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %k_c0_5 = arith.constant 0 : index
        %k_c1_6 = arith.constant 1 : index
        %k_c8_7 = arith.constant 8 : index
        %k_c4 = arith.constant 4 : index
        %k_c8_8 = arith.constant 8 : index
        %k_c4_9 = arith.constant 4 : index
        air.herd @k_herd_0  tile (%k_arg10, %k_arg11) in (%k_arg12=%k_c8_8, %k_arg13=%k_c4_9) args(%k_arg14=%k_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %k_subview = memref.subview %k_arg14[%k_arg10, %k_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%k_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %k_c0_10 = arith.constant 0 : index
        %k_c8_11 = arith.constant 8 : index
        %k_c1_12 = arith.constant 1 : index
        scf.for %k_arg10 = %k_c0_10 to %k_c8_11 step %k_c1_12 {
          air.channel.get  @k_chan_a_l3l2[] (%k_alloc[] [] []) : (memref<8x1x32x256xbf16, 1 : i32>)
          air.channel.get  @k_chan_b_l3l2[] (%k_alloc_2[] [] []) : (memref<1x4x256x128xbf16, 1 : i32>)
          %k_c0_15 = arith.constant 0 : index
          %k_c8_16 = arith.constant 8 : index
          %k_c1_17 = arith.constant 1 : index
          scf.for %k_arg11 = %k_c0_15 to %k_c8_16 step %k_c1_17 {
            %k_2 = affine.apply #q_map2()[%k_arg11]
            scf.parallel (%k_arg12) = (%k_c0_5) to (%k_c8_7) step (%k_c1_6) {
              air.channel.put  @k_chan_a_l2l1[%k_arg12, %k_c0_5] (%k_alloc[%k_arg12, 0, 0, 0, 0, %k_2] [1, 1, 4, 4, 8, 8] [8192, 8192, 8, 2048, 256, 1]) : (memref<8x1x32x256xbf16, 1 : i32>)
              scf.reduce 
            }
            scf.parallel (%k_arg12) = (%k_c0_5) to (%k_c4) step (%k_c1_6) {
              air.channel.put  @k_chan_b_l2l1[%k_c0_5, %k_arg12] (%k_alloc_2[0, %k_arg12, 0, 0, %k_2, 0] [1, 1, 16, 4, 8, 8] [131072, 32768, 8, 1024, 128, 1]) : (memref<1x4x256x128xbf16, 1 : i32>)
              scf.reduce 
            }
          }
          %k_c8_18 = arith.constant 8 : index
          %k_c4_19 = arith.constant 4 : index
          air.herd @k_herd_0  tile (%k_arg11, %k_arg12) in (%k_arg13=%k_c8_18, %k_arg14=%k_c4_19) args(%k_arg15=%k_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
            %k_alloc_20 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %k_alloc_21 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %k_c0_22 = arith.constant 0 : index
            %k_c8_23 = arith.constant 8 : index
            %k_c1_24 = arith.constant 1 : index
            scf.for %k_arg16 = %k_c0_22 to %k_c8_23 step %k_c1_24 {
              air.channel.get  @k_chan_a_l2l1[%k_arg11, %k_arg12] (%k_alloc_20[] [] []) : (memref<1x1x4x4x8x8xbf16, 2 : i32>)
              air.channel.get  @k_chan_b_l2l1[%k_arg11, %k_arg12] (%k_alloc_21[] [] []) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
              %k_subview = memref.subview %k_arg15[%k_arg11, %k_arg12, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%k_alloc_20, %k_alloc_21, %k_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %k_alloc_20 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %k_alloc_21 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %k_c8_13 = arith.constant 8 : index
        %k_c4_14 = arith.constant 4 : index
        air.herd @k_herd_0  tile (%k_arg10, %k_arg11) in (%k_arg12=%k_c8_13, %k_arg13=%k_c4_14) args(%k_arg14=%k_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %k_subview = memref.subview %k_arg14[%k_arg10, %k_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %k_alloc_15 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%k_subview, %k_alloc_15) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.channel.put  @k_chan_c_l1l2[%k_arg10, %k_arg11] (%k_alloc_15[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %k_alloc_15 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        scf.parallel (%k_arg10, %k_arg11) = (%k_c0_5, %k_c0_5) to (%k_c8_7, %k_c4) step (%k_c1_6, %k_c1_6) {
          air.channel.get  @k_chan_c_l1l2[%k_arg10, %k_arg11] (%k_alloc_3[%k_arg10, %k_arg11, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
          scf.reduce 
        }
        air.channel.put  @k_chan_c_l2l3[] (%k_alloc_3[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %k_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %k_alloc_2 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %k_alloc_3 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %k_alloc_4 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
      air.channel.get  @k_chan_c_l2l3[] (%k_arg9[%k_0, %k_1] [256, 512] [512, 1]) : (memref<2048x512xbf16>)
    }
    // slice v: kernels/gemm_2048x2048x512.mlir (@matmul_bf16)
    %v_c8 = arith.constant 8 : index
    %v_c1 = arith.constant 1 : index
    air.launch (%v_arg3, %v_arg4) in (%v_arg5=%v_c8, %v_arg6=%v_c1) args(%v_arg7=%arg2, %v_arg8=%arg7, %v_arg9=%arg8) : memref<2048x2048xbf16>, memref<2048x512xbf16>, memref<2048x512xbf16> {
      %v_0 = affine.apply #q_map()[%v_arg3]
      %v_1 = affine.apply #q_map1()[%v_arg4]
      %v_c0 = arith.constant 0 : index
      %v_c8_0 = arith.constant 8 : index
      %v_c1_1 = arith.constant 1 : index
      scf.for %v_arg10 = %v_c0 to %v_c8_0 step %v_c1_1 {
        %v_2 = affine.apply #q_map()[%v_arg10]
        air.channel.put  @v_chan_a_l3l2[] (%v_arg7[0, 0, %v_0, %v_2] [8, 1, 32, 256] [65536, 256, 2048, 1]) : (memref<2048x2048xbf16>)
        air.channel.put  @v_chan_b_l3l2[] (%v_arg8[0, 0, %v_2, %v_1] [1, 4, 256, 128] [131072, 128, 512, 1]) : (memref<2048x512xbf16>)
      }
      air.segment @v_matmul_seg  {
        %v_alloc = memref.alloc() : memref<8x1x32x256xbf16, 1 : i32>
        %v_alloc_2 = memref.alloc() : memref<1x4x256x128xbf16, 1 : i32>
        %v_alloc_3 = memref.alloc() : memref<8x4x32x128xbf16, 1 : i32>
        %v_alloc_4 = memref.alloc() : memref<8x4x16x4x8x8xf32, 2 : i32>
        %v_c0_5 = arith.constant 0 : index
        %v_c1_6 = arith.constant 1 : index
        %v_c8_7 = arith.constant 8 : index
        %v_c4 = arith.constant 4 : index
        %v_c8_8 = arith.constant 8 : index
        %v_c4_9 = arith.constant 4 : index
        air.herd @v_herd_0  tile (%v_arg10, %v_arg11) in (%v_arg12=%v_c8_8, %v_arg13=%v_c4_9) args(%v_arg14=%v_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %v_subview = memref.subview %v_arg14[%v_arg10, %v_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          func.call @zero_f32_mn_m32(%v_subview) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
        }
        %v_c0_10 = arith.constant 0 : index
        %v_c8_11 = arith.constant 8 : index
        %v_c1_12 = arith.constant 1 : index
        scf.for %v_arg10 = %v_c0_10 to %v_c8_11 step %v_c1_12 {
          air.channel.get  @v_chan_a_l3l2[] (%v_alloc[] [] []) : (memref<8x1x32x256xbf16, 1 : i32>)
          air.channel.get  @v_chan_b_l3l2[] (%v_alloc_2[] [] []) : (memref<1x4x256x128xbf16, 1 : i32>)
          %v_c0_15 = arith.constant 0 : index
          %v_c8_16 = arith.constant 8 : index
          %v_c1_17 = arith.constant 1 : index
          scf.for %v_arg11 = %v_c0_15 to %v_c8_16 step %v_c1_17 {
            %v_2 = affine.apply #q_map2()[%v_arg11]
            scf.parallel (%v_arg12) = (%v_c0_5) to (%v_c8_7) step (%v_c1_6) {
              air.channel.put  @v_chan_a_l2l1[%v_arg12, %v_c0_5] (%v_alloc[%v_arg12, 0, 0, 0, 0, %v_2] [1, 1, 4, 4, 8, 8] [8192, 8192, 8, 2048, 256, 1]) : (memref<8x1x32x256xbf16, 1 : i32>)
              scf.reduce 
            }
            scf.parallel (%v_arg12) = (%v_c0_5) to (%v_c4) step (%v_c1_6) {
              air.channel.put  @v_chan_b_l2l1[%v_c0_5, %v_arg12] (%v_alloc_2[0, %v_arg12, 0, 0, %v_2, 0] [1, 1, 16, 4, 8, 8] [131072, 32768, 8, 1024, 128, 1]) : (memref<1x4x256x128xbf16, 1 : i32>)
              scf.reduce 
            }
          }
          %v_c8_18 = arith.constant 8 : index
          %v_c4_19 = arith.constant 4 : index
          air.herd @v_herd_0  tile (%v_arg11, %v_arg12) in (%v_arg13=%v_c8_18, %v_arg14=%v_c4_19) args(%v_arg15=%v_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
            %v_alloc_20 = memref.alloc() : memref<1x1x4x4x8x8xbf16, 2 : i32>
            %v_alloc_21 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
            %v_c0_22 = arith.constant 0 : index
            %v_c8_23 = arith.constant 8 : index
            %v_c1_24 = arith.constant 1 : index
            scf.for %v_arg16 = %v_c0_22 to %v_c8_23 step %v_c1_24 {
              air.channel.get  @v_chan_a_l2l1[%v_arg11, %v_arg12] (%v_alloc_20[] [] []) : (memref<1x1x4x4x8x8xbf16, 2 : i32>)
              air.channel.get  @v_chan_b_l2l1[%v_arg11, %v_arg12] (%v_alloc_21[] [] []) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
              %v_subview = memref.subview %v_arg15[%v_arg11, %v_arg12, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
              func.call @op_has_no_registered_library_name_m32(%v_alloc_20, %v_alloc_21, %v_subview) : (memref<1x1x4x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>, memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>) -> ()
            }
            memref.dealloc %v_alloc_20 : memref<1x1x4x4x8x8xbf16, 2 : i32>
            memref.dealloc %v_alloc_21 : memref<1x1x16x4x8x8xbf16, 2 : i32>
          }
        }
        %v_c8_13 = arith.constant 8 : index
        %v_c4_14 = arith.constant 4 : index
        air.herd @v_herd_0  tile (%v_arg10, %v_arg11) in (%v_arg12=%v_c8_13, %v_arg13=%v_c4_14) args(%v_arg14=%v_alloc_4) : memref<8x4x16x4x8x8xf32, 2 : i32> attributes {link_with = "mm_m32.o"} {
          %v_subview = memref.subview %v_arg14[%v_arg10, %v_arg11, 0, 0, 0, 0] [1, 1, 16, 4, 8, 8] [1, 1, 1, 1, 1, 1] : memref<8x4x16x4x8x8xf32, 2 : i32> to memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>
          %v_alloc_15 = memref.alloc() : memref<1x1x16x4x8x8xbf16, 2 : i32>
          func.call @f32_to_bf16_mn_m32(%v_subview, %v_alloc_15) : (memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>, memref<1x1x16x4x8x8xbf16, 2 : i32>) -> ()
          air.channel.put  @v_chan_c_l1l2[%v_arg10, %v_arg11] (%v_alloc_15[0, 0, 0, 0, 0, 0] [1, 1, 4, 8, 16, 8] [4096, 4096, 64, 8, 256, 1]) : (memref<1x1x16x4x8x8xbf16, 2 : i32>)
          memref.dealloc %v_alloc_15 : memref<1x1x16x4x8x8xbf16, 2 : i32>
        }
        scf.parallel (%v_arg10, %v_arg11) = (%v_c0_5, %v_c0_5) to (%v_c8_7, %v_c4) step (%v_c1_6, %v_c1_6) {
          air.channel.get  @v_chan_c_l1l2[%v_arg10, %v_arg11] (%v_alloc_3[%v_arg10, %v_arg11, 0, 0] [1, 1, 32, 128] [16384, 4096, 128, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
          scf.reduce 
        }
        air.channel.put  @v_chan_c_l2l3[] (%v_alloc_3[0, 0, 0, 0] [8, 32, 4, 128] [16384, 128, 4096, 1]) : (memref<8x4x32x128xbf16, 1 : i32>)
        memref.dealloc %v_alloc : memref<8x1x32x256xbf16, 1 : i32>
        memref.dealloc %v_alloc_2 : memref<1x4x256x128xbf16, 1 : i32>
        memref.dealloc %v_alloc_3 : memref<8x4x32x128xbf16, 1 : i32>
        memref.dealloc %v_alloc_4 : memref<8x4x16x4x8x8xf32, 2 : i32>
      }
      air.channel.get  @v_chan_c_l2l3[] (%v_arg9[%v_0, %v_1] [256, 512] [512, 1]) : (memref<2048x512xbf16>)
    }
    // slice rq: kernels/rope_2048x2048.mlir (@rope_2d)
    air.launch () in () args(%rq_arg11=%arg4, %rq_arg12=%arg9, %rq_arg13=%arg11) : memref<2048x2048xbf16>, memref<4194304xbf16>, memref<2048x2048xbf16> {
      air.segment @rq_rope_2d_seg args(%rq_arg14=%rq_arg11, %rq_arg15=%rq_arg12, %rq_arg16=%rq_arg13) : memref<2048x2048xbf16>, memref<4194304xbf16>, memref<2048x2048xbf16> {
        %rq_collapse_shape = memref.collapse_shape %rq_arg14 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
        %rq_collapse_shape_0 = memref.collapse_shape %rq_arg16 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
        %rq_c8 = arith.constant 8 : index
        %rq_c1 = arith.constant 1 : index
        air.herd @rq_herd_0  tile (%rq_arg3, %rq_arg4) in (%rq_arg5=%rq_c8, %rq_arg6=%rq_c1) args(%rq_arg7=%rq_collapse_shape, %rq_arg8=%rq_arg15, %rq_arg9=%rq_collapse_shape_0) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {link_with = "rope.o"} {
          %rq_alloc = memref.alloc() : memref<64xbf16, 2 : i32>
          %rq_alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rq_alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rq_c64_i32 = arith.constant 64 : i32
          %rq_c0 = arith.constant 0 : index
          %rq_c8192 = arith.constant 8192 : index
          %rq_c1_3 = arith.constant 1 : index
          scf.for %rq_arg10 = %rq_c0 to %rq_c8192 step %rq_c1_3 {
            %rq_0 = affine.apply #rq_map()[%rq_arg10, %rq_arg3]
            air.dma_memcpy_nd (%rq_alloc[] [] [], %rq_arg7[%rq_0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            air.dma_memcpy_nd (%rq_alloc_1[] [] [], %rq_arg8[%rq_0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
            func.call @rope(%rq_alloc, %rq_alloc_1, %rq_alloc_2, %rq_c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%rq_arg9[%rq_0] [64] [1], %rq_alloc_2[] [] []) : (memref<4194304xbf16>, memref<64xbf16, 2 : i32>)
          }
          memref.dealloc %rq_alloc : memref<64xbf16, 2 : i32>
          memref.dealloc %rq_alloc_1 : memref<64xbf16, 2 : i32>
          memref.dealloc %rq_alloc_2 : memref<64xbf16, 2 : i32>
        }
      }
    }
    // slice rk: kernels/rope_2048x512.mlir (@rope_2d)
    air.launch () in () args(%rk_arg11=%arg6, %rk_arg12=%arg10, %rk_arg13=%arg12) : memref<2048x512xbf16>, memref<1048576xbf16>, memref<2048x512xbf16> {
      air.segment @rk_rope_2d_seg args(%rk_arg14=%rk_arg11, %rk_arg15=%rk_arg12, %rk_arg16=%rk_arg13) : memref<2048x512xbf16>, memref<1048576xbf16>, memref<2048x512xbf16> {
        %rk_collapse_shape = memref.collapse_shape %rk_arg14 [[0, 1]] : memref<2048x512xbf16> into memref<1048576xbf16>
        %rk_collapse_shape_0 = memref.collapse_shape %rk_arg16 [[0, 1]] : memref<2048x512xbf16> into memref<1048576xbf16>
        %rk_c8 = arith.constant 8 : index
        %rk_c1 = arith.constant 1 : index
        air.herd @rk_herd_0  tile (%rk_arg3, %rk_arg4) in (%rk_arg5=%rk_c8, %rk_arg6=%rk_c1) args(%rk_arg7=%rk_collapse_shape, %rk_arg8=%rk_arg15, %rk_arg9=%rk_collapse_shape_0) : memref<1048576xbf16>, memref<1048576xbf16>, memref<1048576xbf16> attributes {link_with = "rope.o"} {
          %rk_alloc = memref.alloc() : memref<64xbf16, 2 : i32>
          %rk_alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rk_alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
          %rk_c64_i32 = arith.constant 64 : i32
          %rk_c0 = arith.constant 0 : index
          %rk_c2048 = arith.constant 2048 : index
          %rk_c1_3 = arith.constant 1 : index
          scf.for %rk_arg10 = %rk_c0 to %rk_c2048 step %rk_c1_3 {
            %rk_0 = affine.apply #rk_map()[%rk_arg10, %rk_arg3]
            air.dma_memcpy_nd (%rk_alloc[] [] [], %rk_arg7[%rk_0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<1048576xbf16>)
            air.dma_memcpy_nd (%rk_alloc_1[] [] [], %rk_arg8[%rk_0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<1048576xbf16>)
            func.call @rope(%rk_alloc, %rk_alloc_1, %rk_alloc_2, %rk_c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
            air.dma_memcpy_nd (%rk_arg9[%rk_0] [64] [1], %rk_alloc_2[] [] []) : (memref<1048576xbf16>, memref<64xbf16, 2 : i32>)
          }
          memref.dealloc %rk_alloc : memref<64xbf16, 2 : i32>
          memref.dealloc %rk_alloc_1 : memref<64xbf16, 2 : i32>
          memref.dealloc %rk_alloc_2 : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

// The merge of testdata/plans/o_gemv_ffn.toml (air-stitch merge --plan testdata/plans/o_gemv_ffn.toml), shipped for
// the examples of `roles` and `graph`; crates/cli/tests/roles.rs checks that it is still that merge.
#s2_map = affine_map<()[s0] -> (s0 * 256)>
#s2_map1 = affine_map<()[s0] -> (s0)>
#s2_map2 = affine_map<()[s0] -> (s0 + 32)>
#s2_map3 = affine_map<()[s0] -> (s0 + 64)>
#s2_map4 = affine_map<()[s0] -> (s0 + 96)>
#s2_map5 = affine_map<()[s0] -> (s0 + 128)>
#s2_map6 = affine_map<()[s0] -> (s0 + 160)>
#s2_map7 = affine_map<()[s0] -> (s0 + 192)>
#s2_map8 = affine_map<()[s0] -> (s0 + 224)>
#s2_map9 = affine_map<()[s0] -> (s0 * 512)>
#s2_map10 = affine_map<(d0, d1) -> (d1)>
#s2_map11 = affine_map<()[s0] -> (s0 * 4)>
#s2_map12 = affine_map<()[s0, s1] -> (s0 + s1)>
#s2_map13 = affine_map<()[s0] -> (s0 * 2)>
#s2_map14 = affine_map<()[s0] -> (s0 * 2 + 1)>
#s2_map15 = affine_map<()[s0] -> (s0 * 128)>
module {
  air.channel @s1_memA [8]
  air.channel @s1_inA [8]
  air.channel @s1_inB [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @s1_inR [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @s1_partial_cas [8] {channel_type = "npu_cascade"}
  air.channel @s1_outD [8]
  air.channel @s2_ar_L3toL2 [8]
  air.channel @s2_ar_L2toL1 [8, 4]
  air.channel @s2_chan_cascade [8, 3] {channel_type = "npu_cascade"}
  air.channel @s3_memA [8]
  air.channel @s3_inA [8]
  air.channel @s3_inB [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @s3_inR [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @s3_partial_cas [8] {channel_type = "npu_cascade"}
  air.channel @s3_outD [8]
  func.func private @zero_vectorized_bf16(memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func private @matvec_vectorized_bf16(memref<4096xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func private @partial_plus_r_bf16(memref<8xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32, memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func @o_gemv_ffn(
    %arg0: memref<2048x2048xbf16>,  // (weight)
    %arg1: memref<2048xbf16>,  // (activation)
    %arg2: memref<2048xbf16>,
    %arg3: memref<2048xbf16>,  // (activation)
    %arg4: memref<2048xbf16>,
    %arg5: memref<2048xbf16>,
    %arg6: memref<2x2048xbf16>,  // (weight)
    %arg7: memref<16384x2048xbf16>,  // (weight)
    %arg8: memref<8192xbf16>,
    %arg9: memref<8192x2048xbf16>,
    %arg10: memref<8192xbf16>,
    %arg11: memref<8192xbf16>,
    %arg12: memref<2048x8192xbf16>,  // (weight)
    %arg13: memref<2048xbf16>,
    %arg14: memref<2048xbf16>
  ) {
    %arg6_row0_strided = memref.subview %arg6[0, 0] [1, 2048] [1, 1]
        : memref<2x2048xbf16> to memref<2048xbf16, strided<[1]>>
    %arg6_row0 = memref.cast %arg6_row0_strided
        : memref<2048xbf16, strided<[1]>> to memref<2048xbf16>
    // slice s1: ../kernels/matvec_2tile_add_2048x2048.mlir (@matvec_2tile_add)
    %s1_c1 = arith.constant 1 : index
    %s1_c1_0 = arith.constant 1 : index
    air.launch (%s1_arg4, %s1_arg5) in (%s1_arg6=%s1_c1, %s1_arg7=%s1_c1_0) args(%s1_arg8=%arg0, %s1_arg9=%arg1, %s1_arg10=%arg3, %s1_arg11=%arg6_row0) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16> {
      %s1_c0 = arith.constant 0 : index
      air.channel.put  @s1_memA[%s1_c0] (%s1_arg8[0, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c1_1 = arith.constant 1 : index
      air.channel.put  @s1_memA[%s1_c1_1] (%s1_arg8[32, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c2 = arith.constant 2 : index
      air.channel.put  @s1_memA[%s1_c2] (%s1_arg8[64, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c3 = arith.constant 3 : index
      air.channel.put  @s1_memA[%s1_c3] (%s1_arg8[96, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c4 = arith.constant 4 : index
      air.channel.put  @s1_memA[%s1_c4] (%s1_arg8[128, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c5 = arith.constant 5 : index
      air.channel.put  @s1_memA[%s1_c5] (%s1_arg8[160, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c6 = arith.constant 6 : index
      air.channel.put  @s1_memA[%s1_c6] (%s1_arg8[192, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      %s1_c7 = arith.constant 7 : index
      air.channel.put  @s1_memA[%s1_c7] (%s1_arg8[224, 0, 0, 0] [32, 4, 8, 512] [16384, 512, 2048, 1]) : (memref<2048x2048xbf16>)
      air.channel.put  @s1_inB[] (%s1_arg9[0, 0, 0] [32, 4, 512] [0, 512, 1]) : (memref<2048xbf16>)
      air.channel.put  @s1_inR[] (%s1_arg10[0] [2048] [1]) : (memref<2048xbf16>)
      air.segment @s1_seg  {
        %s1_c0_10 = arith.constant 0 : index
        %s1_c0_11 = arith.constant 0 : index
        %s1_c128 = arith.constant 128 : index
        %s1_c1_12 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_11 to %s1_c128 step %s1_c1_12 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c0_10] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c0_10] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c1_13 = arith.constant 1 : index
        %s1_c0_14 = arith.constant 0 : index
        %s1_c128_15 = arith.constant 128 : index
        %s1_c1_16 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_14 to %s1_c128_15 step %s1_c1_16 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c1_13] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c1_13] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c2_17 = arith.constant 2 : index
        %s1_c0_18 = arith.constant 0 : index
        %s1_c128_19 = arith.constant 128 : index
        %s1_c1_20 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_18 to %s1_c128_19 step %s1_c1_20 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c2_17] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c2_17] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c3_21 = arith.constant 3 : index
        %s1_c0_22 = arith.constant 0 : index
        %s1_c128_23 = arith.constant 128 : index
        %s1_c1_24 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_22 to %s1_c128_23 step %s1_c1_24 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c3_21] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c3_21] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c4_25 = arith.constant 4 : index
        %s1_c0_26 = arith.constant 0 : index
        %s1_c128_27 = arith.constant 128 : index
        %s1_c1_28 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_26 to %s1_c128_27 step %s1_c1_28 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c4_25] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c4_25] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c5_29 = arith.constant 5 : index
        %s1_c0_30 = arith.constant 0 : index
        %s1_c128_31 = arith.constant 128 : index
        %s1_c1_32 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_30 to %s1_c128_31 step %s1_c1_32 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c5_29] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c5_29] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c6_33 = arith.constant 6 : index
        %s1_c0_34 = arith.constant 0 : index
        %s1_c128_35 = arith.constant 128 : index
        %s1_c1_36 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_34 to %s1_c128_35 step %s1_c1_36 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c6_33] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c6_33] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c7_37 = arith.constant 7 : index
        %s1_c0_38 = arith.constant 0 : index
        %s1_c128_39 = arith.constant 128 : index
        %s1_c1_40 = arith.constant 1 : index
        scf.for %s1_arg12 = %s1_c0_38 to %s1_c128_39 step %s1_c1_40 {
          %s1_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s1_memA[%s1_c7_37] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s1_inA[%s1_c7_37] (%s1_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s1_alloc : memref<4096xbf16, 1 : i32>
        }
        %s1_c8 = arith.constant 8 : index
        %s1_c1_41 = arith.constant 1 : index
        air.herd @s1_matvec_h  tile (%s1_arg12, %s1_arg13) in (%s1_arg14=%s1_c8, %s1_arg15=%s1_c1_41) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 3 : i64} {
          %s1_c0_44 = arith.constant 0 : index
          %s1_c32 = arith.constant 32 : index
          %s1_c1_45 = arith.constant 1 : index
          scf.for %s1_arg16 = %s1_c0_44 to %s1_c32 step %s1_c1_45 {
            %s1_alloc = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %s1_subview = memref.subview %s1_alloc[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %s1_cast = memref.cast %s1_subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            func.call @zero_vectorized_bf16(%s1_cast) : (memref<8xbf16, 2 : i32>) -> ()
            %s1_c0_46 = arith.constant 0 : index
            %s1_c4_47 = arith.constant 4 : index
            %s1_c1_48 = arith.constant 1 : index
            scf.for %s1_arg17 = %s1_c0_46 to %s1_c4_47 step %s1_c1_48 {
              %s1_alloc_49 = memref.alloc() : memref<512xbf16, 2 : i32>
              air.channel.get  @s1_inB[%s1_arg12, %s1_arg13] (%s1_alloc_49[] [] []) : (memref<512xbf16, 2 : i32>)
              %s1_alloc_50 = memref.alloc() : memref<4096xbf16, 2 : i32>
              air.channel.get  @s1_inA[%s1_arg12] (%s1_alloc_50[] [] []) : (memref<4096xbf16, 2 : i32>)
              func.call @matvec_vectorized_bf16(%s1_alloc_50, %s1_alloc_49, %s1_cast) : (memref<4096xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
              memref.dealloc %s1_alloc_50 : memref<4096xbf16, 2 : i32>
              memref.dealloc %s1_alloc_49 : memref<512xbf16, 2 : i32>
            }
            air.channel.put  @s1_partial_cas[%s1_arg12] (%s1_alloc[] [] []) : (memref<32xbf16, 2 : i32>)
            memref.dealloc %s1_alloc : memref<32xbf16, 2 : i32>
          }
        }
        %s1_c8_42 = arith.constant 8 : index
        %s1_c1_43 = arith.constant 1 : index
        air.herd @s1_addr_h  tile (%s1_arg12, %s1_arg13) in (%s1_arg14=%s1_c8_42, %s1_arg15=%s1_c1_43) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 2 : i64} {
          %s1_c256_i32 = arith.constant 256 : i32
          %s1_c8_i32 = arith.constant 8 : i32
          %s1_0 = arith.index_cast %s1_arg12 : index to i32
          %s1_1 = arith.muli %s1_0, %s1_c256_i32 : i32
          %s1_alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          air.channel.get  @s1_inR[%s1_arg12, %s1_arg13] (%s1_alloc[] [] []) : (memref<2048xbf16, 2 : i32>)
          %s1_c0_44 = arith.constant 0 : index
          %s1_c32 = arith.constant 32 : index
          %s1_c1_45 = arith.constant 1 : index
          scf.for %s1_arg16 = %s1_c0_44 to %s1_c32 step %s1_c1_45 {
            %s1_alloc_46 = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %s1_alloc_47 = memref.alloc() : memref<8xbf16, 2 : i32>
            air.channel.get  @s1_partial_cas[%s1_arg12] (%s1_alloc_46[] [] []) : (memref<32xbf16, 2 : i32>)
            %s1_subview = memref.subview %s1_alloc_46[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %s1_cast = memref.cast %s1_subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            %s1_2 = arith.index_cast %s1_arg16 : index to i32
            %s1_3 = arith.muli %s1_2, %s1_c8_i32 : i32
            %s1_4 = arith.addi %s1_1, %s1_3 : i32
            func.call @partial_plus_r_bf16(%s1_cast, %s1_alloc, %s1_4, %s1_alloc_47) : (memref<8xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32, memref<8xbf16, 2 : i32>) -> ()
            air.channel.put  @s1_outD[%s1_arg12] (%s1_alloc_47[] [] []) : (memref<8xbf16, 2 : i32>)
            memref.dealloc %s1_alloc_47 : memref<8xbf16, 2 : i32>
            memref.dealloc %s1_alloc_46 : memref<32xbf16, 2 : i32>
          }
          memref.dealloc %s1_alloc : memref<2048xbf16, 2 : i32>
        }
      }
      %s1_c0_2 = arith.constant 0 : index
      air.channel.get  @s1_outD[%s1_c0_2] (%s1_arg11[0] [256] [1]) : (memref<2048xbf16>)
      %s1_c1_3 = arith.constant 1 : index
      air.channel.get  @s1_outD[%s1_c1_3] (%s1_arg11[256] [256] [1]) : (memref<2048xbf16>)
      %s1_c2_4 = arith.constant 2 : index
      air.channel.get  @s1_outD[%s1_c2_4] (%s1_arg11[512] [256] [1]) : (memref<2048xbf16>)
      %s1_c3_5 = arith.constant 3 : index
      air.channel.get  @s1_outD[%s1_c3_5] (%s1_arg11[768] [256] [1]) : (memref<2048xbf16>)
      %s1_c4_6 = arith.constant 4 : index
      air.channel.get  @s1_outD[%s1_c4_6] (%s1_arg11[1024] [256] [1]) : (memref<2048xbf16>)
      %s1_c5_7 = arith.constant 5 : index
      air.channel.get  @s1_outD[%s1_c5_7] (%s1_arg11[1280] [256] [1]) : (memref<2048xbf16>)
      %s1_c6_8 = arith.constant 6 : index
      air.channel.get  @s1_outD[%s1_c6_8] (%s1_arg11[1536] [256] [1]) : (memref<2048xbf16>)
      %s1_c7_9 = arith.constant 7 : index
      air.channel.get  @s1_outD[%s1_c7_9] (%s1_arg11[1792] [256] [1]) : (memref<2048xbf16>)
    }
    // slice s2: ../kernels/matvec_swiglu_rms_16384x2048.mlir (@matvec_swiglu_rms)
    %s2_c64 = arith.constant 64 : index
    %s2_c1 = arith.constant 1 : index
    air.launch (%s2_arg3, %s2_arg4) in (%s2_arg5=%s2_c64, %s2_arg6=%s2_c1) args(%s2_arg7=%arg7, %s2_arg8=%arg6, %s2_arg9=%arg11) : memref<16384x2048xbf16>, memref<2x2048xbf16>, memref<8192xbf16> {
      %s2_0 = affine.apply #s2_map()[%s2_arg3]
      %s2_c0 = arith.constant 0 : index
      %s2_1 = affine.apply #s2_map1()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c0] (%s2_arg7[%s2_1, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c1_0 = arith.constant 1 : index
      %s2_2 = affine.apply #s2_map2()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c1_0] (%s2_arg7[%s2_2, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c2 = arith.constant 2 : index
      %s2_3 = affine.apply #s2_map3()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c2] (%s2_arg7[%s2_3, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c3 = arith.constant 3 : index
      %s2_4 = affine.apply #s2_map4()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c3] (%s2_arg7[%s2_4, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c4 = arith.constant 4 : index
      %s2_5 = affine.apply #s2_map5()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c4] (%s2_arg7[%s2_5, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c5 = arith.constant 5 : index
      %s2_6 = affine.apply #s2_map6()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c5] (%s2_arg7[%s2_6, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c6 = arith.constant 6 : index
      %s2_7 = affine.apply #s2_map7()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c6] (%s2_arg7[%s2_7, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %s2_c7 = arith.constant 7 : index
      %s2_8 = affine.apply #s2_map8()[%s2_0]
      air.channel.put  @s2_ar_L3toL2[%s2_c7] (%s2_arg7[%s2_8, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      air.segment @s2_matvec_cascade_swiglu_rms_seg  args(%s2_arg10=%s2_arg3, %s2_arg11=%s2_arg8, %s2_arg12=%s2_arg9) : index, memref<2x2048xbf16>, memref<8192xbf16> {
        %s2_alloc = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_1 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_2 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_3 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_4 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_5 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_6 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_7 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %s2_alloc_8 = memref.alloc() : memref<8x16xbf16, 1 : i32>
        %s2_c0_9 = arith.constant 0 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c0_9] (%s2_alloc[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_10 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c0_9, %s2_c0_10] (%s2_alloc[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_11 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c0_9, %s2_c1_11] (%s2_alloc[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_12 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c0_9, %s2_c2_12] (%s2_alloc[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_13 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c0_9, %s2_c3_13] (%s2_alloc[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_14 = arith.constant 1 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c1_14] (%s2_alloc_1[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_15 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c1_14, %s2_c0_15] (%s2_alloc_1[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_16 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c1_14, %s2_c1_16] (%s2_alloc_1[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_17 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c1_14, %s2_c2_17] (%s2_alloc_1[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_18 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c1_14, %s2_c3_18] (%s2_alloc_1[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_19 = arith.constant 2 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c2_19] (%s2_alloc_2[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_20 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c2_19, %s2_c0_20] (%s2_alloc_2[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_21 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c2_19, %s2_c1_21] (%s2_alloc_2[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_22 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c2_19, %s2_c2_22] (%s2_alloc_2[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_23 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c2_19, %s2_c3_23] (%s2_alloc_2[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_24 = arith.constant 3 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c3_24] (%s2_alloc_3[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_25 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c3_24, %s2_c0_25] (%s2_alloc_3[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_26 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c3_24, %s2_c1_26] (%s2_alloc_3[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_27 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c3_24, %s2_c2_27] (%s2_alloc_3[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_28 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c3_24, %s2_c3_28] (%s2_alloc_3[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c4_29 = arith.constant 4 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c4_29] (%s2_alloc_4[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_30 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c4_29, %s2_c0_30] (%s2_alloc_4[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_31 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c4_29, %s2_c1_31] (%s2_alloc_4[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_32 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c4_29, %s2_c2_32] (%s2_alloc_4[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_33 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c4_29, %s2_c3_33] (%s2_alloc_4[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c5_34 = arith.constant 5 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c5_34] (%s2_alloc_5[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_35 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c5_34, %s2_c0_35] (%s2_alloc_5[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_36 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c5_34, %s2_c1_36] (%s2_alloc_5[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_37 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c5_34, %s2_c2_37] (%s2_alloc_5[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_38 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c5_34, %s2_c3_38] (%s2_alloc_5[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c6_39 = arith.constant 6 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c6_39] (%s2_alloc_6[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_40 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c6_39, %s2_c0_40] (%s2_alloc_6[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_41 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c6_39, %s2_c1_41] (%s2_alloc_6[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_42 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c6_39, %s2_c2_42] (%s2_alloc_6[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_43 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c6_39, %s2_c3_43] (%s2_alloc_6[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c7_44 = arith.constant 7 : index
        air.channel.get  @s2_ar_L3toL2[%s2_c7_44] (%s2_alloc_7[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c0_45 = arith.constant 0 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c7_44, %s2_c0_45] (%s2_alloc_7[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c1_46 = arith.constant 1 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c7_44, %s2_c1_46] (%s2_alloc_7[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c2_47 = arith.constant 2 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c7_44, %s2_c2_47] (%s2_alloc_7[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_c3_48 = arith.constant 3 : index
        air.channel.put  @s2_ar_L2toL1[%s2_c7_44, %s2_c3_48] (%s2_alloc_7[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %s2_alloc_49 = memref.alloc() : memref<32x512xbf16, 2 : i32>
        %s2_alloc_50 = memref.alloc() : memref<2048xbf16, 2 : i32>
        %s2_alloc_51 = memref.alloc() : memref<2x2048xbf16, 2 : i32>
        %s2_alloc_52 = memref.alloc() : memref<16xbf16, 2 : i32>
        %s2_alloc_53 = memref.alloc() : memref<32xf32, 2 : i32>
        %s2_alloc_54 = memref.alloc() : memref<32xf32, 2 : i32>
        %s2_c8 = arith.constant 8 : index
        %s2_c4_55 = arith.constant 4 : index
        air.herd @s2_herd_0  tile (%s2_arg13, %s2_arg14) in (%s2_arg15=%s2_c8, %s2_arg16=%s2_c4_55) args(%s2_arg17=%s2_alloc_49, %s2_arg18=%s2_alloc_50, %s2_arg19=%s2_alloc_51, %s2_arg20=%s2_alloc_52, %s2_arg21=%s2_alloc_53, %s2_arg22=%s2_alloc_54, %s2_arg23=%s2_arg11, %s2_arg24=%s2_alloc_8) : memref<32x512xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2x2048xbf16, 2 : i32>, memref<16xbf16, 2 : i32>, memref<32xf32, 2 : i32>, memref<32xf32, 2 : i32>, memref<2x2048xbf16>, memref<8x16xbf16, 1 : i32> {
          %s2_c0_56 = arith.constant 0 : index
          %s2_c1_57 = arith.constant 1 : index
          %s2_c3_58 = arith.constant 3 : index
          %s2_10 = affine.apply #s2_map9()[%s2_arg14]
          air.dma_memcpy_nd (%s2_arg19[] [] [], %s2_arg23[0, 0] [2, 2048] [2048, 1]) : (memref<2x2048xbf16, 2 : i32>, memref<2x2048xbf16>)
          %s2_cst = arith.constant 0.000000e+00 : bf16
          %s2_cst_59 = arith.constant 0.000000e+00 : f32
          %s2_alloc_60 = memref.alloc() : memref<16xf32, 2 : i32>
          %s2_alloc_61 = memref.alloc() : memref<16xbf16, 2 : i32>
          %s2_11 = vector.broadcast %s2_cst_59 : f32 to vector<16xf32>
          vector.transfer_write %s2_11, %s2_alloc_60[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
          %s2_c2048 = arith.constant 2048 : index
          %s2_c16 = arith.constant 16 : index
          scf.for %s2_arg25 = %s2_c0_56 to %s2_c2048 step %s2_c16 {
            %s2_subview_72 = memref.subview %s2_arg19[0, %s2_arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %s2_22 = vector.transfer_read %s2_subview_72[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %s2_23 = arith.mulf %s2_22, %s2_22 : vector<16xbf16>
            vector.transfer_write %s2_23, %s2_alloc_61[%s2_c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
            %s2_24 = vector.transfer_read %s2_alloc_61[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
            %s2_25 = arith.extf %s2_24 : vector<16xbf16> to vector<16xf32>
            %s2_26 = vector.transfer_read %s2_alloc_60[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
            %s2_27 = arith.addf %s2_26, %s2_25 : vector<16xf32>
            vector.transfer_write %s2_27, %s2_alloc_60[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
          }
          %s2_12 = vector.transfer_read %s2_alloc_60[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
          %s2_13 = vector.reduction <add>, %s2_12 : vector<16xf32> into f32
          %s2_cst_62 = arith.constant 2.048000e+03 : f32
          %s2_cst_63 = arith.constant 1.000000e-05 : f32
          %s2_14 = arith.divf %s2_13, %s2_cst_62 : f32
          %s2_15 = arith.addf %s2_14, %s2_cst_63 : f32
          %s2_16 = math.rsqrt %s2_15 : f32
          %s2_17 = arith.truncf %s2_16 : f32 to bf16
          %s2_18 = vector.broadcast %s2_17 : bf16 to vector<16xbf16>
          scf.for %s2_arg25 = %s2_c0_56 to %s2_c2048 step %s2_c16 {
            %s2_subview_72 = memref.subview %s2_arg19[0, %s2_arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %s2_subview_73 = memref.subview %s2_arg19[1, %s2_arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %s2_subview_74 = memref.subview %s2_arg18[%s2_arg25] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %s2_22 = vector.transfer_read %s2_subview_72[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %s2_23 = vector.transfer_read %s2_subview_73[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %s2_24 = arith.mulf %s2_22, %s2_18 : vector<16xbf16>
            %s2_25 = arith.mulf %s2_24, %s2_23 : vector<16xbf16>
            vector.transfer_write %s2_25, %s2_subview_74[%s2_c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          }
          memref.dealloc %s2_alloc_60 : memref<16xf32, 2 : i32>
          memref.dealloc %s2_alloc_61 : memref<16xbf16, 2 : i32>
          %s2_alloc_64 = memref.alloc() : memref<16xf32, 2 : i32>
          %s2_alloc_65 = memref.alloc() : memref<16xbf16, 2 : i32>
          %s2_alloc_66 = memref.alloc() : memref<16xbf16, 2 : i32>
          %s2_cst_67 = arith.constant 5.000000e-01 : bf16
          %s2_cst_68 = arith.constant 1.000000e+00 : bf16
          %s2_19 = vector.broadcast %s2_cst_67 : bf16 to vector<16xbf16>
          %s2_20 = vector.broadcast %s2_cst_68 : bf16 to vector<16xbf16>
          %s2_subview = memref.subview %s2_arg18[%s2_10] [512] [1] : memref<2048xbf16, 2 : i32> to memref<512xbf16, strided<[1], offset: ?>, 2 : i32>
          air.channel.get  @s2_ar_L2toL1[%s2_arg13, %s2_arg14] (%s2_arg17[] [] []) : (memref<32x512xbf16, 2 : i32>)
          %s2_c0_69 = arith.constant 0 : index
          %s2_c8_70 = arith.constant 8 : index
          %s2_c1_71 = arith.constant 1 : index
          scf.for %s2_arg25 = %s2_c0_69 to %s2_c8_70 step %s2_c1_71 {
            %s2_22 = affine.apply #s2_map11()[%s2_arg25]
            %s2_23 = arith.cmpi eq, %s2_arg14, %s2_c3_58 : index
            scf.if %s2_23 {
              %s2_c0_72 = arith.constant 0 : index
              %s2_c4_73 = arith.constant 4 : index
              %s2_c1_74 = arith.constant 1 : index
              scf.for %s2_arg26 = %s2_c0_72 to %s2_c4_73 step %s2_c1_74 {
                %s2_25 = affine.apply #s2_map12()[%s2_22, %s2_arg26]
                %s2_26 = vector.broadcast %s2_cst_59 : f32 to vector<16xf32>
                vector.transfer_write %s2_26, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                %s2_c0_75 = arith.constant 0 : index
                %s2_c512 = arith.constant 512 : index
                %s2_c16_76 = arith.constant 16 : index
                scf.for %s2_arg27 = %s2_c0_75 to %s2_c512 step %s2_c16_76 {
                  %s2_subview_78 = memref.subview %s2_arg17[%s2_25, %s2_arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                  %s2_subview_79 = memref.subview %s2_subview[%s2_arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                  %s2_29 = vector.transfer_read %s2_subview_78[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                  %s2_30 = vector.transfer_read %s2_subview_79[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                  %s2_31 = arith.extf %s2_29 : vector<16xbf16> to vector<16xf32>
                  %s2_32 = arith.extf %s2_30 : vector<16xbf16> to vector<16xf32>
                  %s2_33 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %s2_34 = vector.fma %s2_31, %s2_32, %s2_33 : vector<16xf32>
                  vector.transfer_write %s2_34, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                }
                %s2_27 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                %s2_28 = vector.reduction <add>, %s2_27 : vector<16xf32> into f32
                %s2_subview_77 = memref.subview %s2_arg21[%s2_arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                memref.store %s2_28, %s2_subview_77[%s2_c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
              }
              %s2_24 = arith.subi %s2_arg14, %s2_c1_57 : index
              air.channel.put  @s2_chan_cascade[%s2_arg13, %s2_24] (%s2_arg21[] [] []) : (memref<32xf32, 2 : i32>)
            } else {
              %s2_24 = arith.cmpi eq, %s2_arg14, %s2_c0_56 : index
              scf.if %s2_24 {
                air.channel.get  @s2_chan_cascade[%s2_arg13, %s2_arg14] (%s2_arg22[] [] []) : (memref<32xf32, 2 : i32>)
                %s2_25 = affine.apply #s2_map13()[%s2_arg25]
                %s2_c0_72 = arith.constant 0 : index
                %s2_c2_73 = arith.constant 2 : index
                %s2_c1_74 = arith.constant 1 : index
                scf.for %s2_arg26 = %s2_c0_72 to %s2_c2_73 step %s2_c1_74 {
                  %s2_26 = affine.apply #s2_map13()[%s2_arg26]
                  %s2_27 = affine.apply #s2_map14()[%s2_arg26]
                  %s2_28 = affine.apply #s2_map12()[%s2_22, %s2_26]
                  %s2_29 = affine.apply #s2_map12()[%s2_22, %s2_27]
                  %s2_30 = vector.broadcast %s2_cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %s2_30, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %s2_c0_75 = arith.constant 0 : index
                  %s2_c512 = arith.constant 512 : index
                  %s2_c16_76 = arith.constant 16 : index
                  scf.for %s2_arg27 = %s2_c0_75 to %s2_c512 step %s2_c16_76 {
                    %s2_subview_84 = memref.subview %s2_arg17[%s2_28, %s2_arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %s2_subview_85 = memref.subview %s2_subview[%s2_arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %s2_43 = vector.transfer_read %s2_subview_84[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_44 = vector.transfer_read %s2_subview_85[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_45 = arith.extf %s2_43 : vector<16xbf16> to vector<16xf32>
                    %s2_46 = arith.extf %s2_44 : vector<16xbf16> to vector<16xf32>
                    %s2_47 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %s2_48 = vector.fma %s2_45, %s2_46, %s2_47 : vector<16xf32>
                    vector.transfer_write %s2_48, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %s2_31 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %s2_32 = vector.reduction <add>, %s2_31 : vector<16xf32> into f32
                  %s2_33 = vector.broadcast %s2_cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %s2_33, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %s2_c0_77 = arith.constant 0 : index
                  %s2_c512_78 = arith.constant 512 : index
                  %s2_c16_79 = arith.constant 16 : index
                  scf.for %s2_arg27 = %s2_c0_77 to %s2_c512_78 step %s2_c16_79 {
                    %s2_subview_84 = memref.subview %s2_arg17[%s2_29, %s2_arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %s2_subview_85 = memref.subview %s2_subview[%s2_arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %s2_43 = vector.transfer_read %s2_subview_84[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_44 = vector.transfer_read %s2_subview_85[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_45 = arith.extf %s2_43 : vector<16xbf16> to vector<16xf32>
                    %s2_46 = arith.extf %s2_44 : vector<16xbf16> to vector<16xf32>
                    %s2_47 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %s2_48 = vector.fma %s2_45, %s2_46, %s2_47 : vector<16xf32>
                    vector.transfer_write %s2_48, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %s2_34 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %s2_35 = vector.reduction <add>, %s2_34 : vector<16xf32> into f32
                  %s2_subview_80 = memref.subview %s2_arg22[%s2_26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_subview_81 = memref.subview %s2_arg22[%s2_27] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_36 = memref.load %s2_subview_80[%s2_c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_37 = memref.load %s2_subview_81[%s2_c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_38 = arith.addf %s2_36, %s2_32 : f32
                  %s2_39 = arith.addf %s2_37, %s2_35 : f32
                  %s2_40 = arith.truncf %s2_38 : f32 to bf16
                  %s2_41 = arith.truncf %s2_39 : f32 to bf16
                  %s2_42 = affine.apply #s2_map12()[%s2_25, %s2_arg26]
                  %s2_subview_82 = memref.subview %s2_alloc_65[%s2_42] [1] [1] : memref<16xbf16, 2 : i32> to memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  %s2_subview_83 = memref.subview %s2_alloc_66[%s2_42] [1] [1] : memref<16xbf16, 2 : i32> to memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  memref.store %s2_40, %s2_subview_82[%s2_c0_56] : memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  memref.store %s2_41, %s2_subview_83[%s2_c0_56] : memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                }
              } else {
                air.channel.get  @s2_chan_cascade[%s2_arg13, %s2_arg14] (%s2_arg22[] [] []) : (memref<32xf32, 2 : i32>)
                %s2_c0_72 = arith.constant 0 : index
                %s2_c4_73 = arith.constant 4 : index
                %s2_c1_74 = arith.constant 1 : index
                scf.for %s2_arg26 = %s2_c0_72 to %s2_c4_73 step %s2_c1_74 {
                  %s2_26 = affine.apply #s2_map12()[%s2_22, %s2_arg26]
                  %s2_27 = vector.broadcast %s2_cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %s2_27, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %s2_c0_75 = arith.constant 0 : index
                  %s2_c512 = arith.constant 512 : index
                  %s2_c16_76 = arith.constant 16 : index
                  scf.for %s2_arg27 = %s2_c0_75 to %s2_c512 step %s2_c16_76 {
                    %s2_subview_79 = memref.subview %s2_arg17[%s2_26, %s2_arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %s2_subview_80 = memref.subview %s2_subview[%s2_arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %s2_32 = vector.transfer_read %s2_subview_79[%s2_c0_56, %s2_c0_56], %s2_cst {in_bounds = [true], permutation_map = #s2_map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_33 = vector.transfer_read %s2_subview_80[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %s2_34 = arith.extf %s2_32 : vector<16xbf16> to vector<16xf32>
                    %s2_35 = arith.extf %s2_33 : vector<16xbf16> to vector<16xf32>
                    %s2_36 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %s2_37 = vector.fma %s2_34, %s2_35, %s2_36 : vector<16xf32>
                    vector.transfer_write %s2_37, %s2_alloc_64[%s2_c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %s2_28 = vector.transfer_read %s2_alloc_64[%s2_c0_56], %s2_cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %s2_29 = vector.reduction <add>, %s2_28 : vector<16xf32> into f32
                  %s2_subview_77 = memref.subview %s2_arg22[%s2_arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_30 = memref.load %s2_subview_77[%s2_c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %s2_31 = arith.addf %s2_30, %s2_29 : f32
                  %s2_subview_78 = memref.subview %s2_arg21[%s2_arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  memref.store %s2_31, %s2_subview_78[%s2_c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                }
                %s2_25 = arith.subi %s2_arg14, %s2_c1_57 : index
                air.channel.put  @s2_chan_cascade[%s2_arg13, %s2_25] (%s2_arg21[] [] []) : (memref<32xf32, 2 : i32>)
              }
            }
          }
          %s2_21 = arith.cmpi eq, %s2_arg14, %s2_c0_56 : index
          scf.if %s2_21 {
            %s2_c16_72 = arith.constant 16 : index
            scf.for %s2_arg25 = %s2_c0_56 to %s2_c16_72 step %s2_c16 {
              %s2_subview_73 = memref.subview %s2_alloc_65[%s2_arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %s2_subview_74 = memref.subview %s2_alloc_66[%s2_arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %s2_subview_75 = memref.subview %s2_arg20[%s2_arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %s2_22 = vector.transfer_read %s2_subview_73[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %s2_23 = vector.transfer_read %s2_subview_74[%s2_c0_56], %s2_cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %s2_24 = arith.mulf %s2_22, %s2_19 : vector<16xbf16>
              %s2_25 = math.tanh %s2_24 : vector<16xbf16>
              %s2_26 = arith.addf %s2_25, %s2_20 : vector<16xbf16>
              %s2_27 = arith.mulf %s2_26, %s2_19 : vector<16xbf16>
              %s2_28 = arith.mulf %s2_22, %s2_27 : vector<16xbf16>
              %s2_29 = arith.mulf %s2_28, %s2_23 : vector<16xbf16>
              vector.transfer_write %s2_29, %s2_subview_75[%s2_c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            }
            air.dma_memcpy_nd (%s2_arg24[%s2_arg13, 0] [1, 16] [16, 1], %s2_arg20[] [16] [1]) : (memref<8x16xbf16, 1 : i32>, memref<16xbf16, 2 : i32>)
          }
          memref.dealloc %s2_alloc_64 : memref<16xf32, 2 : i32>
          memref.dealloc %s2_alloc_65 : memref<16xbf16, 2 : i32>
          memref.dealloc %s2_alloc_66 : memref<16xbf16, 2 : i32>
        }
        %s2_9 = affine.apply #s2_map15()[%s2_arg10]
        air.dma_memcpy_nd (%s2_arg12[%s2_9] [128] [1], %s2_alloc_8[0, 0] [8, 16] [16, 1]) : (memref<8192xbf16>, memref<8x16xbf16, 1 : i32>)
        memref.dealloc %s2_alloc : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_1 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_2 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_3 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_4 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_5 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_6 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_7 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %s2_alloc_8 : memref<8x16xbf16, 1 : i32>
        memref.dealloc %s2_alloc_49 : memref<32x512xbf16, 2 : i32>
        memref.dealloc %s2_alloc_50 : memref<2048xbf16, 2 : i32>
        memref.dealloc %s2_alloc_51 : memref<2x2048xbf16, 2 : i32>
        memref.dealloc %s2_alloc_52 : memref<16xbf16, 2 : i32>
        memref.dealloc %s2_alloc_53 : memref<32xf32, 2 : i32>
        memref.dealloc %s2_alloc_54 : memref<32xf32, 2 : i32>
      }
    }
    // slice s3: ../kernels/matvec_2tile_add_2048x8192.mlir (@matvec_2tile_add)
    %s3_c1 = arith.constant 1 : index
    %s3_c1_0 = arith.constant 1 : index
    air.launch (%s3_arg4, %s3_arg5) in (%s3_arg6=%s3_c1, %s3_arg7=%s3_c1_0) args(%s3_arg8=%arg12, %s3_arg9=%arg11, %s3_arg10=%arg6_row0, %s3_arg11=%arg14) : memref<2048x8192xbf16>, memref<8192xbf16>, memref<2048xbf16>, memref<2048xbf16> {
      %s3_c0 = arith.constant 0 : index
      air.channel.put  @s3_memA[%s3_c0] (%s3_arg8[0, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c1_1 = arith.constant 1 : index
      air.channel.put  @s3_memA[%s3_c1_1] (%s3_arg8[32, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c2 = arith.constant 2 : index
      air.channel.put  @s3_memA[%s3_c2] (%s3_arg8[64, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c3 = arith.constant 3 : index
      air.channel.put  @s3_memA[%s3_c3] (%s3_arg8[96, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c4 = arith.constant 4 : index
      air.channel.put  @s3_memA[%s3_c4] (%s3_arg8[128, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c5 = arith.constant 5 : index
      air.channel.put  @s3_memA[%s3_c5] (%s3_arg8[160, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c6 = arith.constant 6 : index
      air.channel.put  @s3_memA[%s3_c6] (%s3_arg8[192, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %s3_c7 = arith.constant 7 : index
      air.channel.put  @s3_memA[%s3_c7] (%s3_arg8[224, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      air.channel.put  @s3_inB[] (%s3_arg9[0, 0, 0] [32, 16, 512] [0, 512, 1]) : (memref<8192xbf16>)
      air.channel.put  @s3_inR[] (%s3_arg10[0] [2048] [1]) : (memref<2048xbf16>)
      air.segment @s3_seg  {
        %s3_c0_10 = arith.constant 0 : index
        %s3_c0_11 = arith.constant 0 : index
        %s3_c512 = arith.constant 512 : index
        %s3_c1_12 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_11 to %s3_c512 step %s3_c1_12 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c0_10] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c0_10] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c1_13 = arith.constant 1 : index
        %s3_c0_14 = arith.constant 0 : index
        %s3_c512_15 = arith.constant 512 : index
        %s3_c1_16 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_14 to %s3_c512_15 step %s3_c1_16 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c1_13] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c1_13] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c2_17 = arith.constant 2 : index
        %s3_c0_18 = arith.constant 0 : index
        %s3_c512_19 = arith.constant 512 : index
        %s3_c1_20 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_18 to %s3_c512_19 step %s3_c1_20 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c2_17] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c2_17] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c3_21 = arith.constant 3 : index
        %s3_c0_22 = arith.constant 0 : index
        %s3_c512_23 = arith.constant 512 : index
        %s3_c1_24 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_22 to %s3_c512_23 step %s3_c1_24 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c3_21] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c3_21] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c4_25 = arith.constant 4 : index
        %s3_c0_26 = arith.constant 0 : index
        %s3_c512_27 = arith.constant 512 : index
        %s3_c1_28 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_26 to %s3_c512_27 step %s3_c1_28 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c4_25] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c4_25] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c5_29 = arith.constant 5 : index
        %s3_c0_30 = arith.constant 0 : index
        %s3_c512_31 = arith.constant 512 : index
        %s3_c1_32 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_30 to %s3_c512_31 step %s3_c1_32 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c5_29] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c5_29] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c6_33 = arith.constant 6 : index
        %s3_c0_34 = arith.constant 0 : index
        %s3_c512_35 = arith.constant 512 : index
        %s3_c1_36 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_34 to %s3_c512_35 step %s3_c1_36 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c6_33] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c6_33] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c7_37 = arith.constant 7 : index
        %s3_c0_38 = arith.constant 0 : index
        %s3_c512_39 = arith.constant 512 : index
        %s3_c1_40 = arith.constant 1 : index
        scf.for %s3_arg12 = %s3_c0_38 to %s3_c512_39 step %s3_c1_40 {
          %s3_alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @s3_memA[%s3_c7_37] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @s3_inA[%s3_c7_37] (%s3_alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %s3_alloc : memref<4096xbf16, 1 : i32>
        }
        %s3_c8 = arith.constant 8 : index
        %s3_c1_41 = arith.constant 1 : index
        air.herd @s3_matvec_h  tile (%s3_arg12, %s3_arg13) in (%s3_arg14=%s3_c8, %s3_arg15=%s3_c1_41) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 3 : i64} {
          %s3_c0_44 = arith.constant 0 : index
          %s3_c32 = arith.constant 32 : index
          %s3_c1_45 = arith.constant 1 : index
          scf.for %s3_arg16 = %s3_c0_44 to %s3_c32 step %s3_c1_45 {
            %s3_alloc = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %s3_subview = memref.subview %s3_alloc[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %s3_cast = memref.cast %s3_subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            func.call @zero_vectorized_bf16(%s3_cast) : (memref<8xbf16, 2 : i32>) -> ()
            %s3_c0_46 = arith.constant 0 : index
            %s3_c16 = arith.constant 16 : index
            %s3_c1_47 = arith.constant 1 : index
            scf.for %s3_arg17 = %s3_c0_46 to %s3_c16 step %s3_c1_47 {
              %s3_alloc_48 = memref.alloc() : memref<512xbf16, 2 : i32>
              air.channel.get  @s3_inB[%s3_arg12, %s3_arg13] (%s3_alloc_48[] [] []) : (memref<512xbf16, 2 : i32>)
              %s3_alloc_49 = memref.alloc() : memref<4096xbf16, 2 : i32>
              air.channel.get  @s3_inA[%s3_arg12] (%s3_alloc_49[] [] []) : (memref<4096xbf16, 2 : i32>)
              func.call @matvec_vectorized_bf16(%s3_alloc_49, %s3_alloc_48, %s3_cast) : (memref<4096xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
              memref.dealloc %s3_alloc_49 : memref<4096xbf16, 2 : i32>
              memref.dealloc %s3_alloc_48 : memref<512xbf16, 2 : i32>
            }
            air.channel.put  @s3_partial_cas[%s3_arg12] (%s3_alloc[] [] []) : (memref<32xbf16, 2 : i32>)
            memref.dealloc %s3_alloc : memref<32xbf16, 2 : i32>
          }
        }
        %s3_c8_42 = arith.constant 8 : index
        %s3_c1_43 = arith.constant 1 : index
        air.herd @s3_addr_h  tile (%s3_arg12, %s3_arg13) in (%s3_arg14=%s3_c8_42, %s3_arg15=%s3_c1_43) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 2 : i64} {
          %s3_c256_i32 = arith.constant 256 : i32
          %s3_c8_i32 = arith.constant 8 : i32
          %s3_0 = arith.index_cast %s3_arg12 : index to i32
          %s3_1 = arith.muli %s3_0, %s3_c256_i32 : i32
          %s3_alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          air.channel.get  @s3_inR[%s3_arg12, %s3_arg13] (%s3_alloc[] [] []) : (memref<2048xbf16, 2 : i32>)
          %s3_c0_44 = arith.constant 0 : index
          %s3_c32 = arith.constant 32 : index
          %s3_c1_45 = arith.constant 1 : index
          scf.for %s3_arg16 = %s3_c0_44 to %s3_c32 step %s3_c1_45 {
            %s3_alloc_46 = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %s3_alloc_47 = memref.alloc() : memref<8xbf16, 2 : i32>
            air.channel.get  @s3_partial_cas[%s3_arg12] (%s3_alloc_46[] [] []) : (memref<32xbf16, 2 : i32>)
            %s3_subview = memref.subview %s3_alloc_46[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %s3_cast = memref.cast %s3_subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            %s3_2 = arith.index_cast %s3_arg16 : index to i32
            %s3_3 = arith.muli %s3_2, %s3_c8_i32 : i32
            %s3_4 = arith.addi %s3_1, %s3_3 : i32
            func.call @partial_plus_r_bf16(%s3_cast, %s3_alloc, %s3_4, %s3_alloc_47) : (memref<8xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32, memref<8xbf16, 2 : i32>) -> ()
            air.channel.put  @s3_outD[%s3_arg12] (%s3_alloc_47[] [] []) : (memref<8xbf16, 2 : i32>)
            memref.dealloc %s3_alloc_47 : memref<8xbf16, 2 : i32>
            memref.dealloc %s3_alloc_46 : memref<32xbf16, 2 : i32>
          }
          memref.dealloc %s3_alloc : memref<2048xbf16, 2 : i32>
        }
      }
      %s3_c0_2 = arith.constant 0 : index
      air.channel.get  @s3_outD[%s3_c0_2] (%s3_arg11[0] [256] [1]) : (memref<2048xbf16>)
      %s3_c1_3 = arith.constant 1 : index
      air.channel.get  @s3_outD[%s3_c1_3] (%s3_arg11[256] [256] [1]) : (memref<2048xbf16>)
      %s3_c2_4 = arith.constant 2 : index
      air.channel.get  @s3_outD[%s3_c2_4] (%s3_arg11[512] [256] [1]) : (memref<2048xbf16>)
      %s3_c3_5 = arith.constant 3 : index
      air.channel.get  @s3_outD[%s3_c3_5] (%s3_arg11[768] [256] [1]) : (memref<2048xbf16>)
      %s3_c4_6 = arith.constant 4 : index
      air.channel.get  @s3_outD[%s3_c4_6] (%s3_arg11[1024] [256] [1]) : (memref<2048xbf16>)
      %s3_c5_7 = arith.constant 5 : index
      air.channel.get  @s3_outD[%s3_c5_7] (%s3_arg11[1280] [256] [1]) : (memref<2048xbf16>)
      %s3_c6_8 = arith.constant 6 : index
      air.channel.get  @s3_outD[%s3_c6_8] (%s3_arg11[1536] [256] [1]) : (memref<2048xbf16>)
      %s3_c7_9 = arith.constant 7 : index
      air.channel.get  @s3_outD[%s3_c7_9] (%s3_arg11[1792] [256] [1]) : (memref<2048xbf16>)
    }
    return
  }
}

#map = affine_map<()[s0] -> (s0 * 256)>
#map1 = affine_map<()[s0] -> (s0)>
#map2 = affine_map<()[s0] -> (s0 + 32)>
#map3 = affine_map<()[s0] -> (s0 + 64)>
#map4 = affine_map<()[s0] -> (s0 + 96)>
#map5 = affine_map<()[s0] -> (s0 + 128)>
#map6 = affine_map<()[s0] -> (s0 + 160)>
#map7 = affine_map<()[s0] -> (s0 + 192)>
#map8 = affine_map<()[s0] -> (s0 + 224)>
#map9 = affine_map<()[s0] -> (s0 * 512)>
#map10 = affine_map<(d0, d1) -> (d1)>
#map11 = affine_map<()[s0] -> (s0 * 4)>
#map12 = affine_map<()[s0, s1] -> (s0 + s1)>
#map13 = affine_map<()[s0] -> (s0 * 2)>
#map14 = affine_map<()[s0] -> (s0 * 2 + 1)>
#map15 = affine_map<()[s0] -> (s0 * 128)>
module {
  air.channel @ar_L3toL2 [8]
  air.channel @ar_L2toL1 [8, 4]
  air.channel @chan_cascade [8, 3] {channel_type = "npu_cascade"}
  func.func @matvec_swiglu_rms(%arg0: memref<16384x2048xbf16>, %arg1: memref<2x2048xbf16>, %arg2: memref<8192xbf16>) {
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    air.launch (%arg3, %arg4) in (%arg5=%c64, %arg6=%c1) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<16384x2048xbf16>, memref<2x2048xbf16>, memref<8192xbf16> {
      %0 = affine.apply #map()[%arg3]
      %c0 = arith.constant 0 : index
      %1 = affine.apply #map1()[%0]
      air.channel.put  @ar_L3toL2[%c0] (%arg7[%1, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c1_0 = arith.constant 1 : index
      %2 = affine.apply #map2()[%0]
      air.channel.put  @ar_L3toL2[%c1_0] (%arg7[%2, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c2 = arith.constant 2 : index
      %3 = affine.apply #map3()[%0]
      air.channel.put  @ar_L3toL2[%c2] (%arg7[%3, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c3 = arith.constant 3 : index
      %4 = affine.apply #map4()[%0]
      air.channel.put  @ar_L3toL2[%c3] (%arg7[%4, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c4 = arith.constant 4 : index
      %5 = affine.apply #map5()[%0]
      air.channel.put  @ar_L3toL2[%c4] (%arg7[%5, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c5 = arith.constant 5 : index
      %6 = affine.apply #map6()[%0]
      air.channel.put  @ar_L3toL2[%c5] (%arg7[%6, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c6 = arith.constant 6 : index
      %7 = affine.apply #map7()[%0]
      air.channel.put  @ar_L3toL2[%c6] (%arg7[%7, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      %c7 = arith.constant 7 : index
      %8 = affine.apply #map8()[%0]
      air.channel.put  @ar_L3toL2[%c7] (%arg7[%8, 0] [32, 2048] [2048, 1]) : (memref<16384x2048xbf16>)
      air.segment @matvec_cascade_swiglu_rms_seg  args(%arg10=%arg3, %arg11=%arg8, %arg12=%arg9) : index, memref<2x2048xbf16>, memref<8192xbf16> {
        %alloc = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_1 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_2 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_3 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_4 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_5 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_6 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_7 = memref.alloc() : memref<32x2048xbf16, 1 : i32>
        %alloc_8 = memref.alloc() : memref<8x16xbf16, 1 : i32>
        %c0_9 = arith.constant 0 : index
        air.channel.get  @ar_L3toL2[%c0_9] (%alloc[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_10 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c0_9, %c0_10] (%alloc[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_11 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c0_9, %c1_11] (%alloc[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_12 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c0_9, %c2_12] (%alloc[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_13 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c0_9, %c3_13] (%alloc[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_14 = arith.constant 1 : index
        air.channel.get  @ar_L3toL2[%c1_14] (%alloc_1[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_15 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c1_14, %c0_15] (%alloc_1[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_16 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c1_14, %c1_16] (%alloc_1[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_17 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c1_14, %c2_17] (%alloc_1[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_18 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c1_14, %c3_18] (%alloc_1[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_19 = arith.constant 2 : index
        air.channel.get  @ar_L3toL2[%c2_19] (%alloc_2[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_20 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c2_19, %c0_20] (%alloc_2[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_21 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c2_19, %c1_21] (%alloc_2[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_22 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c2_19, %c2_22] (%alloc_2[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_23 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c2_19, %c3_23] (%alloc_2[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_24 = arith.constant 3 : index
        air.channel.get  @ar_L3toL2[%c3_24] (%alloc_3[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_25 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c3_24, %c0_25] (%alloc_3[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_26 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c3_24, %c1_26] (%alloc_3[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_27 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c3_24, %c2_27] (%alloc_3[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_28 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c3_24, %c3_28] (%alloc_3[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c4_29 = arith.constant 4 : index
        air.channel.get  @ar_L3toL2[%c4_29] (%alloc_4[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_30 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c4_29, %c0_30] (%alloc_4[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_31 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c4_29, %c1_31] (%alloc_4[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_32 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c4_29, %c2_32] (%alloc_4[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_33 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c4_29, %c3_33] (%alloc_4[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c5_34 = arith.constant 5 : index
        air.channel.get  @ar_L3toL2[%c5_34] (%alloc_5[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_35 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c5_34, %c0_35] (%alloc_5[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_36 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c5_34, %c1_36] (%alloc_5[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_37 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c5_34, %c2_37] (%alloc_5[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_38 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c5_34, %c3_38] (%alloc_5[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c6_39 = arith.constant 6 : index
        air.channel.get  @ar_L3toL2[%c6_39] (%alloc_6[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_40 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c6_39, %c0_40] (%alloc_6[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_41 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c6_39, %c1_41] (%alloc_6[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_42 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c6_39, %c2_42] (%alloc_6[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_43 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c6_39, %c3_43] (%alloc_6[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c7_44 = arith.constant 7 : index
        air.channel.get  @ar_L3toL2[%c7_44] (%alloc_7[0, 0] [32, 2048] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c0_45 = arith.constant 0 : index
        air.channel.put  @ar_L2toL1[%c7_44, %c0_45] (%alloc_7[0, 0] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c1_46 = arith.constant 1 : index
        air.channel.put  @ar_L2toL1[%c7_44, %c1_46] (%alloc_7[0, 512] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c2_47 = arith.constant 2 : index
        air.channel.put  @ar_L2toL1[%c7_44, %c2_47] (%alloc_7[0, 1024] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %c3_48 = arith.constant 3 : index
        air.channel.put  @ar_L2toL1[%c7_44, %c3_48] (%alloc_7[0, 1536] [32, 512] [2048, 1]) : (memref<32x2048xbf16, 1 : i32>)
        %alloc_49 = memref.alloc() : memref<32x512xbf16, 2 : i32>
        %alloc_50 = memref.alloc() : memref<2048xbf16, 2 : i32>
        %alloc_51 = memref.alloc() : memref<2x2048xbf16, 2 : i32>
        %alloc_52 = memref.alloc() : memref<16xbf16, 2 : i32>
        %alloc_53 = memref.alloc() : memref<32xf32, 2 : i32>
        %alloc_54 = memref.alloc() : memref<32xf32, 2 : i32>
        %c8 = arith.constant 8 : index
        %c4_55 = arith.constant 4 : index
        air.herd @herd_0  tile (%arg13, %arg14) in (%arg15=%c8, %arg16=%c4_55) args(%arg17=%alloc_49, %arg18=%alloc_50, %arg19=%alloc_51, %arg20=%alloc_52, %arg21=%alloc_53, %arg22=%alloc_54, %arg23=%arg11, %arg24=%alloc_8) : memref<32x512xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2x2048xbf16, 2 : i32>, memref<16xbf16, 2 : i32>, memref<32xf32, 2 : i32>, memref<32xf32, 2 : i32>, memref<2x2048xbf16>, memref<8x16xbf16, 1 : i32> {
          %c0_56 = arith.constant 0 : index
          %c1_57 = arith.constant 1 : index
          %c3_58 = arith.constant 3 : index
          %10 = affine.apply #map9()[%arg14]
          air.dma_memcpy_nd (%arg19[] [] [], %arg23[0, 0] [2, 2048] [2048, 1]) : (memref<2x2048xbf16, 2 : i32>, memref<2x2048xbf16>)
          %cst = arith.constant 0.000000e+00 : bf16
          %cst_59 = arith.constant 0.000000e+00 : f32
          %alloc_60 = memref.alloc() : memref<16xf32, 2 : i32>
          %alloc_61 = memref.alloc() : memref<16xbf16, 2 : i32>
          %11 = vector.broadcast %cst_59 : f32 to vector<16xf32>
          vector.transfer_write %11, %alloc_60[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
          %c2048 = arith.constant 2048 : index
          %c16 = arith.constant 16 : index
          scf.for %arg25 = %c0_56 to %c2048 step %c16 {
            %subview_72 = memref.subview %arg19[0, %arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %22 = vector.transfer_read %subview_72[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %23 = arith.mulf %22, %22 : vector<16xbf16>
            vector.transfer_write %23, %alloc_61[%c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
            %24 = vector.transfer_read %alloc_61[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
            %25 = arith.extf %24 : vector<16xbf16> to vector<16xf32>
            %26 = vector.transfer_read %alloc_60[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
            %27 = arith.addf %26, %25 : vector<16xf32>
            vector.transfer_write %27, %alloc_60[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
          }
          %12 = vector.transfer_read %alloc_60[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
          %13 = vector.reduction <add>, %12 : vector<16xf32> into f32
          %cst_62 = arith.constant 2.048000e+03 : f32
          %cst_63 = arith.constant 1.000000e-05 : f32
          %14 = arith.divf %13, %cst_62 : f32
          %15 = arith.addf %14, %cst_63 : f32
          %16 = math.rsqrt %15 : f32
          %17 = arith.truncf %16 : f32 to bf16
          %18 = vector.broadcast %17 : bf16 to vector<16xbf16>
          scf.for %arg25 = %c0_56 to %c2048 step %c16 {
            %subview_72 = memref.subview %arg19[0, %arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %subview_73 = memref.subview %arg19[1, %arg25] [1, 16] [1, 1] : memref<2x2048xbf16, 2 : i32> to memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>
            %subview_74 = memref.subview %arg18[%arg25] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %22 = vector.transfer_read %subview_72[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %23 = vector.transfer_read %subview_73[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[2048, 1], offset: ?>, 2 : i32>, vector<16xbf16>
            %24 = arith.mulf %22, %18 : vector<16xbf16>
            %25 = arith.mulf %24, %23 : vector<16xbf16>
            vector.transfer_write %25, %subview_74[%c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          }
          memref.dealloc %alloc_60 : memref<16xf32, 2 : i32>
          memref.dealloc %alloc_61 : memref<16xbf16, 2 : i32>
          %alloc_64 = memref.alloc() : memref<16xf32, 2 : i32>
          %alloc_65 = memref.alloc() : memref<16xbf16, 2 : i32>
          %alloc_66 = memref.alloc() : memref<16xbf16, 2 : i32>
          %cst_67 = arith.constant 5.000000e-01 : bf16
          %cst_68 = arith.constant 1.000000e+00 : bf16
          %19 = vector.broadcast %cst_67 : bf16 to vector<16xbf16>
          %20 = vector.broadcast %cst_68 : bf16 to vector<16xbf16>
          %subview = memref.subview %arg18[%10] [512] [1] : memref<2048xbf16, 2 : i32> to memref<512xbf16, strided<[1], offset: ?>, 2 : i32>
          air.channel.get  @ar_L2toL1[%arg13, %arg14] (%arg17[] [] []) : (memref<32x512xbf16, 2 : i32>)
          %c0_69 = arith.constant 0 : index
          %c8_70 = arith.constant 8 : index
          %c1_71 = arith.constant 1 : index
          scf.for %arg25 = %c0_69 to %c8_70 step %c1_71 {
            %22 = affine.apply #map11()[%arg25]
            %23 = arith.cmpi eq, %arg14, %c3_58 : index
            scf.if %23 {
              %c0_72 = arith.constant 0 : index
              %c4_73 = arith.constant 4 : index
              %c1_74 = arith.constant 1 : index
              scf.for %arg26 = %c0_72 to %c4_73 step %c1_74 {
                %25 = affine.apply #map12()[%22, %arg26]
                %26 = vector.broadcast %cst_59 : f32 to vector<16xf32>
                vector.transfer_write %26, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                %c0_75 = arith.constant 0 : index
                %c512 = arith.constant 512 : index
                %c16_76 = arith.constant 16 : index
                scf.for %arg27 = %c0_75 to %c512 step %c16_76 {
                  %subview_78 = memref.subview %arg17[%25, %arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                  %subview_79 = memref.subview %subview[%arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                  %29 = vector.transfer_read %subview_78[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                  %30 = vector.transfer_read %subview_79[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                  %31 = arith.extf %29 : vector<16xbf16> to vector<16xf32>
                  %32 = arith.extf %30 : vector<16xbf16> to vector<16xf32>
                  %33 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %34 = vector.fma %31, %32, %33 : vector<16xf32>
                  vector.transfer_write %34, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                }
                %27 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                %28 = vector.reduction <add>, %27 : vector<16xf32> into f32
                %subview_77 = memref.subview %arg21[%arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                memref.store %28, %subview_77[%c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
              }
              %24 = arith.subi %arg14, %c1_57 : index
              air.channel.put  @chan_cascade[%arg13, %24] (%arg21[] [] []) : (memref<32xf32, 2 : i32>)
            } else {
              %24 = arith.cmpi eq, %arg14, %c0_56 : index
              scf.if %24 {
                air.channel.get  @chan_cascade[%arg13, %arg14] (%arg22[] [] []) : (memref<32xf32, 2 : i32>)
                %25 = affine.apply #map13()[%arg25]
                %c0_72 = arith.constant 0 : index
                %c2_73 = arith.constant 2 : index
                %c1_74 = arith.constant 1 : index
                scf.for %arg26 = %c0_72 to %c2_73 step %c1_74 {
                  %26 = affine.apply #map13()[%arg26]
                  %27 = affine.apply #map14()[%arg26]
                  %28 = affine.apply #map12()[%22, %26]
                  %29 = affine.apply #map12()[%22, %27]
                  %30 = vector.broadcast %cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %30, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %c0_75 = arith.constant 0 : index
                  %c512 = arith.constant 512 : index
                  %c16_76 = arith.constant 16 : index
                  scf.for %arg27 = %c0_75 to %c512 step %c16_76 {
                    %subview_84 = memref.subview %arg17[%28, %arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %subview_85 = memref.subview %subview[%arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %43 = vector.transfer_read %subview_84[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %44 = vector.transfer_read %subview_85[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %45 = arith.extf %43 : vector<16xbf16> to vector<16xf32>
                    %46 = arith.extf %44 : vector<16xbf16> to vector<16xf32>
                    %47 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %48 = vector.fma %45, %46, %47 : vector<16xf32>
                    vector.transfer_write %48, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %31 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %32 = vector.reduction <add>, %31 : vector<16xf32> into f32
                  %33 = vector.broadcast %cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %33, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %c0_77 = arith.constant 0 : index
                  %c512_78 = arith.constant 512 : index
                  %c16_79 = arith.constant 16 : index
                  scf.for %arg27 = %c0_77 to %c512_78 step %c16_79 {
                    %subview_84 = memref.subview %arg17[%29, %arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %subview_85 = memref.subview %subview[%arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %43 = vector.transfer_read %subview_84[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %44 = vector.transfer_read %subview_85[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %45 = arith.extf %43 : vector<16xbf16> to vector<16xf32>
                    %46 = arith.extf %44 : vector<16xbf16> to vector<16xf32>
                    %47 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %48 = vector.fma %45, %46, %47 : vector<16xf32>
                    vector.transfer_write %48, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %34 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %35 = vector.reduction <add>, %34 : vector<16xf32> into f32
                  %subview_80 = memref.subview %arg22[%26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %subview_81 = memref.subview %arg22[%27] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %36 = memref.load %subview_80[%c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %37 = memref.load %subview_81[%c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %38 = arith.addf %36, %32 : f32
                  %39 = arith.addf %37, %35 : f32
                  %40 = arith.truncf %38 : f32 to bf16
                  %41 = arith.truncf %39 : f32 to bf16
                  %42 = affine.apply #map12()[%25, %arg26]
                  %subview_82 = memref.subview %alloc_65[%42] [1] [1] : memref<16xbf16, 2 : i32> to memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  %subview_83 = memref.subview %alloc_66[%42] [1] [1] : memref<16xbf16, 2 : i32> to memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  memref.store %40, %subview_82[%c0_56] : memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                  memref.store %41, %subview_83[%c0_56] : memref<1xbf16, strided<[1], offset: ?>, 2 : i32>
                }
              } else {
                air.channel.get  @chan_cascade[%arg13, %arg14] (%arg22[] [] []) : (memref<32xf32, 2 : i32>)
                %c0_72 = arith.constant 0 : index
                %c4_73 = arith.constant 4 : index
                %c1_74 = arith.constant 1 : index
                scf.for %arg26 = %c0_72 to %c4_73 step %c1_74 {
                  %26 = affine.apply #map12()[%22, %arg26]
                  %27 = vector.broadcast %cst_59 : f32 to vector<16xf32>
                  vector.transfer_write %27, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  %c0_75 = arith.constant 0 : index
                  %c512 = arith.constant 512 : index
                  %c16_76 = arith.constant 16 : index
                  scf.for %arg27 = %c0_75 to %c512 step %c16_76 {
                    %subview_79 = memref.subview %arg17[%26, %arg27] [1, 16] [1, 1] : memref<32x512xbf16, 2 : i32> to memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>
                    %subview_80 = memref.subview %subview[%arg27] [16] [1] : memref<512xbf16, strided<[1], offset: ?>, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
                    %32 = vector.transfer_read %subview_79[%c0_56, %c0_56], %cst {in_bounds = [true], permutation_map = #map10} : memref<1x16xbf16, strided<[512, 1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %33 = vector.transfer_read %subview_80[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
                    %34 = arith.extf %32 : vector<16xbf16> to vector<16xf32>
                    %35 = arith.extf %33 : vector<16xbf16> to vector<16xf32>
                    %36 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                    %37 = vector.fma %34, %35, %36 : vector<16xf32>
                    vector.transfer_write %37, %alloc_64[%c0_56] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
                  }
                  %28 = vector.transfer_read %alloc_64[%c0_56], %cst_59 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
                  %29 = vector.reduction <add>, %28 : vector<16xf32> into f32
                  %subview_77 = memref.subview %arg22[%arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %30 = memref.load %subview_77[%c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  %31 = arith.addf %30, %29 : f32
                  %subview_78 = memref.subview %arg21[%arg26] [1] [1] : memref<32xf32, 2 : i32> to memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                  memref.store %31, %subview_78[%c0_56] : memref<1xf32, strided<[1], offset: ?>, 2 : i32>
                }
                %25 = arith.subi %arg14, %c1_57 : index
                air.channel.put  @chan_cascade[%arg13, %25] (%arg21[] [] []) : (memref<32xf32, 2 : i32>)
              }
            }
          }
          %21 = arith.cmpi eq, %arg14, %c0_56 : index
          scf.if %21 {
            %c16_72 = arith.constant 16 : index
            scf.for %arg25 = %c0_56 to %c16_72 step %c16 {
              %subview_73 = memref.subview %alloc_65[%arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %subview_74 = memref.subview %alloc_66[%arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %subview_75 = memref.subview %arg20[%arg25] [16] [1] : memref<16xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %22 = vector.transfer_read %subview_73[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %23 = vector.transfer_read %subview_74[%c0_56], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %24 = arith.mulf %22, %19 : vector<16xbf16>
              %25 = math.tanh %24 : vector<16xbf16>
              %26 = arith.addf %25, %20 : vector<16xbf16>
              %27 = arith.mulf %26, %19 : vector<16xbf16>
              %28 = arith.mulf %22, %27 : vector<16xbf16>
              %29 = arith.mulf %28, %23 : vector<16xbf16>
              vector.transfer_write %29, %subview_75[%c0_56] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            }
            air.dma_memcpy_nd (%arg24[%arg13, 0] [1, 16] [16, 1], %arg20[] [16] [1]) : (memref<8x16xbf16, 1 : i32>, memref<16xbf16, 2 : i32>)
          }
          memref.dealloc %alloc_64 : memref<16xf32, 2 : i32>
          memref.dealloc %alloc_65 : memref<16xbf16, 2 : i32>
          memref.dealloc %alloc_66 : memref<16xbf16, 2 : i32>
        }
        %9 = affine.apply #map15()[%arg10]
        air.dma_memcpy_nd (%arg12[%9] [128] [1], %alloc_8[0, 0] [8, 16] [16, 1]) : (memref<8192xbf16>, memref<8x16xbf16, 1 : i32>)
        memref.dealloc %alloc : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_1 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_2 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_3 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_4 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_5 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_6 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_7 : memref<32x2048xbf16, 1 : i32>
        memref.dealloc %alloc_8 : memref<8x16xbf16, 1 : i32>
        memref.dealloc %alloc_49 : memref<32x512xbf16, 2 : i32>
        memref.dealloc %alloc_50 : memref<2048xbf16, 2 : i32>
        memref.dealloc %alloc_51 : memref<2x2048xbf16, 2 : i32>
        memref.dealloc %alloc_52 : memref<16xbf16, 2 : i32>
        memref.dealloc %alloc_53 : memref<32xf32, 2 : i32>
        memref.dealloc %alloc_54 : memref<32xf32, 2 : i32>
      }
    }
    return
  }
}

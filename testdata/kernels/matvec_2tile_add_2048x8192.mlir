module {
  air.channel @memA [8]
  air.channel @inA [8]
  air.channel @inB [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @inR [1, 1] {broadcast_shape = [8 : index, 1 : index]}
  air.channel @partial_cas [8] {channel_type = "npu_cascade"}
  air.channel @outD [8]
  func.func private @zero_vectorized_bf16(memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func private @matvec_vectorized_bf16(memref<4096xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func private @partial_plus_r_bf16(memref<8xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32, memref<8xbf16, 2 : i32>) attributes {link_with = "mv_bf16.o", llvm.emit_c_interface}
  func.func @matvec_2tile_add(%arg0: memref<2048x8192xbf16>, %arg1: memref<8192xbf16>, %arg2: memref<2048xbf16>, %arg3: memref<2048xbf16>) {
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    air.launch (%arg4, %arg5) in (%arg6=%c1, %arg7=%c1_0) args(%arg8=%arg0, %arg9=%arg1, %arg10=%arg2, %arg11=%arg3) : memref<2048x8192xbf16>, memref<8192xbf16>, memref<2048xbf16>, memref<2048xbf16> {
      %c0 = arith.constant 0 : index
      air.channel.put  @memA[%c0] (%arg8[0, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c1_1 = arith.constant 1 : index
      air.channel.put  @memA[%c1_1] (%arg8[32, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c2 = arith.constant 2 : index
      air.channel.put  @memA[%c2] (%arg8[64, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c3 = arith.constant 3 : index
      air.channel.put  @memA[%c3] (%arg8[96, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c4 = arith.constant 4 : index
      air.channel.put  @memA[%c4] (%arg8[128, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c5 = arith.constant 5 : index
      air.channel.put  @memA[%c5] (%arg8[160, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c6 = arith.constant 6 : index
      air.channel.put  @memA[%c6] (%arg8[192, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      %c7 = arith.constant 7 : index
      air.channel.put  @memA[%c7] (%arg8[224, 0, 0, 0] [32, 16, 8, 512] [65536, 512, 8192, 1]) : (memref<2048x8192xbf16>)
      air.channel.put  @inB[] (%arg9[0, 0, 0] [32, 16, 512] [0, 512, 1]) : (memref<8192xbf16>)
      air.channel.put  @inR[] (%arg10[0] [2048] [1]) : (memref<2048xbf16>)
      air.segment @seg  {
        %c0_10 = arith.constant 0 : index
        %c0_11 = arith.constant 0 : index
        %c512 = arith.constant 512 : index
        %c1_12 = arith.constant 1 : index
        scf.for %arg12 = %c0_11 to %c512 step %c1_12 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c0_10] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c0_10] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c1_13 = arith.constant 1 : index
        %c0_14 = arith.constant 0 : index
        %c512_15 = arith.constant 512 : index
        %c1_16 = arith.constant 1 : index
        scf.for %arg12 = %c0_14 to %c512_15 step %c1_16 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c1_13] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c1_13] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c2_17 = arith.constant 2 : index
        %c0_18 = arith.constant 0 : index
        %c512_19 = arith.constant 512 : index
        %c1_20 = arith.constant 1 : index
        scf.for %arg12 = %c0_18 to %c512_19 step %c1_20 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c2_17] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c2_17] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c3_21 = arith.constant 3 : index
        %c0_22 = arith.constant 0 : index
        %c512_23 = arith.constant 512 : index
        %c1_24 = arith.constant 1 : index
        scf.for %arg12 = %c0_22 to %c512_23 step %c1_24 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c3_21] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c3_21] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c4_25 = arith.constant 4 : index
        %c0_26 = arith.constant 0 : index
        %c512_27 = arith.constant 512 : index
        %c1_28 = arith.constant 1 : index
        scf.for %arg12 = %c0_26 to %c512_27 step %c1_28 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c4_25] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c4_25] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c5_29 = arith.constant 5 : index
        %c0_30 = arith.constant 0 : index
        %c512_31 = arith.constant 512 : index
        %c1_32 = arith.constant 1 : index
        scf.for %arg12 = %c0_30 to %c512_31 step %c1_32 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c5_29] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c5_29] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c6_33 = arith.constant 6 : index
        %c0_34 = arith.constant 0 : index
        %c512_35 = arith.constant 512 : index
        %c1_36 = arith.constant 1 : index
        scf.for %arg12 = %c0_34 to %c512_35 step %c1_36 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c6_33] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c6_33] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c7_37 = arith.constant 7 : index
        %c0_38 = arith.constant 0 : index
        %c512_39 = arith.constant 512 : index
        %c1_40 = arith.constant 1 : index
        scf.for %arg12 = %c0_38 to %c512_39 step %c1_40 {
          %alloc = memref.alloc() : memref<4096xbf16, 1 : i32>
          air.channel.get  @memA[%c7_37] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          air.channel.put  @inA[%c7_37] (%alloc[] [] []) : (memref<4096xbf16, 1 : i32>)
          memref.dealloc %alloc : memref<4096xbf16, 1 : i32>
        }
        %c8 = arith.constant 8 : index
        %c1_41 = arith.constant 1 : index
        air.herd @matvec_h  tile (%arg12, %arg13) in (%arg14=%c8, %arg15=%c1_41) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0_44 = arith.constant 0 : index
          %c32 = arith.constant 32 : index
          %c1_45 = arith.constant 1 : index
          scf.for %arg16 = %c0_44 to %c32 step %c1_45 {
            %alloc = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %subview = memref.subview %alloc[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %cast = memref.cast %subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            func.call @zero_vectorized_bf16(%cast) : (memref<8xbf16, 2 : i32>) -> ()
            %c0_46 = arith.constant 0 : index
            %c16 = arith.constant 16 : index
            %c1_47 = arith.constant 1 : index
            scf.for %arg17 = %c0_46 to %c16 step %c1_47 {
              %alloc_48 = memref.alloc() : memref<512xbf16, 2 : i32>
              air.channel.get  @inB[%arg12, %arg13] (%alloc_48[] [] []) : (memref<512xbf16, 2 : i32>)
              %alloc_49 = memref.alloc() : memref<4096xbf16, 2 : i32>
              air.channel.get  @inA[%arg12] (%alloc_49[] [] []) : (memref<4096xbf16, 2 : i32>)
              func.call @matvec_vectorized_bf16(%alloc_49, %alloc_48, %cast) : (memref<4096xbf16, 2 : i32>, memref<512xbf16, 2 : i32>, memref<8xbf16, 2 : i32>) -> ()
              memref.dealloc %alloc_49 : memref<4096xbf16, 2 : i32>
              memref.dealloc %alloc_48 : memref<512xbf16, 2 : i32>
            }
            air.channel.put  @partial_cas[%arg12] (%alloc[] [] []) : (memref<32xbf16, 2 : i32>)
            memref.dealloc %alloc : memref<32xbf16, 2 : i32>
          }
        }
        %c8_42 = arith.constant 8 : index
        %c1_43 = arith.constant 1 : index
        air.herd @addr_h  tile (%arg12, %arg13) in (%arg14=%c8_42, %arg15=%c1_43) attributes {link_with = "mv_bf16.o", x_loc = 0 : i64, y_loc = 2 : i64} {
          %c256_i32 = arith.constant 256 : i32
          %c8_i32 = arith.constant 8 : i32
          %0 = arith.index_cast %arg12 : index to i32
          %1 = arith.muli %0, %c256_i32 : i32
          %alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          air.channel.get  @inR[%arg12, %arg13] (%alloc[] [] []) : (memref<2048xbf16, 2 : i32>)
          %c0_44 = arith.constant 0 : index
          %c32 = arith.constant 32 : index
          %c1_45 = arith.constant 1 : index
          scf.for %arg16 = %c0_44 to %c32 step %c1_45 {
            %alloc_46 = memref.alloc() {air.shrinkage = false} : memref<32xbf16, 2 : i32>
            %alloc_47 = memref.alloc() : memref<8xbf16, 2 : i32>
            air.channel.get  @partial_cas[%arg12] (%alloc_46[] [] []) : (memref<32xbf16, 2 : i32>)
            %subview = memref.subview %alloc_46[0] [8] [1] : memref<32xbf16, 2 : i32> to memref<8xbf16, strided<[1]>, 2 : i32>
            %cast = memref.cast %subview : memref<8xbf16, strided<[1]>, 2 : i32> to memref<8xbf16, 2 : i32>
            %2 = arith.index_cast %arg16 : index to i32
            %3 = arith.muli %2, %c8_i32 : i32
            %4 = arith.addi %1, %3 : i32
            func.call @partial_plus_r_bf16(%cast, %alloc, %4, %alloc_47) : (memref<8xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, i32, memref<8xbf16, 2 : i32>) -> ()
            air.channel.put  @outD[%arg12] (%alloc_47[] [] []) : (memref<8xbf16, 2 : i32>)
            memref.dealloc %alloc_47 : memref<8xbf16, 2 : i32>
            memref.dealloc %alloc_46 : memref<32xbf16, 2 : i32>
          }
          memref.dealloc %alloc : memref<2048xbf16, 2 : i32>
        }
      }
      %c0_2 = arith.constant 0 : index
      air.channel.get  @outD[%c0_2] (%arg11[0] [256] [1]) : (memref<2048xbf16>)
      %c1_3 = arith.constant 1 : index
      air.channel.get  @outD[%c1_3] (%arg11[256] [256] [1]) : (memref<2048xbf16>)
      %c2_4 = arith.constant 2 : index
      air.channel.get  @outD[%c2_4] (%arg11[512] [256] [1]) : (memref<2048xbf16>)
      %c3_5 = arith.constant 3 : index
      air.channel.get  @outD[%c3_5] (%arg11[768] [256] [1]) : (memref<2048xbf16>)
      %c4_6 = arith.constant 4 : index
      air.channel.get  @outD[%c4_6] (%arg11[1024] [256] [1]) : (memref<2048xbf16>)
      %c5_7 = arith.constant 5 : index
      air.channel.get  @outD[%c5_7] (%arg11[1280] [256] [1]) : (memref<2048xbf16>)
      %c6_8 = arith.constant 6 : index
      air.channel.get  @outD[%c6_8] (%arg11[1536] [256] [1]) : (memref<2048xbf16>)
      %c7_9 = arith.constant 7 : index
      air.channel.get  @outD[%c7_9] (%arg11[1792] [256] [1]) : (memref<2048xbf16>)
    }
    return
  }
}

// check-bd:
// expect: error AS0411 line 53
// F36 (model doc §5; programming_examples/fused_decode/README.md, fused_decode.py): a fused decode
// weight feed. (1) The host side is a strided feed whose 10,240-element fan step exceeds the shim
// wrap limit (README: only a contiguous BD gets the wide length register). (2) The memtile side is
// 22 constant-offset puts of one channel, one BD each, ping-ponged: 44 BDs on one memtile channel
// (the device deadlocks on the memtile BD budget).
module {
  air.channel @w_l3 [1, 1]
  air.channel @w_feed [1, 1] {broadcast_shape = [2, 1]}
  func.func private @glu_q4(memref<10240xi8, 2 : i32>, memref<64xbf16, 2 : i32>) attributes {link_with = "glu.o", llvm.emit_c_interface}
  func.func @fused_decode(%arg0: memref<450560xi8>, %arg1: memref<128xbf16>) {
    %c4 = arith.constant 4 : index
    air.launch (%arg2) in (%arg3=%c4) args(%arg4=%arg0, %arg5=%arg1) : memref<450560xi8>, memref<128xbf16> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c22 = arith.constant 22 : index
      %c10240 = arith.constant 10240 : index
      %c20480 = arith.constant 20480 : index
      %0 = affine.apply affine_map<()[s0] -> (s0 * 10240)>()[%arg2]
      %t = air.channel.put async @w_l3[] (%arg4[%c0, %0] [%c22, %c10240] [%c20480, %c1]) {id = 1 : i32} : (memref<450560xi8>)
      air.segment @decode_seg  args(%arg6=%arg5) : memref<128xbf16> {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c10240_s = arith.constant 10240 : index
        %c0_i = arith.constant 0 : index
        %c1_i = arith.constant 1 : index
        %c2_i = arith.constant 2 : index
        %c3_i = arith.constant 3 : index
        %c4_i = arith.constant 4 : index
        %c5_i = arith.constant 5 : index
        %c6_i = arith.constant 6 : index
        %c7_i = arith.constant 7 : index
        %c8_i = arith.constant 8 : index
        %c9_i = arith.constant 9 : index
        %c10_i = arith.constant 10 : index
        %c11_i = arith.constant 11 : index
        %c12_i = arith.constant 12 : index
        %c13_i = arith.constant 13 : index
        %c14_i = arith.constant 14 : index
        %c15_i = arith.constant 15 : index
        %c16_i = arith.constant 16 : index
        %c17_i = arith.constant 17 : index
        %c18_i = arith.constant 18 : index
        %c19_i = arith.constant 19 : index
        %c20_i = arith.constant 20 : index
        %c21_i = arith.constant 21 : index
        %c5 = arith.constant 5 : index
        scf.for %arg7 = %c0_s to %c5 step %c1_s {
          %alloc = memref.alloc() : memref<22x10240xi8, 1>
          %t0 = air.channel.get async @w_l3[] (%alloc[] [] []) {id = 2 : i32} : (memref<22x10240xi8, 1>)
          %p0 = air.channel.put async [%t0] @w_feed[] (%alloc[%c0_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 10 : i32} : (memref<22x10240xi8, 1>)
          %p1 = air.channel.put async [%t0] @w_feed[] (%alloc[%c1_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 11 : i32} : (memref<22x10240xi8, 1>)
          %p2 = air.channel.put async [%t0] @w_feed[] (%alloc[%c2_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 12 : i32} : (memref<22x10240xi8, 1>)
          %p3 = air.channel.put async [%t0] @w_feed[] (%alloc[%c3_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 13 : i32} : (memref<22x10240xi8, 1>)
          %p4 = air.channel.put async [%t0] @w_feed[] (%alloc[%c4_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 14 : i32} : (memref<22x10240xi8, 1>)
          %p5 = air.channel.put async [%t0] @w_feed[] (%alloc[%c5_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 15 : i32} : (memref<22x10240xi8, 1>)
          %p6 = air.channel.put async [%t0] @w_feed[] (%alloc[%c6_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 16 : i32} : (memref<22x10240xi8, 1>)
          %p7 = air.channel.put async [%t0] @w_feed[] (%alloc[%c7_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 17 : i32} : (memref<22x10240xi8, 1>)
          %p8 = air.channel.put async [%t0] @w_feed[] (%alloc[%c8_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 18 : i32} : (memref<22x10240xi8, 1>)
          %p9 = air.channel.put async [%t0] @w_feed[] (%alloc[%c9_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 19 : i32} : (memref<22x10240xi8, 1>)
          %p10 = air.channel.put async [%t0] @w_feed[] (%alloc[%c10_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 20 : i32} : (memref<22x10240xi8, 1>)
          %p11 = air.channel.put async [%t0] @w_feed[] (%alloc[%c11_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 21 : i32} : (memref<22x10240xi8, 1>)
          %p12 = air.channel.put async [%t0] @w_feed[] (%alloc[%c12_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 22 : i32} : (memref<22x10240xi8, 1>)
          %p13 = air.channel.put async [%t0] @w_feed[] (%alloc[%c13_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 23 : i32} : (memref<22x10240xi8, 1>)
          %p14 = air.channel.put async [%t0] @w_feed[] (%alloc[%c14_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 24 : i32} : (memref<22x10240xi8, 1>)
          %p15 = air.channel.put async [%t0] @w_feed[] (%alloc[%c15_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 25 : i32} : (memref<22x10240xi8, 1>)
          %p16 = air.channel.put async [%t0] @w_feed[] (%alloc[%c16_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 26 : i32} : (memref<22x10240xi8, 1>)
          %p17 = air.channel.put async [%t0] @w_feed[] (%alloc[%c17_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 27 : i32} : (memref<22x10240xi8, 1>)
          %p18 = air.channel.put async [%t0] @w_feed[] (%alloc[%c18_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 28 : i32} : (memref<22x10240xi8, 1>)
          %p19 = air.channel.put async [%t0] @w_feed[] (%alloc[%c19_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 29 : i32} : (memref<22x10240xi8, 1>)
          %p20 = air.channel.put async [%t0] @w_feed[] (%alloc[%c20_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 30 : i32} : (memref<22x10240xi8, 1>)
          %p21 = air.channel.put async [%t0] @w_feed[] (%alloc[%c21_i, %c0_s] [%c1_s, %c10240_s] [%c10240_s, %c1_s]) {id = 31 : i32} : (memref<22x10240xi8, 1>)
        }
        air.herd @glu_herd  tile (%arg8, %arg9) in (%arg10=%c2_s, %arg11=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c22_h = arith.constant 22 : index
          %c5_h = arith.constant 5 : index
          %alloc_0 = memref.alloc() : memref<10240xi8, 2 : i32>
          %alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
          scf.for %arg12 = %c0_h to %c5_h step %c1_h {
            scf.for %arg13 = %c0_h to %c22_h step %c1_h {
              %1 = air.channel.get async @w_feed[%arg8, %arg9] (%alloc_0[] [] []) {id = 40 : i32} : (memref<10240xi8, 2 : i32>)
              func.call @glu_q4(%alloc_0, %alloc_1) : (memref<10240xi8, 2 : i32>, memref<64xbf16, 2 : i32>) -> ()
            }
          }
          memref.dealloc %alloc_0 : memref<10240xi8, 2 : i32>
          memref.dealloc %alloc_1 : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

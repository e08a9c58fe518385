// check-bd:
// expect: error AS0411 line 31
// F7 (model doc §5; flash_attention/kernel_fusion_based/attn_npu2_temporal_causal.py comments): a
// temporal-causal attention relay with head_dim 128 chunked at the channel level: the memtile
// sends one 4-D tile per chunk from a resident L2 buffer; the loop does not fold into a 4-D BD,
// so AIR unrolls it into a chain of 32 BDs on one memtile channel (one channel reaches 24).
module {
  air.channel @kv_l3 [1, 1]
  air.channel @kv_relay [1, 1] {broadcast_shape = [1, 4]}
  func.func private @attn_chunk(memref<4x8x8x8xbf16, 2 : i32>) attributes {link_with = "attn.o", llvm.emit_c_interface}
  func.func @attn_relay(%arg0: memref<262144xbf16>) {
    air.launch () in () args(%arg1=%arg0) : memref<262144xbf16> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c262144 = arith.constant 262144 : index
      %0 = air.channel.put async @kv_l3[] (%arg1[%c0] [%c262144] [%c1]) {id = 1 : i32} : (memref<262144xbf16>)
      air.segment @attn_seg  {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4_s = arith.constant 4 : index
        %c8_s = arith.constant 8 : index
        %c32_s = arith.constant 32 : index
        %c64_s = arith.constant 64 : index
        %c128_s = arith.constant 128 : index
        %c1024_s = arith.constant 1024 : index
        %c8192_s = arith.constant 8192 : index
        %alloc = memref.alloc() : memref<2048x128xbf16, 1>
        %1 = air.channel.get async @kv_l3[] (%alloc[] [] []) {id = 2 : i32} : (memref<2048x128xbf16, 1>)
        scf.for %arg2 = %c0_s to %c32_s step %c1_s {
          %2 = affine.apply affine_map<()[s0] -> (s0 * 64)>()[%arg2]
          %3 = air.channel.put async [%1] @kv_relay[] (%alloc[%2, %c0_s, %c0_s, %c0_s] [%c4_s, %c8_s, %c8_s, %c8_s] [%c8192_s, %c8_s, %c1024_s, %c1_s]) {id = 3 : i32} : (memref<2048x128xbf16, 1>)
        }
        air.herd @attn_herd  tile (%arg3, %arg4) in (%arg5=%c1_s, %arg6=%c4_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %alloc_0 = memref.alloc() : memref<4x8x8x8xbf16, 2 : i32>
          scf.for %arg7 = %c0_h to %c32_h step %c1_h {
            %4 = air.channel.get async @kv_relay[%arg3, %arg4] (%alloc_0[] [] []) {id = 4 : i32} : (memref<4x8x8x8xbf16, 2 : i32>)
            func.call @attn_chunk(%alloc_0) : (memref<4x8x8x8xbf16, 2 : i32>) -> ()
          }
          memref.dealloc %alloc_0 : memref<4x8x8x8xbf16, 2 : i32>
        }
        memref.dealloc %alloc : memref<2048x128xbf16, 1>
      }
    }
    return
  }
}

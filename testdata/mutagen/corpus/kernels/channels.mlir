// A small AIR program for mutagen's tests: an L3 -> L2 -> L1 channel pipeline with a
// broadcast, a packet channel, a DMA and asynchronous tokens.

#map = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @l3_to_l2 [1, 1]
  air.channel @l2_to_l1 [1, 2] {broadcast_shape = [2, 2]}
  air.channel @l1_to_l3 [2, 2] {channel_type = "npu_dma_packet", packet_ids = [4]}
  func.func @forward(%arg0: memref<64x64xi32>, %arg1: memref<64x64xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0 = air.launch async (%lx, %ly) in (%lsx=%c1, %lsy=%c1) args(%in=%arg0, %out=%arg1) : memref<64x64xi32>, memref<64x64xi32> {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c1_0 = arith.constant 1 : index
      %p = air.channel.put async @l3_to_l2[%c0, %c0] (%in[%c0, %c0] [%c64, %c64] [%c64, %c1_0]) {id = 1 : i32} : (memref<64x64xi32>)
      %g = air.channel.get async @l1_to_l3[%c0, %c0] (%out[%c0, %c0] [%c32, %c32] [%c64, %c1_0]) {id = 2 : i32} : (memref<64x64xi32>)
      %s = air.segment @seg async args(%seg_in=%in) : memref<64x64xi32> {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c4_s = arith.constant 4 : index
        %t0, %l2 = air.execute -> (memref<64x64xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<64x64xi32, 1 : i32>
          air.execute_terminator %alloc : memref<64x64xi32, 1 : i32>
        }
        %t1 = air.channel.get async [%t0] @l3_to_l2[%c0_s, %c0_s] (%l2[] [] []) {id = 3 : i32} : (memref<64x64xi32, 1 : i32>)
        %loop = scf.for %i = %c0_s to %c4_s step %c1_s iter_args(%dep = %t1) -> (!air.async.token) {
          %t2 = air.channel.put async [%dep] @l2_to_l1[%c0_s, %c1_s] (%l2[%c0_s, %c0_s] [%c2_s, %c2_s] [%c4_s, %c1_s]) {id = 4 : i32} : (memref<64x64xi32, 1 : i32>)
          scf.yield %t2 : !air.async.token
        }
        %h = air.herd @herd async [%loop] tile (%tx, %ty) in (%sx=%c2_s, %sy=%c2_s) args(%h_l2=%l2) : memref<64x64xi32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4_h = arith.constant 4 : index
          %t3, %l1 = air.execute -> (memref<32x32xi32, 2 : i32>) {
            %alloc = memref.alloc() : memref<32x32xi32, 2 : i32>
            air.execute_terminator %alloc : memref<32x32xi32, 2 : i32>
          }
          %w = scf.for %j = %c0_h to %c4_h step %c1_h iter_args(%d = %t3) -> (!air.async.token) {
            %t4 = air.channel.get async [%d] @l2_to_l1[%tx, %ty] (%l1[] [] []) {id = 5 : i32} : (memref<32x32xi32, 2 : i32>)
            scf.yield %t4 : !air.async.token
          }
          %v = memref.load %l1[%c0_h, %c0_h] : memref<32x32xi32, 2 : i32>
          %t5 = air.channel.put async [%w] @l1_to_l3[%tx, %ty] (%l1[] [] []) {id = 6 : i32} : (memref<32x32xi32, 2 : i32>)
          %t6 = air.execute [%t5] {
            memref.dealloc %l1 : memref<32x32xi32, 2 : i32>
          }
        }
        %t7 = air.execute [%h] {
          memref.dealloc %l2 : memref<64x64xi32, 1 : i32>
        }
      }
    }
    %done = air.wait_all async [%0]
    air.wait_all [%done]
    return
  }
}

// check-bd:
// expect: error AS0422 line 34
// F33 (model doc §5; SKILL debug-multi-launch-merge H2): two kernels stitched with the same prefix,
// so both launches use channels @channel_0/@channel_1 and segment @segment_0 (channel routing and
// device collisions). Written in the channel form air-dma-to-channel produces, like
// mlir/test/Conversion/AIRLowering/air_multi_launch_npu.mlir.
module {
  air.channel @channel_0 [1, 1]
  air.channel @channel_1 [1, 1]
  func.func @two_kernels(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>, %arg2: memref<1024xi32>) {
    %0 = air.launch async () in () args(%arg3=%arg0, %arg4=%arg1) : memref<1024xi32>, memref<1024xi32> attributes {id = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c1024 = arith.constant 1024 : index
      %2 = air.channel.put async @channel_0[%c0, %c0] (%arg3[%c0] [%c1024] [%c1]) {id = 1 : i32} : (memref<1024xi32>)
      %3 = air.channel.get async @channel_1[%c0, %c0] (%arg4[%c0] [%c1024] [%c1]) {id = 2 : i32} : (memref<1024xi32>)
      %4 = air.segment @segment_0 async attributes {id = 2 : i32} {
        %c1_0 = arith.constant 1 : index
        %5 = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c1_0, %sy=%c1_0) attributes {id = 3 : i32} {
          %alloc = memref.alloc() : memref<1024xi32, 2>
          %6 = air.channel.get async @channel_0[%tx, %ty] (%alloc[] [] []) {id = 3 : i32} : (memref<1024xi32, 2>)
          %7 = air.channel.put async [%6] @channel_1[%tx, %ty] (%alloc[] [] []) {id = 4 : i32} : (memref<1024xi32, 2>)
          memref.dealloc %alloc : memref<1024xi32, 2>
        }
      }
      air.wait_all [%2, %3] {air.launch_end}
    }
    %1 = air.launch async [%0] () in () args(%arg3=%arg1, %arg4=%arg2) : memref<1024xi32>, memref<1024xi32> attributes {id = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c1024 = arith.constant 1024 : index
      %2 = air.channel.put async @channel_0[%c0, %c0] (%arg3[%c0] [%c1024] [%c1]) {id = 5 : i32} : (memref<1024xi32>)
      %3 = air.channel.get async @channel_1[%c0, %c0] (%arg4[%c0] [%c1024] [%c1]) {id = 6 : i32} : (memref<1024xi32>)
      %4 = air.segment @segment_0 async attributes {id = 5 : i32} {
        %c1_0 = arith.constant 1 : index
        %5 = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c1_0, %sy=%c1_0) attributes {id = 6 : i32} {
          %alloc = memref.alloc() : memref<1024xi32, 2>
          %6 = air.channel.get async @channel_0[%tx, %ty] (%alloc[] [] []) {id = 7 : i32} : (memref<1024xi32, 2>)
          %7 = air.channel.put async [%6] @channel_1[%tx, %ty] (%alloc[] [] []) {id = 8 : i32} : (memref<1024xi32, 2>)
          memref.dealloc %alloc : memref<1024xi32, 2>
        }
      }
      air.wait_all [%2, %3] {air.launch_end}
    }
    return
  }
}

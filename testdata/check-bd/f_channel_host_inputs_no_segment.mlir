// check-bd: --device npu2
// expect: error AS0409 line 19
// Issue 32 (review): `ok_channel_host_inputs_packet` without its air.segment. air-dma-to-channel
// weighs the host channels of segments only (it walks air.segment ops), and aircc adds no segment
// around a herd already in a launch, so nothing is promoted: three circuit-switched inputs into
// one core, and the kit refuses it ('aie.connect' ... targets same dst as another connect op).
module {
  air.channel @c0 [1, 1]
  air.channel @c1 [1, 1]
  air.channel @c2 [1, 1]
  air.channel @co [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>, %arg3: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2, %l3=%arg3) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @c0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.put @c1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.channel.put @c2[] (%l2[] [] []) : (memref<1024xbf16>)
      air.channel.get @co[] (%l3[] [] []) : (memref<1024xbf16>)
        %c1 = arith.constant 1 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          %b2 = memref.alloc() : memref<1024xbf16, 2>
          %b3 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @c0[] (%b0[] [] []) : (memref<1024xbf16, 2>)
          air.channel.get @c1[] (%b1[] [] []) : (memref<1024xbf16, 2>)
          air.channel.get @c2[] (%b2[] [] []) : (memref<1024xbf16, 2>)
          air.channel.put @co[] (%b3[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          memref.dealloc %b1 : memref<1024xbf16, 2>
          memref.dealloc %b2 : memref<1024xbf16, 2>
          memref.dealloc %b3 : memref<1024xbf16, 2>
        }
    }
    return
  }
}

// check-bd: --device npu2
// Issue 32: three written channels from host buffers into a 1×1 herd. air-dma-to-channel's shim
// pressure estimate counts written channels as it counts the DMAs it converts (three inputs over
// a column's two shim channels), so all three become packet flows, which share one DMA channel of
// the core; the kit lowers it (no AS0409). It was a listed false error until check-bd modelled
// written channels (`ok_host_inputs_packet_1x1` is the same with DMAs).
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
      air.segment @seg {
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
    }
    return
  }
}

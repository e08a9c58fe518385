// check-bd: --device npu2
// Issue 32: two host inputs written `npu_dma_packet` and one from L2. The pressure (2) is within
// a column's two shim channels, so nothing is promoted, but the declared packet flows share one
// channel of the core: two input channels in all, and the kit lowers it.
module {
  air.channel @i0 [1, 1] {channel_type = "npu_dma_packet"}
  air.channel @i1 [1, 1] {channel_type = "npu_dma_packet"}
  air.channel @m0 [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @i0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.put @i1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.segment @seg {
        %cx = arith.constant 1 : index
        %cy = arith.constant 1 : index
        %m0 = memref.alloc() : memref<1024xbf16, 1>
        air.channel.put @m0[] (%m0[] [] []) : (memref<1024xbf16, 1>)
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) {
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i0[] (%b0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i1[] (%b1[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b1 : memref<1024xbf16, 2>
          %d0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @m0[] (%d0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %d0 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}

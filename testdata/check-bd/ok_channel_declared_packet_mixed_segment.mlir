// check-bd: --device npu2
// Issue 32 (review): `ok_channel_declared_packet_and_l2` beside a 2×2 herd whose host DMA is alike
// along one herd dimension only, which leaves the segment's pressure unestimated (no promotion).
// Channels written `npu_dma_packet` are packet flows whatever the pass decides: the first core
// still needs two input channels, and the kit lowers it.
module {
  air.channel @i0 [1, 1] {channel_type = "npu_dma_packet"}
  air.channel @i1 [1, 1] {channel_type = "npu_dma_packet"}
  air.channel @m0 [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @i0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.put @i1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.segment @seg args(%s2=%l2) : memref<1024xbf16> {
        %cx = arith.constant 1 : index
        %cy = arith.constant 1 : index
        %c2 = arith.constant 2 : index
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
        air.herd @herd2 tile (%x, %y) in (%s0=%c2, %s1=%c2) args(%h2=%s2) : memref<1024xbf16> {
          %c256 = arith.constant 256 : index
          %c1 = arith.constant 1 : index
          %off = arith.muli %x, %c256 : index
          %e0 = memref.alloc() : memref<256xbf16, 2>
          air.dma_memcpy_nd (%e0[] [] [], %h2[%off] [%c256] [%c1]) : (memref<256xbf16, 2>, memref<1024xbf16>)
          memref.dealloc %e0 : memref<256xbf16, 2>
        }
      }
    }
    return
  }
}

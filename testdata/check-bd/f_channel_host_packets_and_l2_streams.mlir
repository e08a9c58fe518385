// check-bd: --device npu2
// expect: error AS0409 line 23
// Issue 32: three written host inputs (promoted: one channel of the core) and two from L2: three
// input channels of a core that has two; the kit refuses it.
module {
  air.channel @i0 [1, 1]
  air.channel @i1 [1, 1]
  air.channel @i2 [1, 1]
  air.channel @m0 [1, 1]
  air.channel @m1 [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @i0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.put @i1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.channel.put @i2[] (%l2[] [] []) : (memref<1024xbf16>)
      air.segment @seg {
        %cx = arith.constant 1 : index
        %cy = arith.constant 1 : index
        %m0 = memref.alloc() : memref<1024xbf16, 1>
        air.channel.put @m0[] (%m0[] [] []) : (memref<1024xbf16, 1>)
        %m1 = memref.alloc() : memref<1024xbf16, 1>
        air.channel.put @m1[] (%m1[] [] []) : (memref<1024xbf16, 1>)
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) {
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i0[] (%b0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i1[] (%b1[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b1 : memref<1024xbf16, 2>
          %b2 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i2[] (%b2[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b2 : memref<1024xbf16, 2>
          %d0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @m0[] (%d0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %d0 : memref<1024xbf16, 2>
          %d1 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @m1[] (%d1[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %d1 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}

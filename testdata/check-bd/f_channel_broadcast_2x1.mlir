// check-bd: --device npu2
// expect: error AS0409 line 18
// Issue 32: three written host inputs broadcast to a 2×1 herd (`broadcast_shape = [2, 1]`: a span
// of 2 columns): the pass weighs them ceil(3 / 2) = 2, within a column's 2 shim channels, and
// promotes nothing; each core then needs three circuit-switched inputs and the kit refuses it.
module {
  air.channel @i0 [1, 1] {broadcast_shape = [2, 1]}
  air.channel @i1 [1, 1] {broadcast_shape = [2, 1]}
  air.channel @i2 [1, 1] {broadcast_shape = [2, 1]}
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @i0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.put @i1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.channel.put @i2[] (%l2[] [] []) : (memref<1024xbf16>)
      air.segment @seg {
        %cx = arith.constant 2 : index
        %cy = arith.constant 1 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) {
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i0[%tx, %ty] (%b0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i1[%tx, %ty] (%b1[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b1 : memref<1024xbf16, 2>
          %b2 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.get @i2[%tx, %ty] (%b2[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %b2 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}

// check-bd: --device npu2
// expect: error AS0446 line 14
// expect: error AS0446 line 15
// Issue 32: an L2 buffer that is a function argument, filled and read by a segment's channels:
// the kit refuses it (failed to get buffer.).
module {
  air.channel @c [1, 1]
  air.channel @d [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16, 1 : i32>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1) : memref<1024xbf16>, memref<1024xbf16, 1 : i32> {
      air.channel.put @c[] (%l0[] [] []) : (memref<1024xbf16>)
      air.segment @seg args(%s1=%l1) : memref<1024xbf16, 1 : i32> {
        %c1 = arith.constant 1 : index
        air.channel.get @c[] (%s1[] [] []) : (memref<1024xbf16, 1 : i32>)
        air.channel.put @d[] (%s1[] [] []) : (memref<1024xbf16, 1 : i32>)
        air.herd @herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %b = memref.alloc() : memref<1024xbf16, 2 : i32>
          air.channel.get @d[] (%b[] [] []) : (memref<1024xbf16, 2 : i32>)
          memref.dealloc %b : memref<1024xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

// check-bd: --device npu2
// expect: error AS0446 line 14
// Issue 32: an L1 buffer that is a function argument (memref<..., 2 : i32> in the signature) passed
// down to a herd's channel get: no memref.alloc stands behind it, and the kit refuses it in
// air-to-aie ('air.channel.get' op failed to get buffer.).
module {
  air.channel @c [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16, 2 : i32>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1) : memref<1024xbf16>, memref<1024xbf16, 2 : i32> {
      air.channel.put @c[] (%l0[] [] []) : (memref<1024xbf16>)
      air.segment @seg args(%s1=%l1) : memref<1024xbf16, 2 : i32> {
        %c1 = arith.constant 1 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%h1=%s1) : memref<1024xbf16, 2 : i32> {
          air.channel.get @c[] (%h1[] [] []) : (memref<1024xbf16, 2 : i32>)
        }
      }
    }
    return
  }
}

// check-bd: --device npu2
// Issue 32: the L1 buffer allocated in the segment and passed into the herd (as kernelgen's GEMM
// passes its accumulator): an allocation above the transfer will do, and the kit lowers it.
module {
  air.channel @c [1, 1]
  func.func @k(%arg0: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0) : memref<1024xbf16> {
      air.channel.put @c[] (%l0[] [] []) : (memref<1024xbf16>)
      air.segment @seg {
        %c1 = arith.constant 1 : index
        %b = memref.alloc() : memref<1024xbf16, 2 : i32>
        air.herd @herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%h1=%b) : memref<1024xbf16, 2 : i32> {
          air.channel.get @c[] (%h1[] [] []) : (memref<1024xbf16, 2 : i32>)
        }
        memref.dealloc %b : memref<1024xbf16, 2 : i32>
      }
    }
    return
  }
}

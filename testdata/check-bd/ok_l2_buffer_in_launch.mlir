// check-bd: --device npu2
// Issue 32: the L2 buffer allocated in the launch body, outside the segment that moves it: the kit
// lowers it (AS0446 is about arguments, not where an allocation sits).
module {
  air.channel @c [1, 1]
  air.channel @d [1, 1]
  func.func @k(%arg0: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0) : memref<1024xbf16> {
      %m = memref.alloc() : memref<1024xbf16, 1 : i32>
      air.channel.put @c[] (%l0[] [] []) : (memref<1024xbf16>)
      air.segment @seg args(%s1=%m) : memref<1024xbf16, 1 : i32> {
        %c1 = arith.constant 1 : index
        air.channel.get @c[] (%s1[] [] []) : (memref<1024xbf16, 1 : i32>)
        air.channel.put @d[] (%s1[] [] []) : (memref<1024xbf16, 1 : i32>)
        air.herd @herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %b = memref.alloc() : memref<1024xbf16, 2 : i32>
          air.channel.get @d[] (%b[] [] []) : (memref<1024xbf16, 2 : i32>)
          memref.dealloc %b : memref<1024xbf16, 2 : i32>
        }
      }
      memref.dealloc %m : memref<1024xbf16, 1 : i32>
    }
    return
  }
}

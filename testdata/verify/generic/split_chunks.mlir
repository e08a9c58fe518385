// Two chunks, as `--split-input-file` reads them: the `loc(...)` of each converted op is
// its line and column in the whole file.
air.channel @c [1]
func.func @producer(%buf: memref<16xi32>) {
  air.channel.put @c[] (%buf[] [] []) : (memref<16xi32>)
  return
}

// -----

func.func @consumer(%arg0: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  %t = air.wait_all async
  %0 = air.segment @seg async [%t] args(%s=%arg0) : memref<16xi32> {
    %c4 = arith.constant 4 : index
    air.herd @h tile (%x) in (%n=%c4) args(%h=%s) : memref<16xi32> {
      %v = memref.subview %h[%x] [4] [1] : memref<16xi32> to memref<4xi32, strided<[1], offset: ?>>
    }
  }
  air.wait_all [%0]
  return
}

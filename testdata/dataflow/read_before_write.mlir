// Hazard AS0800: launch 1 reads %arg1 before launch 2 writes it (the slices are in the wrong
// order: the consumer runs before its producer). Clean twin: read_before_write_ok.mlir.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @swapped(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    // consumer: reads %arg1, writes %arg2
    air.launch () in () args(%in=%arg1, %out=%arg2) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    // producer: reads %arg0, writes %arg1
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    return
  }
}

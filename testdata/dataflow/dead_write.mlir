// Note AS0803: launch 1 writes all of %arg1, launch 2 reads only its first half, and %arg1 is
// not an output (the second half is wasted work). Clean twin: dead_write_ok.mlir.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @half_used(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<512xbf16>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    air.launch () in () args(%in=%arg1, %out=%arg2) : memref<1024xbf16>, memref<512xbf16> {
      air.channel.put @a[] (%in[0] [512] [1]) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<512xbf16>)
    }
    return
  }
}

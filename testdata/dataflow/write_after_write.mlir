// Hazard AS0801: launches 1 and 2 both write the first half of %arg1 and nothing reads it in
// between (a wrong `args` index: launch 2 should write %arg2). Clean twin:
// write_after_write_ok.mlir.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @clobber(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[0] [512] [1]) : (memref<1024xbf16>)
    }
    return
  }
}

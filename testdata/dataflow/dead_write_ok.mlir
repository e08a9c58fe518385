// Clean twin of dead_write.mlir: launch 2 reads all that launch 1 writes.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @all_used(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<512xbf16>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    air.launch () in () args(%in=%arg1, %out=%arg2) : memref<1024xbf16>, memref<512xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<512xbf16>)
    }
    return
  }
}

// Clean twin of write_after_write.mlir: launch 2 writes its own buffer, %arg2, wholly.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @separate(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    air.launch () in () args(%in=%arg0, %out=%arg2) : memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    return
  }
}

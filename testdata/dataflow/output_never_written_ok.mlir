// roles: --output 2
// Clean twin of output_never_written.mlir: the host reads back %arg2, which the launch writes.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @read_back(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%x=%arg0, %y=%arg1, %out=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%x[] [] []) : (memref<1024xbf16>)
      air.channel.put @a[] (%y[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    return
  }
}

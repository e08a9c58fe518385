// roles: --output 1
// Hazard AS0802 with `--output 1`: the host reads %arg1 back, but the launch only reads it;
// it writes %arg2. Clean twin: output_never_written_ok.mlir.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @misread(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%x=%arg0, %y=%arg1, %out=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.put @a[] (%x[] [] []) : (memref<1024xbf16>)
      air.channel.put @a[] (%y[] [] []) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[] [] []) : (memref<1024xbf16>)
    }
    return
  }
}

// Note AS0805: the offset depends on a function argument, so the part of %arg1 the launch
// writes is unknown, never "whole": %arg1 is an output candidate whose write coverage is
// `unknown`, and %arg0 (read at a known part) stays static.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @dynamic(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %n: index) {
    air.launch () in () args(%in=%arg0, %out=%arg1, %off=%n) : memref<1024xbf16>, memref<1024xbf16>, index {
      air.channel.put @a[] (%in[0] [256] [1]) : (memref<1024xbf16>)
      air.channel.get @b[] (%out[%off] [256] [1]) : (memref<1024xbf16>)
    }
    return
  }
}

// check-bd: --device npu2
// Issue 32: three written channels from a 1×1 herd's core to host buffers: the output direction
// of `ok_channel_host_inputs_packet`; promoted to packet flows, they share one output channel of
// the core, and the kit lowers it (no AS0409 on its outputs).
module {
  air.channel @o0 [1, 1]
  air.channel @o1 [1, 1]
  air.channel @o2 [1, 1]
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16> {
      air.channel.get @o0[] (%l0[] [] []) : (memref<1024xbf16>)
      air.channel.get @o1[] (%l1[] [] []) : (memref<1024xbf16>)
      air.channel.get @o2[] (%l2[] [] []) : (memref<1024xbf16>)
      air.segment @seg {
        %cx = arith.constant 1 : index
        %cy = arith.constant 1 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) {
          %c0 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.put @o0[] (%c0[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %c0 : memref<1024xbf16, 2>
          %c1 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.put @o1[] (%c1[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %c1 : memref<1024xbf16, 2>
          %c2 = memref.alloc() : memref<1024xbf16, 2>
          air.channel.put @o2[] (%c2[] [] []) : (memref<1024xbf16, 2>)
          memref.dealloc %c2 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}

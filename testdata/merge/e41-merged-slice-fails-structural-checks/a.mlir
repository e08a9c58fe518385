// expect: invalid-air
// Issue 22: the herd uses %n, defined in the segment: air.herd is IsolatedFromAbove and AIR's
// verifier rejects it. merge checks AIR's structural rules by default (--no-verify skips them).
module {
  func.func @copy(%arg0: memref<64xbf16>, %arg1: memref<64xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%in=%arg0, %out=%arg1) : memref<64xbf16>, memref<64xbf16> {
      air.segment @seg  args(%i=%in, %o=%out) : memref<64xbf16>, memref<64xbf16> {
        %c1_0 = arith.constant 1 : index
        %n = arith.constant 64 : index
        air.herd @herd_0  tile (%tx, %ty) in (%sx2=%c1_0, %sy2=%c1_0) args(%a=%i, %b=%o) : memref<64xbf16>, memref<64xbf16> {
          %buf = memref.alloc() : memref<64xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          air.dma_memcpy_nd (%buf[] [] [], %a[%c0] [%n] [%c1_h]) : (memref<64xbf16, 2 : i32>, memref<64xbf16>)
          air.dma_memcpy_nd (%b[] [] [], %buf[] [] []) : (memref<64xbf16>, memref<64xbf16, 2 : i32>)
          memref.dealloc %buf : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

// check-bd:
// Issue 21, twin of f_wrap_split_prime_1031: 1030 host rows = 2 x 515, so AIR splits the
// dimension into 2 x 515 and the transfer lowers (the compiler kit accepts it in a second).
module {
  func.func @host_rows(%arg0: memref<1030x64xbf16>) {
    air.launch () in () args(%a=%arg0) : memref<1030x64xbf16> {
      air.segment @seg args(%b=%a) : memref<1030x64xbf16> {
        %c1 = arith.constant 1 : index
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%c=%b) : memref<1030x64xbf16> {
          %buf = memref.alloc() : memref<1030x16xbf16, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %c[0, 0] [1030, 16] [64, 1]) : (memref<1030x16xbf16, 2 : i32>, memref<1030x64xbf16>)
          memref.dealloc %buf : memref<1030x16xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

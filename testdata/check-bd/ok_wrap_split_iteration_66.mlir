// check-bd:
// Issue 21, twin of f_wrap_split_prime_iteration_67: an outermost dimension of 66 = 2 x 33 is
// factored into two transfers of 33 iterations (the compiler kit accepts it in a second).
module {
  func.func @host_iterations(%arg0: memref<66x2048xbf16>) {
    air.launch () in () args(%a=%arg0) : memref<66x2048xbf16> {
      air.segment @seg args(%b=%a) : memref<66x2048xbf16> {
        %c1 = arith.constant 1 : index
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%c=%b) : memref<66x2048xbf16> {
          %buf = memref.alloc() : memref<66x2x4x16xbf16, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %c[0, 0, 0, 0] [66, 2, 4, 16] [2048, 512, 64, 1]) : (memref<66x2x4x16xbf16, 2 : i32>, memref<66x2048xbf16>)
          memref.dealloc %buf : memref<66x2x4x16xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

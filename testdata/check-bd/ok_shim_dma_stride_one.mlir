// check-bd: --device npu2
// Issue 32: the twin of f_shim_dma_stride_zero: the same copy with the stride written 1.
module {
  func.func @graph(%arg0: memref<256xi32>) {
    %c1 = arith.constant 1 : index
    air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ext0=%arg0) : memref<256xi32> {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %buf0 = memref.alloc() : memref<256xi32, 2>
      air.dma_memcpy_nd (%buf0[%c0] [%c256] [%c1_0], %ext0[%c0] [%c256] [%c1_0]) : (memref<256xi32, 2>, memref<256xi32>)
      memref.dealloc %buf0 : memref<256xi32, 2>
    }
    return
  }
}

// check-bd: --device npu2
// expect: error AS0415 line 17
// Issue 32: a host-side DMA dimension of 256 elements with stride 0, as upstream's
// test/airhost/19_air_nd_memcpy_to_tile_dma writes a contiguous copy (`[%c0][%c256][%c0]`):
// AIR takes the stride as written, and the shim BD's verifier refuses it ("'aie.dma_bd' op
// Stride 0 must be a positive integer.", mlir-aie verifyStridesWraps). The same stride 0 on the
// L1 side of a 1-D copy the kit accepts (a one-dimensional core BD is linear), so the rule is the
// shim's. Twin: ok_shim_dma_stride_one.
module {
  func.func @graph(%arg0: memref<256xi32>) {
    %c1 = arith.constant 1 : index
    air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ext0=%arg0) : memref<256xi32> {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %buf0 = memref.alloc() : memref<256xi32, 2>
      air.dma_memcpy_nd (%buf0[%c0] [%c256] [%c1_0], %ext0[%c0] [%c256] [%c0]) : (memref<256xi32, 2>, memref<256xi32>)
      memref.dealloc %buf0 : memref<256xi32, 2>
    }
    return
  }
}

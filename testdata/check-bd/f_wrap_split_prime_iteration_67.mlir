// check-bd:
// lowering-timeout: 30s
// expect: error AS0440 line 17
// Issue 21: a host transfer of four active dimensions whose outermost has 67 rows (a prime). Its
// sizes are all at most 1023, so canonicalisation leaves it, but the shim's iteration dimension
// holds fewer than 64: airrt-to-npu's tileIllegalWrapDim factors it by
// findLargestAlignedFactor(67, 63, 1) = 1, inserts 67 again, erases the size-1 dimension and
// looks at 67 again, forever (the compiler kit does not finish). The judge gives it
// 30 s. Twin: ok_wrap_split_iteration_66 (66 = 2 x 33: two transfers of 33).
module {
  func.func @host_iterations(%arg0: memref<67x2048xbf16>) {
    air.launch () in () args(%a=%arg0) : memref<67x2048xbf16> {
      air.segment @seg args(%b=%a) : memref<67x2048xbf16> {
        %c1 = arith.constant 1 : index
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%c=%b) : memref<67x2048xbf16> {
          %buf = memref.alloc() : memref<67x2x4x16xbf16, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %c[0, 0, 0, 0] [67, 2, 4, 16] [2048, 512, 64, 1]) : (memref<67x2x4x16xbf16, 2 : i32>, memref<67x2048xbf16>)
          memref.dealloc %buf : memref<67x2x4x16xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

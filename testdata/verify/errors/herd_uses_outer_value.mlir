// Seeded: the herd body uses `%buf`, defined in the segment outside the herd, instead of
// passing it in through `args(...)`.
// expect: AS0501
func.func @f() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) {
    air.segment @seg {
      %c2 = arith.constant 2 : index
      %buf = memref.alloc() : memref<64xbf16, 1 : i32>
      air.herd @h tile (%tx, %ty) in (%nx=%c2, %ny=%c2) {
        %l1 = memref.alloc() : memref<64xbf16, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %buf[] [] []) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 1 : i32>)
        memref.copy %buf, %l1 : memref<64xbf16, 1 : i32> to memref<64xbf16, 2 : i32>
      }
    }
  }
  return
}

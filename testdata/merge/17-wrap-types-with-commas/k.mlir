func.func @k(%arg0: memref<64x64xbf16, 1 : i32>,
             %arg1: memref<?x?xf32, strided<[?, 1], offset: ?>>,
             %arg2: memref<32xi32, #air.symmetric_heap>) {
  %c2 = arith.constant 2 : index
  air.herd @herd_0  tile (%tx, %ty) in (%sx=%c2, %sy=%c2) args(%a=%arg0, %b=%arg1, %c=%arg2) : memref<64x64xbf16, 1 : i32>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<32xi32, #air.symmetric_heap> {
  }
  return
}

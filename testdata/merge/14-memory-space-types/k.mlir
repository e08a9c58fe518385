func.func @k(%arg0: memref<64xbf16, 1 : i64>, %arg1: memref<64xbf16, 1 : i32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0, %b=%arg1) : memref<64xbf16, 1 : i64>, memref<64xbf16, 1 : i32> {
  }
  return
}

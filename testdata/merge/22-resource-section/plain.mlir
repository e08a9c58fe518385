func.func @other(%arg0: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%out=%arg0) : memref<4xi32> {
  }
  return
}

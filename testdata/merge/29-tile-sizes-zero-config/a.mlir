func.func @bare(%arg0: memref<64xi32>) {
  %c2 = arith.constant 2 : index
  air.herd @h tile (%tx, %ty) in (%sx=%c2, %sy=%c2) args(%a=%arg0) : memref<64xi32> {
  }
  return
}

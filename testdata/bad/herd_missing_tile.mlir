func.func @f(%arg0: memref<64xbf16>) {
  %c2 = arith.constant 2 : index
  air.herd @herd_0 (%x, %y) in (%sx=%c2, %sy=%c2) args(%a=%arg0) : memref<64xbf16> {
  }
  return
}

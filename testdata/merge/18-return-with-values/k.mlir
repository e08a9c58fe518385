func.func @k(%arg0: memref<64xbf16>) -> index {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0) : memref<64xbf16> {
  }
  return %c1 : index
}

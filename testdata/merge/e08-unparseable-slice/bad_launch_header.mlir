func.func @k(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) (%sx=%c1) args(%a=%arg0) : memref<64xbf16> {
  }
  return
}

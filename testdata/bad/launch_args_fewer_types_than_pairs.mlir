func.func @f(%arg0: memref<64xbf16>, %arg1: memref<32xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0, %b=%arg1) : memref<64xbf16> {
  }
  return
}

func.func @f(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0) : memref<64xbf16> {
    air.segment args(%s=%a) : memref<64xbf16> {
  }
  return
}

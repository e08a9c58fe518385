func.func @k(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> {
    air.segment @seg0  {
      %c1_0 = arith.constant 1 : index
      air.herd tile (%tx, %ty) in (%a=%c1_0, %b=%c1_0) attributes {sym_name = "herd0"} {
      }
    }
  }
  return
}

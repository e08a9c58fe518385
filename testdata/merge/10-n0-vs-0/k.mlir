func.func @k(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> {
    %0 = arith.constant 3 : index
    %n0 = arith.addi %0, %x : index
    %n1 = arith.addi %n0, %0 : index
  }
  return
}

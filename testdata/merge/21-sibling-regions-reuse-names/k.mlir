func.func @k(%arg0: memref<64xbf16>, %arg1: memref<64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %arg2 = %c0 to %c2 step %c1 {
    air.launch (%x) in (%sx=%c1) args(%arg3=%arg0, %arg4=%arg2) : memref<64xbf16>, index {
    }
  }
  scf.for %arg2 = %c0 to %c2 step %c1 {
    air.launch (%x) in (%sx=%c1) args(%arg3=%arg1, %arg4=%arg2) : memref<64xbf16>, index {
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  memref.global "private" constant @coeffs : memref<4xi32> = dense<[1, 2, 3, 4]>
  llvm.func @trace_hook(i32)
  func.func @k(%arg0: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%out=%arg0) : memref<4xi32> {
      %g = memref.get_global @coeffs : memref<4xi32>
      %c7 = arith.constant 7 : i32
      llvm.call @trace_hook(%c7) : (i32) -> ()
      memref.copy %g, %out : memref<4xi32> to memref<4xi32>
    }
    return
  }
}

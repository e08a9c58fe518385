func.func @k(%arg0: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%out=%arg0) : memref<4xi32> {
    %cst = arith.constant dense_resource<blob1> : tensor<4xi32>
  }
  return
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000030000000400000000"
    }
  }
#-}

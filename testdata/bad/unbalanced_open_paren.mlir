func.func @f(%arg0: index, %arg1: index {
  %0 = arith.addi %arg0, %arg1 : index
  return
}

func.func @f(%arg0: index) {
  %0 = arith.addi %arg0, %arg0 : index
  %0 = arith.muli %arg0, %arg0 : index
  return
}

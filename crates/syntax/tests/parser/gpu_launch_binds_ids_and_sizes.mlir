func.func @gpu(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %sum = arith.addi %bx, %tx : index
    %all = arith.addi %gx, %sz : index
    gpu.terminator
  }
  return
}

func.func @par(%n: index, %m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
    scf.reduce
  }
  return
}

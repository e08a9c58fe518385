// Seeded: an upstream-op type error inside a herd body. AIR's structural rules are
// satisfied; only MLIR's verifier (feature `mlir`) sees that `arith.addf` is given integers.
// expect:
// expect-mlir: AS0530
func.func @f(%arg0: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%a=%arg0) : memref<64xi32> {
    %c0 = arith.constant 0 : index
    %l1 = memref.alloc() : memref<64xi32, 2 : i32>
    %v = memref.load %l1[%c0] : memref<64xi32, 2 : i32>
    %w = arith.addf %v, %v : i32
  }
  return
}

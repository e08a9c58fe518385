// Valid AIR with an error in an upstream op: `arith.addf` given integers. AIR's structural
// rules hold, so without MLIR (feature `mlir`) only air-opt finds it.
func.func @f(%arg0: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%tx, %ty) in (%nx=%c1, %ny=%c1) {
    %c0 = arith.constant 0 : index
    %l1 = memref.alloc() : memref<64xi32, 2 : i32>
    %v = memref.load %l1[%c0] : memref<64xi32, 2 : i32>
    %w = arith.addf %v, %v : i32
  }
  return
}

// Seeded: `args` lists one type more than it binds values. AIR's parser ignores the extra
// type (two upstream tests do this), so this is a warning, not an error.
// expect: AS0502
func.func @f(%arg0: memref<256xi32>) {
  %c1 = arith.constant 1 : index
  air.herd tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%ext=%arg0) : memref<256xi32>, memref<256xi32> {
  }
  return
}

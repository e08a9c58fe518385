// Seeded: two ids but one size.
// expect: AS0114
func.func @f() {
  %c4 = arith.constant 4 : index
  air.launch (%x) in (%sx=%c4) {
    air.segment @seg {
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%nx=%c2) {
      }
    }
  }
  return
}

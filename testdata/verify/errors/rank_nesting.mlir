// Seeded: an `air.rank` inside a segment (AIR's RankOp verifier forbids it).
// expect: AS0512
func.func @f() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) {
    air.segment @seg {
      %c2 = arith.constant 2 : index
      air.rank (%r) in (%sr=%c2) {
      }
    }
  }
  return
}

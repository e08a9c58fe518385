// Seeded: a herd terminator in a segment body, and a launch terminator that is not last.
// expect: AS0506 AS0506
func.func @f() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) {
    air.segment @seg {
      air.herd_terminator
    }
    air.launch_terminator
    %c2 = arith.constant 2 : index
  }
  return
}

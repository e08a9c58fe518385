// Seeded: generic-form herds whose operandSegmentSizes total the wrong count, and whose entry
// block lacks the size arguments.
// expect: AS0570 AS0570
func.func @f() {
  %c1 = arith.constant 1 : index
  "air.herd"(%c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> ({
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    "air.herd_terminator"() : () -> ()
  }) : (index, index) -> ()
  "air.herd"(%c1, %c1) <{operandSegmentSizes = array<i32: 0, 2, 0>}> ({
  ^bb0(%a: index, %b: index):
    "air.herd_terminator"() : () -> ()
  }) : (index, index) -> ()
  return
}

// Seeded: generic-form AIR ops get no implicit block or terminator: an execute whose region
// has no block, one whose block is empty, and a herd whose body does not end with its
// terminator.
// expect: AS0568 AS0568 AS0568
func.func @f() {
  %t = "air.execute"() ({
  }) : () -> !air.async.token
  %u = "air.execute"() ({
  ^bb0:
  }) : () -> !air.async.token
  %c1 = arith.constant 1 : index
  "air.herd"(%c1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> ({
  ^bb0(%a: index, %b: index):
    %x = arith.constant 1 : index
  }) : (index) -> ()
  return
}

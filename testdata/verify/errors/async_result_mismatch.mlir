// Seeded: `async` without a named token, and a named result on an op that is not `async`.
// expect: AS0511 AS0511
func.func @f() {
  %c1 = arith.constant 1 : index
  air.wait_all async
  %0 = air.launch (%x) in (%sx=%c1) {
  }
  return
}

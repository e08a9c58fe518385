// Seeded: an index value in a dependency list.
// expect: AS0505
func.func @f() {
  %c1 = arith.constant 1 : index
  %t = air.wait_all async
  %0 = air.launch async [%t, %c1] (%x) in (%sx=%c1) {
  }
  return
}

// Seeded: an air.execute body with two blocks (SizedRegion<1>).
// expect: AS0568
func.func @f() {
  %t = air.execute {
    cf.br ^bb1
  ^bb1:
    air.execute_terminator
  }
  return
}

func.func @undef() {
  %0 = arith.addi %nope, %nope : index
  scf.for %i = %0 to %0 step %0 {
  }
  "test.use"(%i) : (index) -> ()
  return
}

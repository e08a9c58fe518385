// An upstream-style negative test: never mutated.
air.channel @c [2]
func.func @f(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error@+1 {{scf.for induction variable}}
    air.channel.put @c[%i] (%m[] [] []) : (memref<4xi32, 2>)
  }
  return
}

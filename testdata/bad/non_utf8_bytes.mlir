func.func @f() {
  %0 = arith.constant 1 : i32 // café in Latin-1
  return
}

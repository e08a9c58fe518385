func.func @f() {
  %0 = : i32
  return
}

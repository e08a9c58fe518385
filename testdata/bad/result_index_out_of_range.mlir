func.func @f() {
  %tok, %res:2 = air.execute -> (index, index) {
    %c0 = arith.constant 0 : index
    air.execute_terminator %c0, %c0 : index, index
  }
  "test.use"(%res#2) : (index) -> ()
  return
}

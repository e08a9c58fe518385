func.func @groups(%m: memref<4xindex>) {
  %r:2 = "test.two"() : () -> (index, index)
  %tok, %res:2 = air.execute -> (index, index) {
    %a = arith.constant 0 : index
    air.execute_terminator %a, %a : index, index
  } {id = 1 : i32}
  "test.use"(%r#0, %r#1, %res#1, %tok) : (index, index, index, !air.async.token) -> ()
  return
}

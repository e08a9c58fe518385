func.func @oob() {
  %r:2 = "test.two"() : () -> (index, index)
  %s = "test.one"() : () -> index
  "test.use"(%r#2, %s#1, %s#0) : (index, index, index) -> ()
  return
}

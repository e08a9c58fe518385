func.func @unknown(%m: index) {
  foo.bind %x = %m {
    "test.use"(%x) : (index) -> ()
  }
  foo.lambda (%y: index) -> index {
    "test.use"(%y) : (index) -> ()
  }
  "test.use"(%x, %y) : (index, index) -> ()
  return
}

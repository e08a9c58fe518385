test.graph {
  %a = "test.use"(%b) : (index) -> index
  %b = "test.use"(%a) : (index) -> index
}

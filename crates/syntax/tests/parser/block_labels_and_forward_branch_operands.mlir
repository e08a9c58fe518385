func.func @blocks(%c: i1) -> index {
  cf.cond_br %c, ^bb1, ^bb2(%late : index)
^bb1:
  %late = arith.constant 1 : index
  cf.br ^bb2(%late : index)
^bb2(%v: index):
  return %v : index
}

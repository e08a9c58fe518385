%c0 = arith.constant 0 : index
= arith.constant 1 : index

// -----

module {
  = arith.constant 1 : index
}

// -----

func.func @f() {
  %c0 = arith.constant 0 : index
  = arith.constant 1 : index
  return
}

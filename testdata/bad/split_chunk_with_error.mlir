func.func @ok() {
  return
}

// -----

func.func @broken() {
  %0 = arith.addi %missing, %missing : index
  return
}

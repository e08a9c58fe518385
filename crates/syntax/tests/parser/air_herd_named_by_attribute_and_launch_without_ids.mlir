func.func @f(%arg0: memref<64xi32>) {
  air.launch () in () args(%m=%arg0) : memref<64xi32> {
    air.segment args(%sm=%m) : memref<64xi32> {
      %c1 = arith.constant 1 : index
      air.herd tile (%x, %y) in (%sx = %c1, %sy = %c1) args(%hm = %sm) : memref<64xi32> attributes {sym_name = "herd0", link_with = "kernel.o"} {
        func.call @kernel(%hm) : (memref<64xi32>) -> ()
      }
    }
  }
  return
}
func.func private @kernel(memref<64xi32>) attributes {link_with = "kernel.o"}

func.func @launches(%arg0: memref<64xi32>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // No attribute dictionary: one is added before the body.
  air.launch (%x, %y) in (%sx=%c4, %sy=%c2) args(%a=%arg0) : memref<64xi32> {
    air.segment @s0 {
    }
  }
  // A dictionary without the attribute: the entry is added to it.
  air.launch (%x, %y) in (%sx=%c4, %sy=%c2) args(%a=%arg0) : memref<64xi32> attributes {air.note = "kept"} {
    air.segment @s1 {
    }
  }
  // The same value already: left as written.
  air.launch (%x, %y) in (%sx=%c4, %sy=%c2) args(%a=%arg0) : memref<64xi32> attributes {air.shim_dma_tile_sizes = array<i64: 2, 2>} {
    air.segment @s2 {
    }
  }
  return
}

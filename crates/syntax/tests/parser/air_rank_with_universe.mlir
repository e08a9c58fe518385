func.func @ranks(%arg0: memref<128x64xf32>, %cap: index) {
  %c4 = arith.constant 4 : index
  %u = air.universe.alloc(%cap)
  air.rank universe(%u) (%rx) in (%sx = %c4) args(%A = %arg0) : memref<128x64xf32> {
    air.launch (%lx) in (%lsx = %sx) args(%B = %A, %r = %rx) : memref<128x64xf32>, index {
      %z = arith.addi %r, %lx : index
    }
  }
  return
}

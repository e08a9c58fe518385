// check-bd:
// expect: error AS0439 line 14
// The cores of a 1×4 herd all write one host location (the output offset does not depend on
// the herd's y id): air-to-aie gives a flow to L3 one source and fails with `'air.channel.get' op
// found multiple inputs for an aie.flow. Fan-in for aie.flow isn't supported in current
// architecture.` (the compiler kit: rejected; F35's cascade output does the same).
func.func @k(%a: memref<64xi32>) {
  air.launch () in () args(%la=%a) : memref<64xi32> {
    air.segment @seg args(%sa=%la) : memref<64xi32> {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c4) args(%ha=%sa) : memref<64xi32> {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        air.dma_memcpy_nd (%ha[] [] [], %l1[] [] []) : (memref<64xi32>, memref<64xi32, 2 : i32>)
        memref.dealloc %l1 : memref<64xi32, 2 : i32>
      }
    }
  }
  return
}

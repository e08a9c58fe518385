// Seeded: an L3 buffer allocated inside a segment, an L2 buffer allocated inside a herd, and
// a load inside a herd from an L2 buffer (AIR's verifyAllocMemorySpace and
// verifyComputeMemoryAccess). The L1 buffer, the L2 alloc in the segment and the symmetric-heap
// alloc are fine.
// expect: AS0513 AS0513 AS0514
func.func @f(%l2: memref<64xi32, 1 : i32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%l2) : memref<64xi32, 1 : i32> {
    air.segment @seg args(%b=%a) : memref<64xi32, 1 : i32> {
      %ddr = memref.alloc() : memref<64xi32>
      %ok = memref.alloc() : memref<64xi32, 1 : i32>
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%w=%c2, %h=%c2) args(%in=%b) : memref<64xi32, 1 : i32> {
        %c0 = arith.constant 0 : index
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        %tile_l2 = memref.alloc() : memref<64xi32, 1 : i32>
        %v = memref.load %in[%c0] : memref<64xi32, 1 : i32>
        memref.store %v, %l1[%c0] : memref<64xi32, 2 : i32>
      }
    }
  }
  return
}

// Bare herds whose L3 buffers cannot stay outside the wrapper's launch: one allocated in a
// loop, one whose size the wrapped ops compute, and a deallocation waited on before the herd
// is done. Each is a diagnostic: AIR refuses an L3 allocation inside a segment.
func.func @k(%arg0: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %loop_buf = memref.alloc() : memref<64xi32>
    memref.dealloc %loop_buf : memref<64xi32>
  }
  %sized = memref.alloc(%n) : memref<?xi32>
  %t0, %buf = air.execute -> (memref<64xi32>) {
    %alloc = memref.alloc() : memref<64xi32>
    air.execute_terminator %alloc : memref<64xi32>
  }
  %freed = air.execute [%t0] {
    memref.dealloc %buf : memref<64xi32>
  }
  %h = air.herd @herd_0 async [%freed] tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%arg0) : memref<64xi32> {
  }
  memref.dealloc %sized : memref<?xi32>
  return
}

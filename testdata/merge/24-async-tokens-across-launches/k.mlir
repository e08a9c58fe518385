// Two runs of bare herds around a launch that is already wrapped, all async: the launch waits
// on the first herd, so it waits on the first wrapper's token instead; the second wrapper
// waits on both (the first herd's token is the first wrapper's token outside it).
func.func @k(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  %h = air.herd @first async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%arg0) : memref<64xi32> {
    %l1 = memref.alloc() : memref<64xi32, 2>
    air.dma_memcpy_nd (%l1[] [] [], %a[] [] []) : (memref<64xi32, 2>, memref<64xi32>)
    memref.dealloc %l1 : memref<64xi32, 2>
  }
  %l = air.launch async [%h] () in () args(%x=%arg1) : memref<64xi32> {
    air.segment @middle args(%y=%x) : memref<64xi32> {
      %c1_0 = arith.constant 1 : index
      air.herd @second tile (%tx, %ty) in (%sx=%c1_0, %sy=%c1_0) args(%b=%y) : memref<64xi32> {
        %l1 = memref.alloc() : memref<64xi32, 2>
        air.dma_memcpy_nd (%l1[] [] [], %b[] [] []) : (memref<64xi32, 2>, memref<64xi32>)
        memref.dealloc %l1 : memref<64xi32, 2>
      }
    }
  }
  %c1_1 = arith.constant 1 : index
  %h2 = air.herd @third async [%l, %h] tile (%tx, %ty) in (%sx=%c1_1, %sy=%c1_1) args(%a=%arg1) : memref<64xi32> {
    %l1 = memref.alloc() : memref<64xi32, 2>
    air.dma_memcpy_nd (%a[] [] [], %l1[] [] []) : (memref<64xi32>, memref<64xi32, 2>)
    memref.dealloc %l1 : memref<64xi32, 2>
  }
  return
}

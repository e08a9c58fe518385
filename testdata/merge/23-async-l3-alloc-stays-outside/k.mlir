// An async bare herd whose L3 buffer is allocated and freed in `air.execute` ops (the shape of
// upstream's test/airhost/48_air_mmult_2x2_channel): the allocation stays before the launch,
// which waits on its token; the deallocation comes after it and waits on the launch's token.
func.func @k(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  %t0, %buf = air.execute -> (memref<64xi32>) {
    %alloc = memref.alloc() : memref<64xi32>
    air.execute_terminator %alloc : memref<64xi32>
  }
  %t1 = air.execute [%t0] {
    memref.copy %arg0, %buf : memref<64xi32> to memref<64xi32>
  }
  %h = air.herd @herd_0 async [%t1] tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%buf, %b=%arg1) : memref<64xi32>, memref<64xi32> {
    %l1 = memref.alloc() : memref<64xi32, 2>
    air.dma_memcpy_nd (%l1[] [] [], %a[] [] []) : (memref<64xi32, 2>, memref<64xi32>)
    air.dma_memcpy_nd (%b[] [] [], %l1[] [] []) : (memref<64xi32>, memref<64xi32, 2>)
    memref.dealloc %l1 : memref<64xi32, 2>
  }
  %t2 = air.execute [%h, %t0] {
    memref.dealloc %buf : memref<64xi32>
  }
  return
}

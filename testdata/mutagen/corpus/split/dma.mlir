// Two chunks: a DMA in a herd, and a rank around DMAs.

func.func @dma(%arg0: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  air.herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ext=%arg0) : memref<1024xi32> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_0 = arith.constant 1 : index
    %buf = memref.alloc() : memref<16xi32, 2>
    air.dma_memcpy_nd (%buf[] [] [], %ext[%c0] [%c16] [%c1_0]) {id = 1 : i32} : (memref<16xi32, 2>, memref<1024xi32>)
    memref.dealloc %buf : memref<16xi32, 2>
  }
  return
}

// -----

func.func @ranks(%arg0: memref<256xf32>) {
  %c2 = arith.constant 2 : index
  air.rank (%r) in (%rs=%c2) args(%src=%arg0) : memref<256xf32> {
    %peer = memref.alloc() : memref<256xf32, 1>
    air.dma_memcpy_nd (%peer[] [] [], %src[] [] []) : (memref<256xf32, 1>, memref<256xf32>)
    %local = memref.alloc() : memref<256xf32>
    air.dma_memcpy_nd (%src[] [] [], %local[] [] []) : (memref<256xf32>, memref<256xf32>)
  }
  return
}

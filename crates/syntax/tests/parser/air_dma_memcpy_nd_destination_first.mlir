func.func @dma(%l1: memref<1x1024xbf16, 2>, %l2: memref<4x1024xbf16, 1 : i32>, %x: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  air.dma_memcpy_nd (%l1[] [] [], %l2[%c0, %x] [%c1, %c1024] [%c1024, %c1]) {id = 1 : i32} : (memref<1x1024xbf16, 2>, memref<4x1024xbf16, 1 : i32>)
  %t = air.dma_memcpy_nd async (%l2[] [] [], %l1[] [] []) : (memref<4x1024xbf16, 1 : i32>, memref<1x1024xbf16, 2>)
  return
}

// Seeded: a DMA with more sizes than strides on its source, padding beyond 65535, and a
// cross-rank DMA outside any air.rank (AIR's DmaMemcpyNdOp verifier).
// expect: AS0561 AS0562 AS0563
func.func @f(%a: memref<64xi32>, %b: memref<64xi32>) {
  air.dma_memcpy_nd (%a[] [] [], %b[0, 0] [8, 8] [8]) : (memref<64xi32>, memref<64xi32>)
  air.dma_memcpy_nd (%a[] [] [], %b[] [] []) {pad_before = array<i32: 0>, pad_after = array<i32: 70000>} : (memref<64xi32>, memref<64xi32>)
  air.dma_memcpy_nd (%a[] [] [], %b[] [] []) {src_rank = 1} : (memref<64xi32>, memref<64xi32>)
  return
}

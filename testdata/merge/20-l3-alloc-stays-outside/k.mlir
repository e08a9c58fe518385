func.func @k(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  %tmp = memref.alloc() : memref<64xbf16>
  air.herd @herd_0  tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%arg0, %b=%tmp) : memref<64xbf16>, memref<64xbf16> {
    air.dma_memcpy_nd (%b[] [] [], %a[] [] []) : (memref<64xbf16>, memref<64xbf16>)
  }
  memref.dealloc %tmp : memref<64xbf16>
  return
}

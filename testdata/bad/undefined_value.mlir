func.func @f(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg1) : memref<64xbf16> {
    air.dma_memcpy_nd (%a[] [] [], %a[] [] []) : (memref<64xbf16>, memref<64xbf16>)
  }
  return
}

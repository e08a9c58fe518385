module {
  func.func @copy_half(%arg0: memref<32xbf16>, %arg1: memref<32xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%in=%arg0, %out=%arg1) : memref<32xbf16>, memref<32xbf16> {
      air.segment @seg  args(%i=%in, %o=%out) : memref<32xbf16>, memref<32xbf16> {
        %c1_0 = arith.constant 1 : index
        air.herd @herd_0  tile (%tx, %ty) in (%sx2=%c1_0, %sy2=%c1_0) args(%a=%i, %b=%o) : memref<32xbf16>, memref<32xbf16> {
          %buf = memref.alloc() : memref<64xbf16, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %a[] [] []) : (memref<64xbf16, 2 : i32>, memref<32xbf16>)
          air.dma_memcpy_nd (%b[] [] [], %buf[] [] []) : (memref<32xbf16>, memref<64xbf16, 2 : i32>)
          memref.dealloc %buf : memref<64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

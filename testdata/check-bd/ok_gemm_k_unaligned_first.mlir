// check-bd:
// expect: exit 0
// Twin of f_gemm_k_unaligned_not_first: the GEMM at K = 4352 (not a multiple of 512) is launch 0,
// and the GEMM after it reduces over K = 4096: nothing to flag.
func.func @two_gemms(%a: memref<16x4352xbf16>, %b: memref<4352x16xbf16>, %c: memref<16x16xbf16>, %d: memref<16x16xbf16>, %e: memref<16x4096xbf16>, %f: memref<4096x16xbf16>) {
  air.launch () in () args(%la=%a, %lb=%b, %lc=%c) : memref<16x4352xbf16>, memref<4352x16xbf16>, memref<16x16xbf16> {
    %c1 = arith.constant 1 : index
    air.herd @first tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ha=%la, %hb=%lb, %hc=%lc) : memref<16x4352xbf16>, memref<4352x16xbf16>, memref<16x16xbf16> {
      %ta = memref.alloc() : memref<16x64xbf16, 2 : i32>
      %tb = memref.alloc() : memref<64x16xbf16, 2 : i32>
      %tc = memref.alloc() : memref<16x16xbf16, 2 : i32>
      air.dma_memcpy_nd (%ta[] [] [], %ha[0, 0] [16, 64] [4352, 1]) : (memref<16x64xbf16, 2 : i32>, memref<16x4352xbf16>)
      air.dma_memcpy_nd (%tb[] [] [], %hb[0, 0] [64, 16] [16, 1]) : (memref<64x16xbf16, 2 : i32>, memref<4352x16xbf16>)
      air.dma_memcpy_nd (%hc[] [] [], %tc[] [] []) : (memref<16x16xbf16>, memref<16x16xbf16, 2 : i32>)
    }
  }
  air.launch () in () args(%la=%e, %lb=%f, %ld=%d) : memref<16x4096xbf16>, memref<4096x16xbf16>, memref<16x16xbf16> {
    %c1 = arith.constant 1 : index
    air.herd @second tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ha=%la, %hb=%lb, %hd=%ld) : memref<16x4096xbf16>, memref<4096x16xbf16>, memref<16x16xbf16> {
      %ta = memref.alloc() : memref<16x64xbf16, 2 : i32>
      %tb = memref.alloc() : memref<64x16xbf16, 2 : i32>
      %td = memref.alloc() : memref<16x16xbf16, 2 : i32>
      air.dma_memcpy_nd (%ta[] [] [], %ha[0, 0] [16, 64] [4096, 1]) : (memref<16x64xbf16, 2 : i32>, memref<16x4096xbf16>)
      air.dma_memcpy_nd (%tb[] [] [], %hb[0, 0] [64, 16] [16, 1]) : (memref<64x16xbf16, 2 : i32>, memref<4096x16xbf16>)
      air.dma_memcpy_nd (%hd[] [] [], %td[] [] []) : (memref<16x16xbf16>, memref<16x16xbf16, 2 : i32>)
    }
  }
  return
}

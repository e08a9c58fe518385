// check-bd:
// lowering-timeout: 60s
// expect: warning AS0431 line 20
// Issue 21: a segment loop of 2 iterations whose host read steps 2^21 granules (one 8 MiB row)
// cannot fold into its BD, so air-opt-shim-dma-bds unrolls it with the 16 launch iterations around
// it, and the canonicalize that follows works on a chain of 16 wait_alls: the compiler kit takes
// 125 s (accepted; 0.9 s at 12 iterations, 6.8 s at 14, 25.5 s at 15). The judge gives it 60 s.
// Twin: ok_compile_time_chain_15.
#row = affine_map<()[s0, s1] -> (s0 * 2 + s1)>
func.func @k(%w: memref<32x4194304xbf16>, %o: memref<16x64xbf16>) {
  %c16 = arith.constant 16 : index
  air.launch (%i) in (%n=%c16) args(%lw=%w, %lo=%o) : memref<32x4194304xbf16>, memref<16x64xbf16> {
    air.segment @seg args(%si=%i, %sw=%lw, %so=%lo) : index, memref<32x4194304xbf16>, memref<16x64xbf16> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<64xbf16, 1 : i32>
      scf.for %k = %c0 to %c2 step %c1 {
        %r = affine.apply #row()[%si, %k]
        air.dma_memcpy_nd (%l2[] [] [], %sw[%r, %c0] [%c1, 64] [4194304, %c1]) : (memref<64xbf16, 1 : i32>, memref<32x4194304xbf16>)
        air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%hl2=%l2) : memref<64xbf16, 1 : i32> {
          %l1 = memref.alloc() : memref<64xbf16, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %hl2[] [] []) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 1 : i32>)
          memref.dealloc %l1 : memref<64xbf16, 2 : i32>
        }
      }
      air.dma_memcpy_nd (%so[%si, %c0] [%c1, 64] [64, %c1], %l2[] [] []) : (memref<16x64xbf16>, memref<64xbf16, 1 : i32>)
      memref.dealloc %l2 : memref<64xbf16, 1 : i32>
    }
  }
  return
}

// check-bd:
// Issue 21, twin of f_compile_time_chain_16: 15 launch iterations chain the unrolled loop; the
// compiler kit lowers it in 25.5 s, below the 16 iterations from which check-bd warns (AS0431).
#row = affine_map<()[s0, s1] -> (s0 * 2 + s1)>
func.func @k(%w: memref<30x4194304xbf16>, %o: memref<15x64xbf16>) {
  %c15 = arith.constant 15 : index
  air.launch (%i) in (%n=%c15) args(%lw=%w, %lo=%o) : memref<30x4194304xbf16>, memref<15x64xbf16> {
    air.segment @seg args(%si=%i, %sw=%lw, %so=%lo) : index, memref<30x4194304xbf16>, memref<15x64xbf16> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<64xbf16, 1 : i32>
      scf.for %k = %c0 to %c2 step %c1 {
        %r = affine.apply #row()[%si, %k]
        air.dma_memcpy_nd (%l2[] [] [], %sw[%r, %c0] [%c1, 64] [4194304, %c1]) : (memref<64xbf16, 1 : i32>, memref<30x4194304xbf16>)
        air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%hl2=%l2) : memref<64xbf16, 1 : i32> {
          %l1 = memref.alloc() : memref<64xbf16, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %hl2[] [] []) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 1 : i32>)
          memref.dealloc %l1 : memref<64xbf16, 2 : i32>
        }
      }
      air.dma_memcpy_nd (%so[%si, %c0] [%c1, 64] [64, %c1], %l2[] [] []) : (memref<15x64xbf16>, memref<64xbf16, 1 : i32>)
      memref.dealloc %l2 : memref<64xbf16, 1 : i32>
    }
  }
  return
}

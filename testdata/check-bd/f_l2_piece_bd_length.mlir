// check-bd:
// expect: error AS0427 line 16
// The compiler kit rejects it (mlir-air e972f29, mlir-aie 7e00b57) in air-to-aie: `'aie.dma_bd'
// op buffer descriptor length (131072 32-bit words) exceeds the maximum of 131071 words supported
// by this tile type`. A 2 MiB L2 panel read by an 8×4 herd one row each (a broadcast over the
// columns): air-split-l2-memref cuts it into 4 pieces of 1×1024×256 bf16 (512 KiB), and the host
// transfer filling each piece is one memtile BD of 131072 words, one over the 17-bit length. Each
// piece fits its memtile. One row less (ok_l2_piece_bd_length_1023_rows) compiles.
module {
  func.func @panel_rows(%arg0: memref<4x1024x256xbf16>) {
    air.launch () in () args(%arg1=%arg0) : memref<4x1024x256xbf16> {
      air.segment @panel_seg  args(%arg2=%arg1) : memref<4x1024x256xbf16> {
        %c8 = arith.constant 8 : index
        %c4 = arith.constant 4 : index
        %alloc = memref.alloc() : memref<4x1024x256xbf16, 1 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %arg2[] [] []) : (memref<4x1024x256xbf16, 1 : i32>, memref<4x1024x256xbf16>)
        air.herd @herd_0  tile (%tx, %ty) in (%sx=%c8, %sy=%c4) args(%panel=%alloc) : memref<4x1024x256xbf16, 1 : i32> {
          %l1 = memref.alloc() : memref<32x256xbf16, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %panel[%ty, 0, 0] [1, 32, 256] [262144, 256, 1]) : (memref<32x256xbf16, 2 : i32>, memref<4x1024x256xbf16, 1 : i32>)
          memref.dealloc %l1 : memref<32x256xbf16, 2 : i32>
        }
        memref.dealloc %alloc : memref<4x1024x256xbf16, 1 : i32>
      }
    }
    return
  }
}

// check-bd:
// The compiler kit accepts it (mlir-air e972f29, mlir-aie 7e00b57): the twin of
// f_l2_piece_bd_length with 1023 rows per piece; each piece (1×1023×256 bf16, 130944 words) is
// one memtile BD, and air-to-aie puts the 4 pieces on 4 memtiles.
module {
  func.func @panel_rows(%arg0: memref<4x1023x256xbf16>) {
    air.launch () in () args(%arg1=%arg0) : memref<4x1023x256xbf16> {
      air.segment @panel_seg  args(%arg2=%arg1) : memref<4x1023x256xbf16> {
        %c8 = arith.constant 8 : index
        %c4 = arith.constant 4 : index
        %alloc = memref.alloc() : memref<4x1023x256xbf16, 1 : i32>
        air.dma_memcpy_nd (%alloc[] [] [], %arg2[] [] []) : (memref<4x1023x256xbf16, 1 : i32>, memref<4x1023x256xbf16>)
        air.herd @herd_0  tile (%tx, %ty) in (%sx=%c8, %sy=%c4) args(%panel=%alloc) : memref<4x1023x256xbf16, 1 : i32> {
          %l1 = memref.alloc() : memref<32x256xbf16, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %panel[%ty, 0, 0] [1, 32, 256] [261888, 256, 1]) : (memref<32x256xbf16, 2 : i32>, memref<4x1023x256xbf16, 1 : i32>)
          memref.dealloc %l1 : memref<32x256xbf16, 2 : i32>
        }
        memref.dealloc %alloc : memref<4x1023x256xbf16, 1 : i32>
      }
    }
    return
  }
}

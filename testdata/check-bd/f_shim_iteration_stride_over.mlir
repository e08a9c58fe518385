// check-bd:
// expect: error AS0436 line 27
// expect: error AS0436 line 28
// expect: error AS0436 line 29
// Issue 15: three transfers on one shim channel whose outermost (iteration) dimension steps
// 4194304 bf16 elements (2^21 granules, encoded 2^21 - 1 > 2^20): the pinned mlir-aie (7e00b57,
// the one mlir-air e972f29 pins) rejects the BD (`Stride 3 exceeds the [1:1048576] range.`, the
// compiler kit confirms); newer aie-decompose-large-dma-bd slices each into 8 transfers (mlir-aie
// test decompose_large_stride.mlir). Twin under the bound: ok_shim_iteration_stride_at_bound. A 1x1 herd drains
// each L2 block: air-to-aie lowers a segment's transfers only through its herds.
module {
  air.channel @feed [1, 1]
  func.func @strided_blocks(%arg0: memref<33554432xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%a=%arg0) : memref<33554432xbf16> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %c65536 = arith.constant 65536 : index
      %c131072 = arith.constant 131072 : index
      %c262144 = arith.constant 262144 : index
      %cstride = arith.constant 4194304 : index
      air.channel.put @feed[] (%a[%c0, %c0, %c0, %c0] [%c8, %c4, %c64, %c256] [%cstride, %c65536, %c512, %c1_l]) : (memref<33554432xbf16>)
      air.channel.put @feed[] (%a[%c0, %c0, %c0, %c131072] [%c8, %c4, %c64, %c256] [%cstride, %c65536, %c512, %c1_l]) : (memref<33554432xbf16>)
      air.channel.put @feed[] (%a[%c0, %c0, %c0, %c262144] [%c8, %c4, %c64, %c256] [%cstride, %c65536, %c512, %c1_l]) : (memref<33554432xbf16>)
      air.segment @strided_seg {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c24 = arith.constant 24 : index
        %buf = memref.alloc() : memref<4x64x256xbf16, 1 : i32>
        scf.for %i = %c0_s to %c24 step %c1_s {
          air.channel.get @feed[] (%buf[] [] []) : (memref<4x64x256xbf16, 1 : i32>)
          air.herd @herd_0  tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%l2=%buf) : memref<4x64x256xbf16, 1 : i32> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c4_h = arith.constant 4 : index
            %c8_h = arith.constant 8 : index
            %c64_h = arith.constant 64 : index
            %c256_h = arith.constant 256 : index
            %c16384_h = arith.constant 16384 : index
            %l1 = memref.alloc() : memref<8x256xbf16, 2 : i32>
            scf.for %blk = %c0_h to %c4_h step %c1_h {
              scf.for %row = %c0_h to %c64_h step %c8_h {
                air.dma_memcpy_nd (%l1[] [] [], %l2[%blk, %row, %c0_h] [%c1_h, %c8_h, %c256_h] [%c16384_h, %c256_h, %c1_h]) : (memref<8x256xbf16, 2 : i32>, memref<4x64x256xbf16, 1 : i32>)
              }
            }
            memref.dealloc %l1 : memref<8x256xbf16, 2 : i32>
          }
        }
        memref.dealloc %buf : memref<4x64x256xbf16, 1 : i32>
      }
    }
    return
  }
}

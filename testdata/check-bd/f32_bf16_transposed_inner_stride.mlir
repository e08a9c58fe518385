// check-bd:
// expect: error AS0419 line 28
// F32 (model doc §5; SKILL debug-multi-launch-merge H5): a head-first attention kernel reading K
// transposed straight from L3 (bf16, innermost stride 2048): "For <32b width datatypes, inner-most
// dim stride must be 1". On the shim path mlir-aie does not check it, so it can compile and
// move the wrong elements. The llama builders transpose on the host instead.
#map = affine_map<()[s0] -> (s0 * 64)>
module {
  func.func private @qk_tile(memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>) attributes {link_with = "attn.o", llvm.emit_c_interface}
  func.func @attention_scores(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048x2048xbf16>, %arg2: memref<2048x2048xbf16>) {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    air.launch (%arg3, %arg4) in (%arg5=%c4, %arg6=%c8) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
      air.segment @attn_seg  args(%arg10=%arg3, %arg11=%arg4, %arg12=%arg7, %arg13=%arg8, %arg14=%arg9) : index, index, memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> {
        %c8_0 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg15, %arg16) in (%arg17=%c8_0, %arg18=%c1) args(%arg19=%arg10, %arg20=%arg11, %arg21=%arg12, %arg22=%arg13, %arg23=%arg14) : index, index, memref<2048x2048xbf16>, memref<2048x2048xbf16>, memref<2048x2048xbf16> attributes {link_with = "attn.o"} {
          %alloc = memref.alloc() : memref<64x64xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<64x64xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<64x64xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_3 = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %c2048 = arith.constant 2048 : index
          %0 = affine.apply affine_map<()[s0, s1] -> (s0 * 512 + s1 * 64)>()[%arg19, %arg15]
          %1 = affine.apply #map()[%arg20]
          air.dma_memcpy_nd (%alloc[] [] [], %arg21[%0, %c0] [%c64, %c64] [%c2048, %c1_3]) : (memref<64x64xbf16, 2 : i32>, memref<2048x2048xbf16>)
          air.dma_memcpy_nd (%alloc_1[] [] [], %arg22[%c0, %1] [%c64, %c64] [%c1_3, %c2048]) : (memref<64x64xbf16, 2 : i32>, memref<2048x2048xbf16>)
          func.call @qk_tile(%alloc, %alloc_1, %alloc_2) : (memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>, memref<64x64xbf16, 2 : i32>) -> ()
          air.dma_memcpy_nd (%arg23[%0, %1] [%c64, %c64] [%c2048, %c1_3], %alloc_2[] [] []) : (memref<2048x2048xbf16>, memref<64x64xbf16, 2 : i32>)
          memref.dealloc %alloc : memref<64x64xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<64x64xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<64x64xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

// check-bd:
// expect: error AS0409 line 14
// F5 (model doc §5): LayerNorm streaming x, weight and bias as three separate inputs per core: a
// core tile has two input DMA channels ("aie.connect ... targets same dst as another connect op").
// Packing weight‖bias into one buffer (one stream) fixes it.
#map = affine_map<()[s0, s1] -> (s0 + s1 * 256)>
module {
  func.func private @layernorm_bf16(memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>) attributes {link_with = "layernorm.o", llvm.emit_c_interface}
  func.func @layernorm(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048xbf16>, %arg2: memref<2048xbf16>, %arg3: memref<2048x2048xbf16>) {
    air.launch () in () args(%arg4=%arg0, %arg5=%arg1, %arg6=%arg2, %arg7=%arg3) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
      air.segment @layernorm_seg  args(%arg8=%arg4, %arg9=%arg5, %arg10=%arg6, %arg11=%arg7) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @herd_0  tile (%arg12, %arg13) in (%arg14=%c8, %arg15=%c1) args(%arg16=%arg8, %arg17=%arg9, %arg18=%arg10, %arg19=%arg11) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> attributes {link_with = "layernorm.o"} {
          %alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<2048xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %c1_3 = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          air.dma_memcpy_nd (%alloc_0[] [] [], %arg17[%c0] [%c2048] [%c1_3]) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16>)
          air.dma_memcpy_nd (%alloc_1[] [] [], %arg18[%c0] [%c2048] [%c1_3]) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16>)
          scf.for %arg20 = %c0 to %c256 step %c1_3 {
            %0 = affine.apply #map()[%arg20, %arg12]
            air.dma_memcpy_nd (%alloc[] [] [], %arg16[%0, %c0] [%c1_3, %c2048] [%c2048, %c1_3]) : (memref<2048xbf16, 2 : i32>, memref<2048x2048xbf16>)
            func.call @layernorm_bf16(%alloc, %alloc_0, %alloc_1, %alloc_2) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>, memref<2048xbf16, 2 : i32>) -> ()
            air.dma_memcpy_nd (%arg19[%0, %c0] [%c1_3, %c2048] [%c2048, %c1_3], %alloc_2[] [] []) : (memref<2048x2048xbf16>, memref<2048xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_0 : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<2048xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<2048xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

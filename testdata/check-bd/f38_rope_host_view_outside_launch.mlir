// check-bd:
// expect: error AS0438 line 13
// expect: error AS0438 line 14
// kernelgen rope --bare: the 2-D host arguments are collapsed to 1-D in the function body and
// the herd is left bare; aircc wraps the herd in a launch, the collapse_shape stays outside it,
// airrt-to-npu copies it into the runtime sequence and aie-dma-tasks-to-npu cannot trace a BD
// buffer through it (the compiler kit: rejected, `Buffer argument must be a constant
// aie.buffer, a runtime sequence input argument, or a supported chain ...`).
#map = affine_map<()[s0, s1] -> ((s0 + s1 * 8192) * 64)>
module {
  func.func private @rope(memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) attributes {link_with = "rope.o", llvm.emit_c_interface}
  func.func @rope_2d(%arg0: memref<2048x2048xbf16>, %arg1: memref<4194304xbf16>, %arg2: memref<2048x2048xbf16>) {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
    %collapse_shape_0 = memref.collapse_shape %arg2 [[0, 1]] : memref<2048x2048xbf16> into memref<4194304xbf16>
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    air.herd @herd_0  tile (%arg3, %arg4) in (%arg5=%c8, %arg6=%c1) args(%arg7=%collapse_shape, %arg8=%arg1, %arg9=%collapse_shape_0) : memref<4194304xbf16>, memref<4194304xbf16>, memref<4194304xbf16> attributes {link_with = "rope.o"} {
      %alloc = memref.alloc() : memref<64xbf16, 2 : i32>
      %alloc_1 = memref.alloc() : memref<64xbf16, 2 : i32>
      %alloc_2 = memref.alloc() : memref<64xbf16, 2 : i32>
      %c64_i32 = arith.constant 64 : i32
      %c0 = arith.constant 0 : index
      %c8192 = arith.constant 8192 : index
      %c1_3 = arith.constant 1 : index
      scf.for %arg10 = %c0 to %c8192 step %c1_3 {
        %0 = affine.apply #map()[%arg10, %arg3]
        air.dma_memcpy_nd (%alloc[] [] [], %arg7[%0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
        air.dma_memcpy_nd (%alloc_1[] [] [], %arg8[%0] [64] [1]) : (memref<64xbf16, 2 : i32>, memref<4194304xbf16>)
        func.call @rope(%alloc, %alloc_1, %alloc_2, %c64_i32) : (memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, memref<64xbf16, 2 : i32>, i32) -> ()
        air.dma_memcpy_nd (%arg9[%0] [64] [1], %alloc_2[] [] []) : (memref<4194304xbf16>, memref<64xbf16, 2 : i32>)
      }
      memref.dealloc %alloc : memref<64xbf16, 2 : i32>
      memref.dealloc %alloc_1 : memref<64xbf16, 2 : i32>
      memref.dealloc %alloc_2 : memref<64xbf16, 2 : i32>
    }
    return
  }
}

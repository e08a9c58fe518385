#map = affine_map<()[s0, s1, s2] -> (s0 + (s1 + s2) * 393216)>
module {
  func.func @eltwise_add(%arg0: memref<2048x1536xbf16>, %arg1: memref<2048x1536xbf16>, %arg2: memref<3145728xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<2048x1536xbf16>, memref<2048x1536xbf16>, memref<3145728xbf16> {
      %collapse_shape = memref.collapse_shape %arg3 [[0, 1]] : memref<2048x1536xbf16> into memref<3145728xbf16>
      %collapse_shape_0 = memref.collapse_shape %arg4 [[0, 1]] : memref<2048x1536xbf16> into memref<3145728xbf16>
      air.segment @add_seg  args(%arg6=%collapse_shape, %arg7=%collapse_shape_0, %arg8=%arg5) : memref<3145728xbf16>, memref<3145728xbf16>, memref<3145728xbf16> {
        %c8 = arith.constant 8 : index
        %c1 = arith.constant 1 : index
        air.herd @add_herd  tile (%arg9, %arg10) in (%arg11=%c8, %arg12=%c1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<3145728xbf16>, memref<3145728xbf16>, memref<3145728xbf16> {
          %alloc = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_1 = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<1536xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %cst = arith.constant 0.000000e+00 : bf16
          %c0_3 = arith.constant 0 : index
          %c393216 = arith.constant 393216 : index
          %c1536 = arith.constant 1536 : index
          scf.for %arg16 = %c0_3 to %c393216 step %c1536 {
            %0 = affine.apply #map()[%arg16, %arg9, %arg10]
            air.dma_memcpy_nd (%alloc[] [] [], %arg13[%0] [1536] [1]) : (memref<1536xbf16, 2 : i32>, memref<3145728xbf16>)
            air.dma_memcpy_nd (%alloc_1[] [] [], %arg14[%0] [1536] [1]) : (memref<1536xbf16, 2 : i32>, memref<3145728xbf16>)
            %c0_4 = arith.constant 0 : index
            %c1536_5 = arith.constant 1536 : index
            %c16 = arith.constant 16 : index
            scf.for %arg17 = %c0_4 to %c1536_5 step %c16 {
              %subview = memref.subview %alloc[%arg17] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %subview_6 = memref.subview %alloc_1[%arg17] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %subview_7 = memref.subview %alloc_2[%arg17] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
              %1 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %2 = vector.transfer_read %subview_6[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
              %3 = arith.addf %1, %2 : vector<16xbf16>
              vector.transfer_write %3, %subview_7[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            }
            air.dma_memcpy_nd (%arg15[%0] [1536] [1], %alloc_2[] [] []) : (memref<3145728xbf16>, memref<1536xbf16, 2 : i32>)
          }
          memref.dealloc %alloc : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_1 : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<1536xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

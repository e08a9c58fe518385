module {
  func.func @rms_norm_1d(%arg0: memref<1536xbf16>, %arg1: memref<1536xbf16>, %arg2: memref<1536xbf16>) {
    air.launch () in () args(%arg3=%arg0, %arg4=%arg1, %arg5=%arg2) : memref<1536xbf16>, memref<1536xbf16>, memref<1536xbf16> {
      %expand_shape = memref.expand_shape %arg3 [[0, 1]] output_shape [1, 1536] : memref<1536xbf16> into memref<1x1536xbf16>
      %expand_shape_0 = memref.expand_shape %arg5 [[0, 1]] output_shape [1, 1536] : memref<1536xbf16> into memref<1x1536xbf16>
      air.segment @rms_seg  args(%arg6=%expand_shape, %arg7=%arg4, %arg8=%expand_shape_0) : memref<1x1536xbf16>, memref<1536xbf16>, memref<1x1536xbf16> {
        %c1 = arith.constant 1 : index
        %c1_1 = arith.constant 1 : index
        air.herd @rms_herd  tile (%arg9, %arg10) in (%arg11=%c1, %arg12=%c1_1) args(%arg13=%arg6, %arg14=%arg7, %arg15=%arg8) : memref<1x1536xbf16>, memref<1536xbf16>, memref<1x1536xbf16> {
          %alloc = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_2 = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_3 = memref.alloc() : memref<1536xbf16, 2 : i32>
          %alloc_4 = memref.alloc() : memref<16xbf16, 2 : i32>
          %c0 = arith.constant 0 : index
          %cst = arith.constant 0.000000e+00 : bf16
          %cst_5 = arith.constant 1.536000e+03 : bf16
          %cst_6 = arith.constant 1.001358e-05 : bf16
          %0 = vector.broadcast %cst : bf16 to vector<16xbf16>
          air.dma_memcpy_nd (%alloc_3[] [] [], %arg14[0] [1536] [1]) : (memref<1536xbf16, 2 : i32>, memref<1536xbf16>)
          %c0_7 = arith.constant 0 : index
          air.dma_memcpy_nd (%alloc[] [] [], %arg13[%c0_7, 0] [1, 1536] [1536, 1]) : (memref<1536xbf16, 2 : i32>, memref<1x1536xbf16>)
          vector.transfer_write %0, %alloc_4[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
          %c0_8 = arith.constant 0 : index
          %c1536 = arith.constant 1536 : index
          %c16 = arith.constant 16 : index
          scf.for %arg16 = %c0_8 to %c1536 step %c16 {
            %subview = memref.subview %alloc[%arg16] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %subview_12 = memref.subview %alloc_2[%arg16] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %9 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
            %10 = arith.mulf %9, %9 : vector<16xbf16>
            vector.transfer_write %10, %subview_12[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %11 = vector.transfer_read %subview_12[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
            %12 = vector.transfer_read %alloc_4[%c0], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
            %13 = arith.addf %12, %11 : vector<16xbf16>
            vector.transfer_write %13, %alloc_4[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
          }
          %1 = vector.transfer_read %alloc_4[%c0], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
          %2 = vector.reduction <add>, %1 : vector<16xbf16> into bf16
          %3 = arith.divf %2, %cst_5 : bf16
          %4 = arith.addf %3, %cst_6 : bf16
          %5 = arith.extf %4 : bf16 to f32
          %6 = math.rsqrt %5 : f32
          %7 = arith.truncf %6 : f32 to bf16
          %8 = vector.broadcast %7 : bf16 to vector<16xbf16>
          %c0_9 = arith.constant 0 : index
          %c1536_10 = arith.constant 1536 : index
          %c16_11 = arith.constant 16 : index
          scf.for %arg16 = %c0_9 to %c1536_10 step %c16_11 {
            %subview = memref.subview %alloc[%arg16] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %subview_12 = memref.subview %alloc_3[%arg16] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %subview_13 = memref.subview %alloc_2[%arg16] [16] [1] : memref<1536xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
            %9 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
            %10 = vector.transfer_read %subview_12[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
            %11 = arith.mulf %9, %8 : vector<16xbf16>
            %12 = arith.mulf %11, %10 : vector<16xbf16>
            vector.transfer_write %12, %subview_13[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          }
          air.dma_memcpy_nd (%arg15[%c0_7, 0] [1, 1536] [1536, 1], %alloc_2[] [] []) : (memref<1x1536xbf16>, memref<1536xbf16, 2 : i32>)
          memref.dealloc %alloc : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_2 : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_3 : memref<1536xbf16, 2 : i32>
          memref.dealloc %alloc_4 : memref<16xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

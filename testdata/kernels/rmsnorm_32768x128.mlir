#map = affine_map<()[s0, s1] -> (s0 + s1 * 4096)>
module {
  func.func @weighted_rms_norm(%arg0: memref<32768x128xbf16>, %arg1: memref<128xbf16>, %arg2: memref<32768x128xbf16>) {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    air.herd @herd_0  tile (%arg3, %arg4) in (%arg5=%c8, %arg6=%c1) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<32768x128xbf16>, memref<128xbf16>, memref<32768x128xbf16> {
      %alloc = memref.alloc() : memref<128xbf16, 2 : i32>
      %alloc_0 = memref.alloc() : memref<128xbf16, 2 : i32>
      %alloc_1 = memref.alloc() : memref<128xbf16, 2 : i32>
      %alloc_2 = memref.alloc() : memref<16xbf16, 2 : i32>
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : bf16
      %cst_3 = arith.constant 1.280000e+02 : bf16
      %cst_4 = arith.constant 1.001358e-05 : bf16
      %0 = vector.broadcast %cst : bf16 to vector<16xbf16>
      air.dma_memcpy_nd (%alloc_1[] [] [], %arg8[0] [128] [1]) : (memref<128xbf16, 2 : i32>, memref<128xbf16>)
      %c0_5 = arith.constant 0 : index
      %c4096 = arith.constant 4096 : index
      %c1_6 = arith.constant 1 : index
      scf.for %arg10 = %c0_5 to %c4096 step %c1_6 {
        %1 = affine.apply #map()[%arg10, %arg3]
        air.dma_memcpy_nd (%alloc[] [] [], %arg7[%1, 0] [1, 128] [128, 1]) : (memref<128xbf16, 2 : i32>, memref<32768x128xbf16>)
        vector.transfer_write %0, %alloc_2[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
        %c0_7 = arith.constant 0 : index
        %c128 = arith.constant 128 : index
        %c16 = arith.constant 16 : index
        scf.for %arg11 = %c0_7 to %c128 step %c16 {
          %subview = memref.subview %alloc[%arg11] [16] [1] : memref<128xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_11 = memref.subview %alloc_0[%arg11] [16] [1] : memref<128xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %10 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %11 = arith.mulf %10, %10 : vector<16xbf16>
          vector.transfer_write %11, %subview_11[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %12 = vector.transfer_read %subview_11[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %13 = vector.transfer_read %alloc_2[%c0], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
          %14 = arith.addf %13, %12 : vector<16xbf16>
          vector.transfer_write %14, %alloc_2[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
        }
        %2 = vector.transfer_read %alloc_2[%c0], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
        %3 = vector.reduction <add>, %2 : vector<16xbf16> into bf16
        %4 = arith.divf %3, %cst_3 : bf16
        %5 = arith.addf %4, %cst_4 : bf16
        %6 = arith.extf %5 : bf16 to f32
        %7 = math.rsqrt %6 : f32
        %8 = arith.truncf %7 : f32 to bf16
        %9 = vector.broadcast %8 : bf16 to vector<16xbf16>
        %c0_8 = arith.constant 0 : index
        %c128_9 = arith.constant 128 : index
        %c16_10 = arith.constant 16 : index
        scf.for %arg11 = %c0_8 to %c128_9 step %c16_10 {
          %subview = memref.subview %alloc[%arg11] [16] [1] : memref<128xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_11 = memref.subview %alloc_1[%arg11] [16] [1] : memref<128xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_12 = memref.subview %alloc_0[%arg11] [16] [1] : memref<128xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %10 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %11 = vector.transfer_read %subview_11[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %12 = arith.mulf %10, %9 : vector<16xbf16>
          %13 = arith.mulf %12, %11 : vector<16xbf16>
          vector.transfer_write %13, %subview_12[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
        }
        air.dma_memcpy_nd (%arg9[%1, 0] [1, 128] [128, 1], %alloc_0[] [] []) : (memref<32768x128xbf16>, memref<128xbf16, 2 : i32>)
      }
      memref.dealloc %alloc : memref<128xbf16, 2 : i32>
      memref.dealloc %alloc_0 : memref<128xbf16, 2 : i32>
      memref.dealloc %alloc_1 : memref<128xbf16, 2 : i32>
      memref.dealloc %alloc_2 : memref<16xbf16, 2 : i32>
    }
    return
  }
}

// check-bd:
// §6 working case: llama-3.2-1B RMSNorm 2048×2048, herd_x 8, built as a bare herd (no launch) like
// programming_examples/weighted_rms_norm/weighted_rms_norm.py; alone in its module that is fine.
#map = affine_map<()[s0, s1] -> (s0 + s1 * 256)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @weighted_rms_norm(%arg0: memref<2048x2048xbf16>, %arg1: memref<2048xbf16>, %arg2: memref<2048x2048xbf16>) {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    air.herd @herd_0  tile (%arg3, %arg4) in (%arg5=%c8, %arg6=%c1) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<2048x2048xbf16>, memref<2048xbf16>, memref<2048x2048xbf16> {
      %alloc = memref.alloc() : memref<2048xbf16, 2 : i32>
      %alloc_0 = memref.alloc() : memref<2048xbf16, 2 : i32>
      %alloc_1 = memref.alloc() : memref<2048xbf16, 2 : i32>
      %alloc_2 = memref.alloc() : memref<16xf32, 2 : i32>
      %alloc_3 = memref.alloc() : memref<16xbf16, 2 : i32>
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : bf16
      %cst_4 = arith.constant 0.000000e+00 : f32
      %cst_5 = arith.constant 2.048000e+03 : f32
      %cst_6 = arith.constant 9.99999974E-6 : f32
      %0 = vector.broadcast %cst_4 : f32 to vector<16xf32>
      %c2048 = arith.constant 2048 : index
      %c1_7 = arith.constant 1 : index
      air.dma_memcpy_nd (%alloc_1[] [] [], %arg8[%c0] [%c2048] [%c1_7]) : (memref<2048xbf16, 2 : i32>, memref<2048xbf16>)
      %c256 = arith.constant 256 : index
      scf.for %arg10 = %c0 to %c256 step %c1_7 {
        %1 = affine.apply #map()[%arg10, %arg3]
        air.dma_memcpy_nd (%alloc[] [] [], %arg7[%1, %c0] [%c1_7, %c2048] [%c2048, %c1_7]) : (memref<2048xbf16, 2 : i32>, memref<2048x2048xbf16>)
        vector.transfer_write %0, %alloc_2[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
        %c16 = arith.constant 16 : index
        scf.for %arg11 = %c0 to %c2048 step %c16 {
          %subview = memref.subview %alloc[%arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %5 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %6 = arith.mulf %5, %5 : vector<16xbf16>
          vector.transfer_write %6, %alloc_3[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, 2 : i32>
          %7 = vector.transfer_read %alloc_3[%c0], %cst {in_bounds = [true]} : memref<16xbf16, 2 : i32>, vector<16xbf16>
          %8 = arith.extf %7 : vector<16xbf16> to vector<16xf32>
          %9 = vector.transfer_read %alloc_2[%c0], %cst_4 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
          %10 = arith.addf %9, %8 : vector<16xf32>
          vector.transfer_write %10, %alloc_2[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, 2 : i32>
        }
        %2 = vector.transfer_read %alloc_2[%c0], %cst_4 {in_bounds = [true]} : memref<16xf32, 2 : i32>, vector<16xf32>
        %3 = vector.reduction <add>, %2 : vector<16xf32> into f32
        %4 = arith.divf %3, %cst_5 : f32
        %11 = arith.addf %4, %cst_6 : f32
        %12 = math.rsqrt %11 : f32
        %13 = arith.truncf %12 : f32 to bf16
        %14 = vector.broadcast %13 : bf16 to vector<16xbf16>
        scf.for %arg11 = %c0 to %c2048 step %c16 {
          %subview = memref.subview %alloc[%arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_8 = memref.subview %alloc_1[%arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_9 = memref.subview %alloc_0[%arg11] [16] [1] : memref<2048xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %15 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %16 = vector.transfer_read %subview_8[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %17 = arith.mulf %15, %14 : vector<16xbf16>
          %18 = arith.mulf %17, %16 : vector<16xbf16>
          vector.transfer_write %18, %subview_9[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
        }
        air.dma_memcpy_nd (%arg9[%1, %c0] [%c1_7, %c2048] [%c2048, %c1_7], %alloc_0[] [] []) : (memref<2048x2048xbf16>, memref<2048xbf16, 2 : i32>)
      }
      memref.dealloc %alloc : memref<2048xbf16, 2 : i32>
      memref.dealloc %alloc_0 : memref<2048xbf16, 2 : i32>
      memref.dealloc %alloc_1 : memref<2048xbf16, 2 : i32>
      memref.dealloc %alloc_2 : memref<16xf32, 2 : i32>
      memref.dealloc %alloc_3 : memref<16xbf16, 2 : i32>
    }
    return
  }
}

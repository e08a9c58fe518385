#map = affine_map<()[s0, s1, s2] -> (s0 + (s1 + s2) * 192)>
module {
  func.func @eltwise_add(%arg0: memref<1536xbf16>, %arg1: memref<1536xbf16>, %arg2: memref<1536xbf16>) {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    air.herd @herd_0  tile (%arg3, %arg4) in (%arg5=%c8, %arg6=%c1) args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2) : memref<1536xbf16>, memref<1536xbf16>, memref<1536xbf16> {
      %alloc = memref.alloc() : memref<192xbf16, 2 : i32>
      %alloc_0 = memref.alloc() : memref<192xbf16, 2 : i32>
      %alloc_1 = memref.alloc() : memref<192xbf16, 2 : i32>
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : bf16
      %c0_2 = arith.constant 0 : index
      %c192 = arith.constant 192 : index
      %c192_3 = arith.constant 192 : index
      scf.for %arg10 = %c0_2 to %c192 step %c192_3 {
        %0 = affine.apply #map()[%arg10, %arg3, %arg4]
        air.dma_memcpy_nd (%alloc[] [] [], %arg7[%0] [192] [1]) : (memref<192xbf16, 2 : i32>, memref<1536xbf16>)
        air.dma_memcpy_nd (%alloc_0[] [] [], %arg8[%0] [192] [1]) : (memref<192xbf16, 2 : i32>, memref<1536xbf16>)
        %c0_4 = arith.constant 0 : index
        %c192_5 = arith.constant 192 : index
        %c16 = arith.constant 16 : index
        scf.for %arg11 = %c0_4 to %c192_5 step %c16 {
          %subview = memref.subview %alloc[%arg11] [16] [1] : memref<192xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_6 = memref.subview %alloc_0[%arg11] [16] [1] : memref<192xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %subview_7 = memref.subview %alloc_1[%arg11] [16] [1] : memref<192xbf16, 2 : i32> to memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
          %1 = vector.transfer_read %subview[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %2 = vector.transfer_read %subview_6[%c0], %cst {in_bounds = [true]} : memref<16xbf16, strided<[1], offset: ?>, 2 : i32>, vector<16xbf16>
          %3 = arith.addf %1, %2 : vector<16xbf16>
          vector.transfer_write %3, %subview_7[%c0] {in_bounds = [true]} : vector<16xbf16>, memref<16xbf16, strided<[1], offset: ?>, 2 : i32>
        }
        air.dma_memcpy_nd (%arg9[%0] [192] [1], %alloc_1[] [] []) : (memref<1536xbf16>, memref<192xbf16, 2 : i32>)
      }
      memref.dealloc %alloc : memref<192xbf16, 2 : i32>
      memref.dealloc %alloc_0 : memref<192xbf16, 2 : i32>
      memref.dealloc %alloc_1 : memref<192xbf16, 2 : i32>
    }
    return
  }
}

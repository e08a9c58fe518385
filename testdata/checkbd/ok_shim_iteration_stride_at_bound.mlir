// check-bd:
// Issue 15, twin of f_shim_iteration_stride_over: the outermost stride is 2097152 bf16 elements
// (2^20 granules, encoded 2^20 - 1, inside mlir-aie's [1:1048576]), so each transfer stays one BD
// with an iteration dimension of 8: 3 BDs and 1 queue push per transfer. Above AIR's
// 1,048,576-element guideline (AS0416 warning), within the hardware bound.
//
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
      %cstride = arith.constant 2097152 : index
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
        }
        memref.dealloc %buf : memref<4x64x256xbf16, 1 : i32>
      }
    }
    return
  }
}

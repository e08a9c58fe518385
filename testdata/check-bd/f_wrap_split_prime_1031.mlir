// check-bd:
// lowering-timeout: 30s
// expect: error AS0440 line 16
// Issue 21: a host transfer of 1031 rows (a prime) 64 elements apart. Above 1023 AIR splits the
// dimension by findLargestFactor(1031, 1023), which is 1: canonicalizeWrapAndStrideList puts 1031
// back as the outer dimension over a size-1 one and looks at it again, forever (air-to-aie's
// lowerAirExecute on the host side; the compiler kit does not finish). The judge gives it
// 30 s. Twin: ok_wrap_split_composite_1030 (1030 = 2 x 515 lowers in a second).
module {
  func.func @host_rows(%arg0: memref<1031x64xbf16>) {
    air.launch () in () args(%a=%arg0) : memref<1031x64xbf16> {
      air.segment @seg args(%b=%a) : memref<1031x64xbf16> {
        %c1 = arith.constant 1 : index
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%c=%b) : memref<1031x64xbf16> {
          %buf = memref.alloc() : memref<1031x16xbf16, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %c[0, 0] [1031, 16] [64, 1]) : (memref<1031x16xbf16, 2 : i32>, memref<1031x64xbf16>)
          memref.dealloc %buf : memref<1031x16xbf16, 2 : i32>
        }
      }
    }
    return
  }
}

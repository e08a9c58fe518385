func.func @k(%A: memref<2x64xbf16>,
             %B: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  %row = memref.subview %A[0, 0] [1, 64] [1, 1] : memref<2x64xbf16> to memref<64xbf16, strided<[1]>>
  %t = air.wait_all async
  %l = air.launch async [%t] (%x) in (%sx = %c1) args(%a = %row,
      %b =
        %B) : memref<64xbf16, strided<[1]>>, memref<64xbf16> {
  }
  return
}

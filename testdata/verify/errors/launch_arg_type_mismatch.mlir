// Seeded: the wiring bug class. The combined function passes its flat `%arg0`
// (memref<4194304xbf16>) to a launch whose `args` still say memref<2048x2048xbf16>.
// expect: AS0503
func.func @rms_gemm(%arg0: memref<4194304xbf16>, %arg1: memref<2048xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%w=%arg0, %n=%arg1) : memref<2048x2048xbf16>, memref<2048xbf16> {
    air.segment @seg args(%sw=%w) : memref<2048x2048xbf16> {
    }
  }
  return
}

// Seeded: `air.execute` declares memref<64xbf16, 1 : i32> but yields a value of type
// memref<64xbf16, 1> (a different memory-space attribute type), and a second execute yields
// nothing for its declared result.
// expect: AS0507 AS0507
func.func @f() {
  %t0, %r0 = air.execute -> (memref<64xbf16, 1 : i32>) {
    %a = memref.alloc() : memref<64xbf16, 1>
    air.execute_terminator %a : memref<64xbf16, 1>
  }
  %t1, %r1 = air.execute -> (index) {
    %c = arith.constant 0 : index
  }
  return
}

// What MLIR cannot judge without AIR registered: an `affine.if` on a herd id (a valid affine
// symbol, because AIR's herd is an affine scope) becomes a note, not an error; a
// `func.call` inside a herd finds the module's function; a real error in another function
// is still reported.
// expect: AS0510
#set = affine_set<()[s0] : (s0 == 0)>
func.func private @kernel(memref<64xi32, 2 : i32>)
func.func @f() {
  %c2 = arith.constant 2 : index
  air.herd @h tile (%x, %y) in (%nx=%c2, %ny=%c2) {
    %buf = memref.alloc() : memref<64xi32, 2 : i32>
    func.call @kernel(%buf) : (memref<64xi32, 2 : i32>) -> ()
    affine.if #set()[%x] {
      memref.dealloc %buf : memref<64xi32, 2 : i32>
    }
  }
  return
}
func.func @g() {
  %c1 = arith.constant 1 : index
  return %c1 : index
}

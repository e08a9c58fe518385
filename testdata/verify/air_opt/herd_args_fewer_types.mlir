// AIR's `air.herd` parser (mlir-air e972f29) crashes on this header: `args(...)` binds two
// values but lists one type (a known upstream bug: it reads `types[i]` past the end). A real
// crash, kept as the test of how air-stitch reports one (AS0553); air-stitch's own parser
// reports the header (AS0114).
func.func @f(%a: memref<8xi32>, %b: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  air.herd tile (%x, %y) in (%n=%c1, %m=%c1) args(%p=%a, %q=%b) : memref<8xi32> {
  }
  return
}

// Three chunks for `verify --split-input-file --air-opt`: one AIR accepts, two that AIR and
// the ported structural checks both reject. Positions are lines of the whole file.
func.func @accepted(%a: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%x) in (%n=%c1) args(%in=%a) : memref<64xbf16> {
    %l1 = memref.alloc() : memref<64xbf16, 2 : i32>
    memref.dealloc %l1 : memref<64xbf16, 2 : i32>
  }
  return
}
// -----
func.func @l3_load_in_herd(%a: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%x) in (%n=%c1) args(%in=%a) : memref<64xbf16> {
    %v = memref.load %in[%x] : memref<64xbf16>
  }
  return
}
// -----
func.func @outer_value_in_herd(%a: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%x) in (%n=%c1) {
    %v = memref.load %a[%x] : memref<64xbf16>
  }
  return
}

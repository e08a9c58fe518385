// Seeded: `%missing` is used but never defined.
// expect: AS0201
func.func @f(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0, %b=%missing) : memref<64xbf16>, index {
  }
  return
}

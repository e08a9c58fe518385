// check-bd:
// expect: exit 1
// A module that does not parse (an unbalanced region): check-bd reports the syntax error, skips
// the resource checks and exits 1.
func.func @broken(%arg0: memref<64xi32>) {
  air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) {
    %0 = arith.constant 0 : index
  return
}

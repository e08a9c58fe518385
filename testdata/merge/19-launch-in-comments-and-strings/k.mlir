// This kernel has no air.launch yet; transform.air.par_to_launch would add one.
func.func @k(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.herd @herd_0  tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%a=%arg0) : memref<64xbf16> attributes {note = "air.launch"} {
  }
  return
}

#map_identity = affine_map<(d0) -> (d0)>
#set2_ty0 = affine_set<()[s0] : (s0 >= 0, -s0 + 7 >= 0)>
module {
  func.func @k(%arg0: memref<64xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> {
      %0 = affine.apply #map_identity(%x)
      affine.if #set2_ty0()[%0] {
      }
    }
    return
  }
}

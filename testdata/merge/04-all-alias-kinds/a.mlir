#map_identity = affine_map<(d0) -> (d0)>
#tri = affine_set<(d0, d1) : (d0 - d1 >= 0)>
#loop_unroll = #llvm.loop_unroll<disable = true>
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
!tok = !air.async.token
module {
  func.func @k(%arg0: memref<64xbf16>) {
    %c1 = arith.constant 1 : index
    %t = air.wait_all async loc(#loc1)
    air.launch [%t] (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> attributes {map = #map_identity, set = #tri, ann = #loop_annotation} {
      %u = air.wait_all async
      %c0 = arith.constant 0 : index
      %r = scf.for %i = %c0 to %sx step %sx iter_args(%it = %u) -> (!tok) {
        scf.yield %it : !tok
      }
    }
    return
  }
}
#loc1 = loc("builder.py":12:3)

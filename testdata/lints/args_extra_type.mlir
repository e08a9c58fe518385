// A launch whose `args` list one type more than it binds: verify's args-arity warning (AS0502;
// AIR's parser ignores the extra type), kept by the merge. The slice of args_arity_*.toml.
func.func @extra(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16>, memref<64xbf16> {
  }
  return
}

air.channel @handoff [1]
func.func @producer(%arg0: memref<64xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%a=%arg0) : memref<64xbf16> {
    air.channel.put @handoff[] (%a[] [] []) : (memref<64xbf16>)
  }
  return
}

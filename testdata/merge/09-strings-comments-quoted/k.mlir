module {
  air.channel @"chan with space" [1]
  // %0 @k #map "%arg0" are not names here
  func.func @k(%arg0: memref<64xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> attributes {note = "%0 @k #map %arg0"} {
      %$x = arith.constant 0 : index
      %.y = arith.addi %$x, %$x : index
      %-z = arith.addi %.y, %$x : index
      air.channel.put @"chan with space"[] (%in[%-z] [64] [1]) {tag = "@\"chan with space\""} : (memref<64xbf16>)
    }
    return
  }
}

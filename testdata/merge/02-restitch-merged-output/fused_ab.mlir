module {
  func.func @fused_ab(
    %arg0: memref<64xbf16>,
    %arg1: memref<64xbf16>,
    %arg2: memref<64xbf16>
  ) {
    // slice a: a.mlir (@copy)
    %a_c1 = arith.constant 1 : index
    air.launch (%a_x) in (%a_sx=%a_c1) args(%a_in=%arg0, %a_out=%arg1) : memref<64xbf16>, memref<64xbf16> {
      air.segment @a_seg  args(%a_i=%a_in, %a_o=%a_out) : memref<64xbf16>, memref<64xbf16> {
      }
    }
    // slice b: b.mlir (@copy)
    %b_c1 = arith.constant 1 : index
    air.launch (%b_x) in (%b_sx=%b_c1) args(%b_in=%arg1, %b_out=%arg2) : memref<64xbf16>, memref<64xbf16> {
      air.segment @b_seg  args(%b_i=%b_in, %b_o=%b_out) : memref<64xbf16>, memref<64xbf16> {
      }
    }
    return
  }
}

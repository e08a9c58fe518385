func.func @wide(%arg0: memref<8xbf16>, %arg1: memref<16xbf16>, %arg2: memref<24xbf16>, %arg3: memref<32xbf16>, %arg4: memref<40xbf16>, %arg5: memref<48xbf16>, %arg6: memref<56xbf16>, %arg7: memref<64xbf16>, %arg8: memref<72xbf16>, %arg9: memref<80xbf16>, %arg10: memref<88xbf16>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) args(%p=%arg1, %q=%arg10) : memref<16xbf16>, memref<88xbf16> {
  }
  return
}

func.func @f(%arg0: memref<64x64xbf16, 2 : i32) {
  return
}

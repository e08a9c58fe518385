func.func private @kernel(memref<64xbf16>) attributes {link_with = "kernel.o}
func.func @f() {
  return
}

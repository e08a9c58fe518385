func.func private @ext(memref<64xbf16>) attributes {link_with = "ext.o"}

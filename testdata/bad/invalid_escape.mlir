func.func private @kernel(memref<64xbf16>) attributes {link_with = "C:\kernels\mv.o"}

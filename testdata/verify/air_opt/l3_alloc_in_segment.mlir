// AIR rejects it (verifyAllocMemorySpace, AIRDialect.cpp): a buffer in L3 (no memory space)
// allocated inside an `air.segment`, where allocations live in L2 (1) or L1 (2).
func.func @f() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1) {
    air.segment @seg {
      %l3 = memref.alloc() : memref<64xbf16>
      %l2 = memref.alloc() : memref<64xbf16, 1 : i32>
      memref.dealloc %l2 : memref<64xbf16, 1 : i32>
      memref.dealloc %l3 : memref<64xbf16>
    }
  }
  return
}

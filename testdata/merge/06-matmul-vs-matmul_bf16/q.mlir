module {
  func.func private @matmul_bf16(memref<64xbf16, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func @k(%arg0: memref<64xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%in=%arg0) : memref<64xbf16> {
      air.segment @matmul_seg  {
        %c1_0 = arith.constant 1 : index
        air.herd @matmul  tile (%tx, %ty) in (%a=%c1_0, %b=%c1_0) attributes {link_with = "mm.o"} {
          %buf = memref.alloc() : memref<64xbf16, 2 : i32>
          func.call @matmul_bf16(%buf) : (memref<64xbf16, 2 : i32>) -> ()
        }
      }
    }
    return
  }
}

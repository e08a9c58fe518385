module {
  func.func private @matvec_vectorized_bf16_bf16(i32, i32, i32, memref<1x8192xbf16, 2 : i32>, memref<8192xbf16, 2 : i32>, memref<2xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func private @linalg_fill_bf16(bf16, memref<2xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func @matvec_bf16(%arg0: memref<2048x8192xbf16>, %arg1: memref<8192xbf16>, %arg2: memref<2048xbf16>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1) args(%a=%arg0, %b=%arg1, %c=%arg2) : memref<2048x8192xbf16>, memref<8192xbf16>, memref<2048xbf16> {
      air.segment @matvec_bf16_0  {
        %c8 = arith.constant 8 : index
        %c1_0 = arith.constant 1 : index
        air.herd @herd_0  tile (%tx, %ty) in (%sx2=%c8, %sy2=%c1_0) attributes {link_with = "mv.o"} {
          %l1a = memref.alloc() : memref<1x8192xbf16, 2 : i32>
          %l1b = memref.alloc() : memref<8192xbf16, 2 : i32>
          %l1c = memref.alloc() : memref<2xbf16, 2 : i32>
          %cst = arith.constant 0.000000e+00 : bf16
          func.call @linalg_fill_bf16(%cst, %l1c) : (bf16, memref<2xbf16, 2 : i32>) -> ()
          %c0_i32 = arith.constant 0 : i32
          func.call @matvec_vectorized_bf16_bf16(%c0_i32, %c0_i32, %c0_i32, %l1a, %l1b, %l1c) : (i32, i32, i32, memref<1x8192xbf16, 2 : i32>, memref<8192xbf16, 2 : i32>, memref<2xbf16, 2 : i32>) -> ()
        }
      }
    }
    return
  }
}

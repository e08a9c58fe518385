func.func private @matvec_vectorized_bf16_bf16(memref<64xbf16, 2 : i32>, i32) attributes {link_with = "mv.o", llvm.emit_c_interface}
func.func @kernel(
    %arg0: memref<2048x2048xbf16> {llvm.noalias},
    %arg1: memref<2048xbf16>,
    %out: memref<2048xbf16>)
    -> (index, i32 {test.res}) attributes {tag = "k"} {
  %c = arith.constant 0 : index
  %i = arith.constant 0 : i32
  func.call @matvec_vectorized_bf16_bf16(%arg1, %i) : (memref<2048xbf16>, i32) -> ()
  return %c, %i : index, i32
}

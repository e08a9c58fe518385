// Uses mlir-aie's dialect, which AIR's verifier does not register: never mutated.
aie.device(npu1) {
  %tile = aie.tile(0, 2)
}

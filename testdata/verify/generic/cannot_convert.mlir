// Custom syntax of dialects MLIR does not know here cannot be converted: AIE ops, AIR's
// transform extension (`transform.air.*`) and the old `air.pipeline` ops are reported once per
// kind and kept as written. The same op in generic form passes through; AIR's runtime dialect
// (`airrt`) is converted, and upstream `transform` ops are kept (mlir-opt and air-opt read them).
module {
  aie.device(npu1) {
    %tile = aie.tile(0, 2)
  }
  func.func @host(%arg0: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    airrt.herd_load "herd_0" () : () -> i64
    airrt.segment_load "segment_0" : i64
    "airrt.wait_all"() : () -> ()
    air.pipeline attributes {direction = "horiz"} {
      air.pipeline.terminator
    }
    air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%a=%arg0) : memref<64xi32> {
    }
    return
  }
  transform.sequence failures(propagate) {
  ^bb1(%arg1: !transform.any_op):
    %h = transform.air.par_to_herd %arg1 : (!transform.any_op) -> !transform.any_op
  }
}

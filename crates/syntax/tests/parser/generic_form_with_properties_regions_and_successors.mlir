func.func @generic(%arg0: index, %arg1: i1) {
  %0:2 = "test.multi"(%arg0) <{prop = 1 : i64}> ({
  ^bb0(%x: index):
    "test.yield"(%x) : (index) -> ()
  }, {
    "test.yield"() : () -> ()
  }) {attr = "a"} : (index) -> (index, index) loc("f.mlir":1:2)
  "cf.cond_br"(%arg1, %0#1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()
^bb1(%y: index):
  "func.return"() : () -> ()
^bb2:
  "func.return"() : () -> ()
}

"builtin.module"() ({
  "func.func"() <{function_type = (memref<64xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<64xf32>):
    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "air.launch"(%c1, %arg0) <{operandSegmentSizes = array<i32: 0, 1, 1>}> ({
    ^bb0(%x: index, %sx: index, %a: memref<64xf32>):
      "air.launch_terminator"() : () -> ()
    }) : (index, memref<64xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

func.func @map_reduce(%x: tensor<8xf32>, %y: tensor<8xf32>, %init: tensor<f32>) -> tensor<f32> {
  %m = linalg.map ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>)
    (%lhs: f32, %rhs: f32) {
      %s = arith.addf %lhs, %rhs : f32
      linalg.yield %s : f32
    }
  %r = linalg.reduce ins(%m : tensor<8xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  return %r : tensor<f32>
}

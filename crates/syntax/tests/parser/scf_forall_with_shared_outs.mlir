func.func @forall(%t: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

#id = affine_map<(d0) -> (d0)>
func.func @generic(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  return
}

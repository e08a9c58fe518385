#map = affine_map<(d0) -> (d0 * 2)>
func.func @affine(%m: memref<10xf32>, %z: f32) -> f32 {
  %s = affine.for %i = 0 to 10 step 2 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %m[%i] : memref<10xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.parallel (%p, %q) = (0, 0) to (5, 5) {
    %j = affine.apply #map(%p)
    affine.store %z, %m[%j] : memref<10xf32>
  }
  return %s : f32
}

// Seeded: `air.pipeline`, removed from AIR (the dialect is registered, so an unknown op of it is
// an error, not an op MLIR carries along).
// expect: AS0521
func.func @f() {
  air.pipeline attributes {direction = "horiz"} {
  }
  return
}

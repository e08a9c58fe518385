// Seeded: `!air.async_token` (AIR's type is `!air.async.token`) and `#air.l1` (AIR defines only
// `#air.symmetric_heap`): AIR's type and attribute parsers refuse both.
// expect: AS0571 AS0571
func.func @f(%t: !air.async_token, %m: memref<4xi32, #air.l1>) {
  return
}

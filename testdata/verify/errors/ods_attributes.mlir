// Seeded: padding written as an i64 array on a put (ODS wants array<i32>: an error), and a
// herd whose link_with is an integer (a warning: AIR's herd parser drops the mistyped
// attribute silently and accepts the op).
// expect: AS0565 AS0565 AS0565
air.channel @c [1]
func.func @f(%buf: memref<64xi32>) {
  air.channel.put @c[] (%buf[] [] []) {pad_before = array<i64: 0>, pad_after = array<i64: 0>} : (memref<64xi32>)
  %c1 = arith.constant 1 : index
  air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) attributes {link_with = 3} {
  }
  return
}

// Seeded: a channel without its bundle size, `dest(...)` on a get, and an unnamed launch
// without a body (AIR's parsers refuse all three; the last one without a message).
// expect: AS0569 AS0569 AS0569
air.channel @nosize
air.channel @c [1]
func.func @f(%buf: memref<64xi32>, %d: index) {
  air.channel.get @c[] (%buf[] [] []) dest(%d) : (memref<64xi32>)
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%sx=%c1)
  return
}

// Seeded: a put on an undeclared channel, a get with fewer indices than its channel has
// dimensions (error), a put with more (warning: AIR's tests do this for broadcast
// channels), and a constant index.
// expect: AS0508 AS0509 AS0509 AS0569
air.channel @declared [2, 2]
air.channel @single [1]
func.func @f(%buf: memref<64xbf16>) {
  %c0 = arith.constant 0 : index
  air.channel.put @nowhere[] (%buf[] [] []) : (memref<64xbf16>)
  air.channel.put @nowhere[] (%buf[] [] []) : (memref<64xbf16>)
  air.channel.get @declared[%c0] (%buf[] [] []) : (memref<64xbf16>)
  air.channel.put @single[%c0, %c0] (%buf[] [] []) : (memref<64xbf16>)
  air.channel.put @declared[0, %c0] (%buf[] [] []) : (memref<64xbf16>)
  return
}

// Seeded: a herd size of type i32, a put whose buffer is written as an i32, a dynamic offset
// of type i32, and a DMA whose source is written with another memref type than it has.
// expect: AS0566 AS0566 AS0566 AS0567
air.channel @c [1]
func.func @f(%buf: memref<64xi32>, %wide: memref<128xi32>, %n: i32, %s: i32) {
  %c1 = arith.constant 1 : i32
  air.herd tile (%x) in (%sx=%c1) {
  }
  air.channel.put @c[] (%n[] [] []) : (i32)
  air.channel.put @c[] (%buf[%s] [64] [1]) : (memref<64xi32>)
  air.dma_memcpy_nd (%buf[] [] [], %wide[] [] []) : (memref<64xi32>, memref<64xi32>)
  return
}

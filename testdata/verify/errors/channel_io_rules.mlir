// Seeded: a bundle index that is an scf.for induction variable (indices are spatial), an
// npu_mmio get into an L2 buffer, sizes and strides of different lengths, and padding given
// on one side only (AIR's ChannelPutOp/ChannelGetOp verifiers). The scf.parallel index is fine.
// expect: AS0515 AS0560 AS0561 AS0562
air.channel @chan [4]
air.channel @mmio [1] {channel_type = "npu_mmio"}
func.func @f(%buf: memref<64xi32>, %l2: memref<64xi32, 1 : i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    air.channel.put @chan[%i] (%buf[] [] []) : (memref<64xi32>)
  }
  scf.parallel (%p) = (%c0) to (%c4) step (%c1) {
    air.channel.get @chan[%p] (%buf[] [] []) : (memref<64xi32>)
  }
  air.channel.get @mmio[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
  air.channel.put @chan[] (%buf[0] [64] []) : (memref<64xi32>)
  air.channel.put @chan[] (%buf[0] [64] [1]) {pad_before = array<i32: 1>} : (memref<64xi32>)
  return
}

// AIR rejects it (ChannelPutOp::verify, AIRDialect.cpp 3590-3596): a channel bundle index is the
// induction variable of a temporal `scf.for`; bundle indices are spatial (herd ids,
// `scf.parallel` ivs).
air.channel @chan [2]
func.func @f(%a: memref<2x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    air.channel.put @chan[%i] (%a[%i, %c0] [%c1, %c1] [%c1, %c1]) : (memref<2x64xbf16>)
  }
  return
}

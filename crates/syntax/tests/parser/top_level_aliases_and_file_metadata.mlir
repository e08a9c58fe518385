#map = affine_map<(d0)[s0] -> (d0 * 64 + s0)>
#set = affine_set<()[s0] : (s0 >= 0, s0 - 1 == 0)>
!tok = !air.async.token
#loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>
module attributes {test.flag} {
  func.func @f(%t: !tok) -> !tok {
    return %t : !tok
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000"
    }
  }
#-}

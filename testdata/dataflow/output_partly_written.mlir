// roles: --output 1
// Warning AS0804 with `--output 1`: the launch writes 8 tiles of 64 elements of the 1024-element
// output, only its first half (the loop runs to 8, not 16). Clean twin:
// output_partly_written_ok.mlir.
module {
  air.channel @a [1]
  air.channel @b [1]
  func.func @half_output(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xbf16>, memref<1024xbf16> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      air.channel.put @a[] (%in[] [] []) : (memref<1024xbf16>)
      scf.for %i = %c0 to %c8 step %c1 {
        %off = arith.muli %i, %c64 : index
        air.channel.get @b[] (%out[%off] [64] [1]) : (memref<1024xbf16>)
      }
    }
    return
  }
}

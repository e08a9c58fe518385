air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
func.func @matmul(%arg0: memref<256x1024xbf16>, %arg1: memref<1024x1024xbf16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = air.wait_all async
  %0 = air.launch async [%t] (%x, %y) in (%sx=%c1, %sy=%c2) args(%a=%arg0, %b=%arg1) : memref<256x1024xbf16>, memref<1024x1024xbf16> attributes {id = 7 : i32} {
    air.segment @segment_0  args(%arg10=%x, %arg11=%a,
        %arg12=%b) : index, memref<256x1024xbf16>,
        memref<1024x1024xbf16> {
      %c4 = arith.constant 4 : index
      %1 = air.herd @herd_0 async  tile (%tx, %ty) in (%nx=%c4, %ny=%c4) args(%h=%arg11) : memref<256x1024xbf16> attributes {id = 3 : i32, x_loc = 0 : i64, y_loc = 2 : i64} {
        %s = arith.addi %tx, %nx : index
        air.herd_terminator
      }
      %2 = air.segment @seg async unroll(%i, %j) in (%si=%c4, %sj=%c4,) {
        %k = arith.addi %i, %sj : index
      }
    }
  }
  return
}

air.channel @channel_0 [2, 2]
air.channel @pkt [] {channel_type = "npu_dma_packet", packet_ids = [1, 4]}
func.func @chan(%a: memref<512x1024xbf16>, %arg7: !air.async.token, %x: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %5 = air.channel.put async [%arg7]  @channel_0[%c0, %c1] (%a[%c0, %x] [%c64, 256] [1024, %c1]) {id = 1 : i32} : (memref<512x1024xbf16>)
  air.channel.get @channel_0[] (%a[] [] []) : (memref<512x1024xbf16>)
  %6 = air.channel.put async @pkt[] (%a[0, -1] [1, 1] [1, 1]) dest(%c1) : (memref<512x1024xbf16>)
  return
}

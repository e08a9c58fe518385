// Every AIR op of AIR.td in custom form, as `print --generic` must convert it:
// hierarchy with ids/sizes/args, async tokens, channels (put with `dest`), DMA with mixed
// static/dynamic lists and padding, execute with results, custom, explicit terminators,
// a region-less named herd, rank with a universe, translate.
#map = affine_map<()[s0] -> (s0 * 64)>
air.channel @chan_in [2, 2]
air.channel @chan_out [] {channel_type = "npu_dma_packet", packet_ids = [1, 4]}
air.channel @bcast [1, 1] {broadcast_shape = [1, 4]}
func.func @kernel(%arg0: memref<256x256xbf16>, %arg1: memref<256x256xbf16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = air.wait_all async
  %0 = air.launch @launch_0 async [%t0] (%lx, %ly) in (%lsx=%c2, %lsy=%c1) args(%a=%arg0, %b=%arg1) : memref<256x256xbf16>, memref<256x256xbf16> attributes {id = 1 : i32} {
    %1 = air.segment @seg_0 async  args(%sa=%a, %sx=%lx) : memref<256x256xbf16>, index {
      %c0 = arith.constant 0 : index
      %c1s = arith.constant 1 : index
      %c2s = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %tok, %buf = air.execute -> (memref<64x64xbf16, 1 : i32>) {
        %alloc = memref.alloc() : memref<64x64xbf16, 1 : i32>
        air.execute_terminator %alloc : memref<64x64xbf16, 1 : i32>
      } {id = 2 : i32}
      %off = affine.apply #map()[%sx]
      %2 = air.dma_memcpy_nd async [%tok] (%buf[] [] [], %sa[%off, %c0] [%c64, 64] [%c256, 1]) {id = 3 : i32, pad_before = array<i32: 0, 1>, pad_after = array<i32: 0, 1>} : (memref<64x64xbf16, 1 : i32>, memref<256x256xbf16>)
      %3 = air.channel.put async [%2]  @chan_in[%c0, %c0] (%buf[%c0, 0] [32, 32] [64, 1]) dest(%c1s) {id = 4 : i32} : (memref<64x64xbf16, 1 : i32>)
      %4 = air.herd @herd_0 async [%3]  tile (%tx, %ty) in (%htx=%c2s, %hty=%c2s) attributes {link_with = "mm.o", x_loc = 0 : i64} {
        %tok2, %l1 = air.execute -> (memref<32x32xbf16, 2 : i32>) {
          %alloc = memref.alloc() : memref<32x32xbf16, 2 : i32>
          air.execute_terminator %alloc : memref<32x32xbf16, 2 : i32>
        }
        %5 = air.channel.get async [%tok2]  @chan_in[%tx, %ty] (%l1[] [] []) : (memref<32x32xbf16, 2 : i32>)
        air.channel.put @chan_out[] (%l1[] [] []) : (memref<32x32xbf16, 2 : i32>)
        air.herd_terminator
      }
      air.herd @named_herd tile (%x) in (%sx2=%c1s)
      %6 = air.custom @nonlin async [%4]  operands (%buf) : memref<64x64xbf16, 1 : i32> attributes {latency = 10 : i64}
      air.wait_all [%6]  {id = 9 : i32}
    }
    air.launch_terminator
  }
  return
}
func.func @ranks(%arg0: memref<128xf32>, %bases: memref<?xindex>) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %u = air.universe.alloc(%c4)
  air.rank universe(%u) (%rx) in (%srx=%c4) args(%m=%arg0, %hb=%bases) : memref<128xf32>, memref<?xindex> {
    %peer = air.translate %m, %rx, %srx, %hb : memref<128xf32>, memref<?xindex>
  }
  return
}

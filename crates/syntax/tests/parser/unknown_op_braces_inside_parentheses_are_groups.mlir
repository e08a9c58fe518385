aie.device(npu1_4col) {
  %tile_0_0 = aie.tile(0, 0)
  %tile_1_4 = aie.tile(1, 4)
  aie.objectfifo @air_channel_4(%tile_1_4, {%tile_0_0}, 1 : i32) : !aie.objectfifo<memref<4x4xi32>>
  aie.objectfifo @air_channel_5(%tile_0_0, {%tile_1_4, %tile_0_0}, [2, 2]) : !aie.objectfifo<memref<16xi32>>
  foo.nested [{%tile_0_0, ({%tile_1_4})}] <{%tile_0_0}> {a = {b = 1}}
  foo.region (%tile_0_0) {
    "test.use"(%tile_1_4) : (index) -> ()
  }
  aie.end
}

// check-bd: --air-runtime-loop-tiling-sizes 2,2
// expect: note AS0435 line 15
// expect: note AS0435 line 33
// Issue 15: a non-empty global --air-runtime-loop-tiling-sizes (air-opt-shim-dma-bds'
// shim-dma-tile-sizes) wins over every launch's air.shim_dma_tile_sizes (mlir-air Passes.td):
// aircc would not use the attributes, so check-bd notes each and checks with the global sizes.
// Even an attribute AIR would reject is not read then. Each segment hands its buffer to a 1x1
// herd (air-to-aie lowers a segment's transfers only through its herds).
module {
  air.channel @in1 [1, 1]
  air.channel @in2 [1, 1]
  func.func @tiles(%arg0: memref<4096xi32>) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
  air.launch (%x1, %y1) in (%sx1=%c4, %sy1=%c2) args(%a1=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: 4, 1>} {
    %c0_1 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c512_1 = arith.constant 512 : index
    %off_1 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x1, %y1]
    air.channel.put @in1[] (%a1[%off_1] [%c512_1] [%c1_1]) : (memref<4096xi32>)
    air.segment @seg1 {
      %c1_s1 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in1[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx1, %ty1) in (%hx1=%c1_s1, %hy1=%c1_s1) args(%l2_1=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_1[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
  air.launch (%x2, %y2) in (%sx2=%c4, %sy2=%c2) args(%a2=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64>} {
    %c0_2 = arith.constant 0 : index
    %c1_2 = arith.constant 1 : index
    %c512_2 = arith.constant 512 : index
    %off_2 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x2, %y2]
    air.channel.put @in2[] (%a2[%off_2] [%c512_2] [%c1_2]) : (memref<4096xi32>)
    air.segment @seg2 {
      %c1_s2 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in2[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx2, %ty2) in (%hx2=%c1_s2, %hy2=%c1_s2) args(%l2_2=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_2[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
    return
  }
}

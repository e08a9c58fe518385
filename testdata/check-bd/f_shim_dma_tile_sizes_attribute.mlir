// check-bd:
// expect: error AS0434 line 22
// expect: error AS0434 line 40
// expect: error AS0434 line 58
// expect: warning AS0434 line 76
// Issue 15: a launch's air.shim_dma_tile_sizes as air-opt-shim-dma-bds validates it
// (mlir-air AIRDependencyScheduleOpt.cpp): empty, a 0 among other sizes, a negative size
// (errors with AIR's messages), an ArrayAttr AIR does not read (warning: that launch is not
// tiled); the skip sentinel [0], a single size and one size per loop are fine. Each segment hands
// its buffer to a 1x1 herd (air-to-aie lowers a segment's transfers only through its herds).
module {
  air.channel @in1 [1, 1]
  air.channel @in2 [1, 1]
  air.channel @in3 [1, 1]
  air.channel @in4 [1, 1]
  air.channel @in5 [1, 1]
  air.channel @in6 [1, 1]
  air.channel @in7 [1, 1]
  func.func @tiles(%arg0: memref<4096xi32>) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
  air.launch (%x1, %y1) in (%sx1=%c4, %sy1=%c2) args(%a1=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64>} {
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
  air.launch (%x2, %y2) in (%sx2=%c4, %sy2=%c2) args(%a2=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: 2, 0>} {
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
  air.launch (%x3, %y3) in (%sx3=%c4, %sy3=%c2) args(%a3=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: -2>} {
    %c0_3 = arith.constant 0 : index
    %c1_3 = arith.constant 1 : index
    %c512_3 = arith.constant 512 : index
    %off_3 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x3, %y3]
    air.channel.put @in3[] (%a3[%off_3] [%c512_3] [%c1_3]) : (memref<4096xi32>)
    air.segment @seg3 {
      %c1_s3 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in3[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx3, %ty3) in (%hx3=%c1_s3, %hy3=%c1_s3) args(%l2_3=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_3[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
  air.launch (%x4, %y4) in (%sx4=%c4, %sy4=%c2) args(%a4=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = [2, 2]} {
    %c0_4 = arith.constant 0 : index
    %c1_4 = arith.constant 1 : index
    %c512_4 = arith.constant 512 : index
    %off_4 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x4, %y4]
    air.channel.put @in4[] (%a4[%off_4] [%c512_4] [%c1_4]) : (memref<4096xi32>)
    air.segment @seg4 {
      %c1_s4 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in4[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx4, %ty4) in (%hx4=%c1_s4, %hy4=%c1_s4) args(%l2_4=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_4[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
  air.launch (%x5, %y5) in (%sx5=%c4, %sy5=%c2) args(%a5=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: 0>} {
    %c0_5 = arith.constant 0 : index
    %c1_5 = arith.constant 1 : index
    %c512_5 = arith.constant 512 : index
    %off_5 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x5, %y5]
    air.channel.put @in5[] (%a5[%off_5] [%c512_5] [%c1_5]) : (memref<4096xi32>)
    air.segment @seg5 {
      %c1_s5 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in5[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx5, %ty5) in (%hx5=%c1_s5, %hy5=%c1_s5) args(%l2_5=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_5[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
  air.launch (%x6, %y6) in (%sx6=%c4, %sy6=%c2) args(%a6=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: 2>} {
    %c0_6 = arith.constant 0 : index
    %c1_6 = arith.constant 1 : index
    %c512_6 = arith.constant 512 : index
    %off_6 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x6, %y6]
    air.channel.put @in6[] (%a6[%off_6] [%c512_6] [%c1_6]) : (memref<4096xi32>)
    air.segment @seg6 {
      %c1_s6 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in6[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx6, %ty6) in (%hx6=%c1_s6, %hy6=%c1_s6) args(%l2_6=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_6[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
  air.launch (%x7, %y7) in (%sx7=%c4, %sy7=%c2) args(%a7=%arg0) : memref<4096xi32> attributes {air.shim_dma_tile_sizes = array<i64: 2, 1>} {
    %c0_7 = arith.constant 0 : index
    %c1_7 = arith.constant 1 : index
    %c512_7 = arith.constant 512 : index
    %off_7 = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 512)>()[%x7, %y7]
    air.channel.put @in7[] (%a7[%off_7] [%c512_7] [%c1_7]) : (memref<4096xi32>)
    air.segment @seg7 {
      %c1_s7 = arith.constant 1 : index
      %buf = memref.alloc() : memref<512xi32, 1 : i32>
      air.channel.get @in7[] (%buf[] [] []) : (memref<512xi32, 1 : i32>)
      air.herd @herd_0  tile (%tx7, %ty7) in (%hx7=%c1_s7, %hy7=%c1_s7) args(%l2_7=%buf) : memref<512xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<512xi32, 2 : i32>
        air.dma_memcpy_nd (%l1[] [] [], %l2_7[] [] []) : (memref<512xi32, 2 : i32>, memref<512xi32, 1 : i32>)
        memref.dealloc %l1 : memref<512xi32, 2 : i32>
      }
      memref.dealloc %buf : memref<512xi32, 1 : i32>
    }
  }
    return
  }
}

// check-bd: --device npu2
// expect: error AS0409 line 16
// Issue 32: three host inputs (promoted to packet flows: one channel of the core) and two from
// L2 (circuit-switched) need three input channels of a core that has two; the kit refuses it
// (three host and one L2 input lower: `ok_host_inputs_packet_1x1` is the promotion alone).
module {
  func.func @k(%arg0: memref<2048xbf16>, %arg1: memref<2048xbf16>, %arg2: memref<2048xbf16>, %arg3: memref<2048xbf16>, %arg4: memref<2048xbf16>, %arg5: memref<2048xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2, %l3=%arg3, %l4=%arg4, %l5=%arg5) : memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16> {
      air.segment @seg args(%s0=%l0, %s1=%l1, %s2=%l2, %s3=%l3, %s4=%l4, %s5=%l5) : memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16> {
        %m0 = memref.alloc() : memref<2048xbf16, 1>
        air.dma_memcpy_nd (%m0[] [] [], %s3[] [] []) : (memref<2048xbf16, 1>, memref<2048xbf16>)
        %m1 = memref.alloc() : memref<2048xbf16, 1>
        air.dma_memcpy_nd (%m1[] [] [], %s4[] [] []) : (memref<2048xbf16, 1>, memref<2048xbf16>)
        %cx = arith.constant 2 : index
        %cy = arith.constant 1 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) args(%h0=%s0, %h1=%s1, %h2=%s2, %hm0=%m0, %hm1=%m1, %ho=%s5) : memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16>, memref<2048xbf16, 1>, memref<2048xbf16, 1>, memref<2048xbf16> {
          %c1024 = arith.constant 1024 : index
          %c1 = arith.constant 1 : index
          %off = arith.muli %tx, %c1024 : index
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          %b2 = memref.alloc() : memref<1024xbf16, 2>
          %b3 = memref.alloc() : memref<1024xbf16, 2>
          %b4 = memref.alloc() : memref<1024xbf16, 2>
          %b5 = memref.alloc() : memref<1024xbf16, 2>
          air.dma_memcpy_nd (%b0[] [] [], %h0[%off] [%c1024] [%c1]) : (memref<1024xbf16, 2>, memref<2048xbf16>)
          air.dma_memcpy_nd (%b1[] [] [], %h1[%off] [%c1024] [%c1]) : (memref<1024xbf16, 2>, memref<2048xbf16>)
          air.dma_memcpy_nd (%b2[] [] [], %h2[%off] [%c1024] [%c1]) : (memref<1024xbf16, 2>, memref<2048xbf16>)
          air.dma_memcpy_nd (%b3[] [] [], %hm0[%off] [%c1024] [%c1]) : (memref<1024xbf16, 2>, memref<2048xbf16, 1>)
          air.dma_memcpy_nd (%b4[] [] [], %hm1[%off] [%c1024] [%c1]) : (memref<1024xbf16, 2>, memref<2048xbf16, 1>)
          air.dma_memcpy_nd (%ho[%off] [%c1024] [%c1], %b5[] [] []) : (memref<2048xbf16>, memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          memref.dealloc %b1 : memref<1024xbf16, 2>
          memref.dealloc %b2 : memref<1024xbf16, 2>
          memref.dealloc %b3 : memref<1024xbf16, 2>
          memref.dealloc %b4 : memref<1024xbf16, 2>
          memref.dealloc %b5 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}
